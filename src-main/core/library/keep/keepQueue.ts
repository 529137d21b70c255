// The keep queue: entries marked keep_state='queued' in the store (so a restart resumes them) are copied a
// few at a time (bounded concurrency), each under the supervisor; a failure becomes keep_message in words.
// A copy holds its lane only while it downloads: its last fsync and rename (settleInLibrary) run
// beside the next download, at most as many as there are lanes, so the network does not wait for the disk.
// Two entries with the same hash never download twice: the second waits for the first and then finds the
// bytes kept. The disk budget is checked before any byte moves, counting what the running keeps will add.
import type { Supervisor } from '../../supervision';
import type { LoupeStore } from '../../store';
import type { KeepEntry } from '../../store/libraryKeepTable';
import { formatBytes } from '../../../../src-shared/format';
import { fetchForLibrary, settleInLibrary, type KeepCopyDeps } from './keepCopy';
import { KeepRefusal, keepFailureWords } from './keepWords';

/**
 * Keeps at once by default. A keep of a few-MB output spends most of its time waiting (two round trips for
 * its headers, the fsync), not computing, so four lanes hide those waits where two left the pipe idle (the
 * keep bench: about 0.4× curl with four against 0.2× with two, on a loaded two-core machine); each lane holds
 * at most 2 MiB. The keep bench gives curl the same parallelism.
 */
export const KEEP_CONCURRENCY = 4;

/** What a running keep is doing: holding a lane (downloading) or settling its bytes on the disk. */
type KeepStage = 'downloading' | 'settling';

interface KeepSlot {
  hash: string | null;
  reserved: number;
  stage: KeepStage;
  done: Promise<void>;
}

export type KeepChangeKind = 'kept' | 'updated';
export type KeepChangeListener = (kind: KeepChangeKind, count: number) => void;

export interface KeepQueueDeps extends KeepCopyDeps {
  store: LoupeStore;
  supervisor: Supervisor;
  /** The budget in bytes, or null for none (read at each keep, so a change applies at once). */
  budget: () => number | null;
  /** How many keeps run at once (default KEEP_CONCURRENCY). */
  concurrency?: number;
}

export class KeepQueue {
  private readonly running = new Map<number, KeepSlot>();
  private readonly listeners = new Set<KeepChangeListener>();
  private idleWaiters: (() => void)[] = [];
  private stopped = false;
  /** Downloads made (a kept hash or a cache hit is not one): for tests and the bench. */
  downloads = 0;

  constructor(private readonly deps: KeepQueueDeps) {}

  onChange(listener: KeepChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks the entries queued and starts keeping; how many were newly queued. */
  enqueue(entryIds: readonly number[]): number {
    const queued = this.deps.store.libraryKeep.markQueued(entryIds);
    if (queued > 0) this.emit('updated', queued);
    this.pump();
    return queued;
  }

  /** Takes up keeps left queued by an earlier run. */
  resume(): void {
    this.pump();
  }

  /** Resolves once nothing is queued or running (tests, the bench, a CLI command waiting for its keeps). */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Whether a keep runs now (the sidecars wait for none to). */
  isBusy(): boolean {
    return this.running.size > 0;
  }

  /** Stops taking new keeps; the running ones finish (their rows stay right either way). */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private isIdle(): boolean {
    return this.running.size === 0 && (this.stopped || this.deps.store.libraryKeep.queued(1).length === 0);
  }

  private pump(): void {
    if (this.stopped) return;
    const limit = this.deps.concurrency ?? KEEP_CONCURRENCY;
    const downloading = [...this.running.values()].filter((slot) => slot.stage === 'downloading').length;
    // A lane is free when fewer than `limit` download; settling keeps are bounded by `limit` too.
    const free = Math.min(limit - downloading, 2 * limit - this.running.size);
    if (free > 0) {
      const next = this.deps.store.libraryKeep
        .queued(limit + this.running.size)
        .filter((id) => !this.running.has(id))
        .slice(0, free);
      for (const entryId of next) this.start(entryId);
    }
    if (this.isIdle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private start(entryId: number): void {
    const entry = this.deps.store.libraryKeep.get(entryId);
    const slot: KeepSlot = {
      hash: entry?.hash ?? null,
      reserved: 0,
      stage: 'downloading',
      done: Promise.resolve(),
    };
    let finish = (): void => undefined;
    slot.done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.running.set(entryId, slot);
    const settle = (): void => {
      this.running.delete(entryId);
      finish();
      this.pump();
    };
    this.deps.supervisor.run(
      `library keep ${entryId}`,
      async () => {
        await this.keepOne(entryId, slot);
        settle();
      },
      (error) => {
        this.deps.store.libraryKeep.markFailed(entryId, keepFailureWords(error));
        this.emit('updated', 1);
        settle();
      },
    );
  }

  private async keepOne(entryId: number, slot: KeepSlot): Promise<void> {
    const table = this.deps.store.libraryKeep;
    // Another keep of the same bytes goes first; this one then finds them kept.
    if (slot.hash !== null) {
      const earlier = [...this.running].filter(([id, other]) => id < entryId && other.hash === slot.hash);
      for (const [, other] of earlier) await other.done;
    }
    const entry = table.get(entryId);
    if (entry?.keepState !== 'queued') return;
    const already = entry.hash === null ? null : table.keptBlob(entry.hash);
    if (already === null) this.checkBudget(entry, slot);
    const fetched = await fetchForLibrary(this.deps, entry);
    // The lane is free for the next download while these bytes settle.
    slot.stage = 'settling';
    this.pump();
    const { blob, downloaded } = await settleInLibrary(this.deps, fetched);
    if (downloaded) this.downloads += 1;
    // Unkept (or removed) while the bytes moved: leave the row as the user left it.
    if (table.get(entryId)?.keepState !== 'queued') return;
    table.recordKept(entryId, blob);
    this.emit('kept', 1);
  }

  private checkBudget(entry: KeepEntry, slot: { reserved: number }): void {
    const budget = this.deps.budget();
    if (budget === null) return;
    const inFlight = [...this.running.values()].reduce((sum, r) => sum + r.reserved, 0);
    const used = this.deps.store.libraryKeep.usedBytesTotal();
    if (used + inFlight + entry.size > budget) {
      throw new KeepRefusal(
        `Keeping this (${formatBytes(entry.size)}) would pass the library’s disk budget: ` +
          `${formatBytes(used)} of ${formatBytes(budget)} is used. Raise the budget in Settings, or unkeep ` +
          'entries you no longer need, then keep it again.',
      );
    }
    slot.reserved = entry.size;
  }

  private emit(kind: KeepChangeKind, count: number): void {
    for (const listener of this.listeners) {
      try {
        listener(kind, count);
      } catch {
        // A listener's failure is its own; the queue goes on.
      }
    }
  }
}
