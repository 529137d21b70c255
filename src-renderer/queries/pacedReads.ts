// Reads a query again when asked, but never back to back. A running 1,000-item batch moves a job every tenth
// of a second, and each move asked for the batch and the list again: main spent most of its time reading
// them (the bench's CPU profile: batches.get alone took a third of main's time while the batch ran). The
// first ask reads at once; after a read ends, the next waits twice as long as that read took (at least
// MIN_GAP_MS), and every ask in between becomes one read at the end of the wait, so nothing is missed.
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** The least wait between two reads of one query. */
export const MIN_GAP_MS = 250;
/** The wait after a read, as a multiple of how long it took: main spends at most a third of its time on it. */
const GAP_FACTOR = 2;

interface Pace {
  key: QueryKey;
  reading: boolean;
  /** An ask came while reading or waiting: read once more at the end. */
  asked: boolean;
  timer: ReturnType<typeof setTimeout> | null;
  readyAt: number;
}

export interface PacedReads {
  /** Read this query again (now, or at the end of its wait). */
  ask(key: QueryKey): void;
  /** Forgets pending reads (the screen went away). */
  dispose(): void;
}

export function pacedReads(client: QueryClient): PacedReads {
  const paces = new Map<string, Pace>();
  let disposed = false;

  const read = (pace: Pace): void => {
    pace.timer = null;
    pace.asked = false;
    pace.reading = true;
    const began = Date.now();
    // Not cancelled: a poll already reading this query is the read.
    void client
      .invalidateQueries({ queryKey: pace.key, exact: true }, { cancelRefetch: false })
      .catch(() => undefined)
      .finally(() => {
        pace.reading = false;
        const ended = Date.now();
        pace.readyAt = ended + Math.max(MIN_GAP_MS, GAP_FACTOR * (ended - began));
        if (pace.asked && !disposed) schedule(pace);
      });
  };

  const schedule = (pace: Pace): void => {
    const wait = pace.readyAt - Date.now();
    if (wait <= 0) read(pace);
    else pace.timer = setTimeout(() => read(pace), wait);
  };

  return {
    ask(key) {
      if (disposed) return;
      const id = hashKey(key);
      let pace = paces.get(id);
      if (pace === undefined) {
        pace = { key, reading: false, asked: false, timer: null, readyAt: 0 };
        paces.set(id, pace);
      }
      if (pace.reading || pace.timer !== null) {
        pace.asked = true;
        return;
      }
      schedule(pace);
    },
    dispose() {
      disposed = true;
      for (const pace of paces.values()) if (pace.timer !== null) clearTimeout(pace.timer);
      paces.clear();
    },
  };
}
