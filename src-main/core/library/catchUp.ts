// The catch-up pass: a store from before the library (or one whose indexing was cut short) gets an entry for
// every output it already holds, a chunk to a transaction with the event loop running between chunks, so a
// launch with 100,000 old outputs never stalls main; then the same for Router runs' saved media and finished
// uploads. Its finished jobs with no outputs recorded go into the
// backlog, for the backlog reader to read from the service.
import type { LoupeStore } from '../store';

export interface CatchUpOptions {
  /** Outputs per transaction (default 500: a few tens of milliseconds of main). */
  chunk?: number;
  /** Finished jobs queued for reading per launch (default 10,000). */
  backlogLimit?: number;
  yieldNow?: () => Promise<void>;
  isStopped?: () => boolean;
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Returns how many outputs it indexed and how many jobs it queued. */
export async function catchUpLibrary(
  store: LoupeStore,
  options: CatchUpOptions = {},
): Promise<{ indexed: number; queued: number }> {
  const chunk = options.chunk ?? 500;
  const yieldNow = options.yieldNow ?? yieldToEventLoop;
  // A function, so each loop reads the store's state afresh (not what the type checker narrowed it to).
  const stopped = (): boolean => options.isStopped?.() === true || !store.isOpen;
  let indexed = 0;
  for (;;) {
    if (stopped()) return { indexed, queued: 0 };
    const looked = store.library.indexer.catchUpChunk(chunk);
    indexed += looked;
    if (looked < chunk) break;
    await yieldNow();
  }
  // Router runs' saved media and finished uploads recorded before they were entries (or whose entry failed).
  let cursor = { uploads: 0, runs: 0 };
  for (;;) {
    if (stopped()) return { indexed, queued: 0 };
    const step = store.library.sources.catchUpChunk(cursor, chunk);
    cursor = step.cursor;
    indexed += step.looked;
    if (step.done) break;
    await yieldNow();
  }
  const queued = store.library.backlog.addUnreadFromHistory(options.backlogLimit ?? 10_000);
  return { indexed, queued };
}
