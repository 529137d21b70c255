// The watcher's memory: one entry per tracked job, and the one place a change is announced. Applying a new
// wire job here derives the contract snapshot, tells the job's watchers, queues the row update for
// jobs.updates and queues the store write, so no source can change a job without all three happening.
import type { JobSnapshot, JobSummary, JobWatchEvent } from '../../../src-shared/contracts/jobs';
import type { DomainError } from '../errors';
import type { LoupeStore } from '../store';
import {
  noLocalFacts,
  toSnapshot,
  toSummary,
  type LocalFacts,
  type NormalizeContext,
} from '../jobSources/normalize';
import { compactForStore, readWire, type WireJob } from '../jobSources/wireJob';
import type { OutputsWriter } from './outputsWriter';

export type SnapshotSource = 'poll' | 'sse' | 'list';
export type WatchMode = 'live' | 'polling' | 'paused';

/** One jobs.watch subscriber. */
export interface WatchListener {
  live: boolean;
  /** When it subscribed: the newest watchers get the GET slots first. */
  since: number;
  emit(event: JobWatchEvent): void;
  end(error?: Error): void;
}

export class TrackedJob {
  wire: WireJob | null = null;
  snapshot: JobSnapshot | null = null;
  local: LocalFacts = noLocalFacts;
  readonly listeners = new Set<WatchListener>();
  mode: WatchMode | null = null;
  modeReason: string | null = null;
  /** Next time a GET is due when this job is polled on its own. */
  nextPollAt = 0;
  inFlight = false;
  /** A GET is wanted soon: a watcher needs a first full read, or a source hinted at a change only a read confirms. */
  needsRead = false;
  /** A read found it terminal: no more traffic for this job. */
  finished = false;
  /** List sweeps in a row that did not reach this job (it is polled on its own after two). */
  missedSweeps = 0;
  /**
   * When a read of it first answered 404 with no answer since (null otherwise): it is noted gone only if a
   * read WatchConfig.goneConfirmMs later still answers 404 (pollPlanner.ts).
   */
  notFoundSince: number | null = null;

  constructor(readonly id: string) {}

  get watched(): boolean {
    return this.listeners.size > 0;
  }

  get wantsLive(): boolean {
    for (const listener of this.listeners) if (listener.live) return true;
    return false;
  }

  /** The newest subscription time among its watchers (0 when nobody watches). */
  get watchedSince(): number {
    let newest = 0;
    for (const listener of this.listeners) newest = Math.max(newest, listener.since);
    return newest;
  }
}

export interface JobStatesDeps {
  profileId: string;
  surfaceOffersLogs: boolean;
  store: LoupeStore;
  /** Where a job's outputs go once its snapshot is stored. */
  outputs: OutputsWriter;
  now: () => number;
  logError: (message: string, error: unknown) => void;
  /**
   * Hands on the job's stream events still waiting to be applied (streamBridge.ts), so news from a read or a
   * list lands after them, in the order it came.
   */
  flushStream?: (jobId: string) => void;
}

function sameApartFromObservedAt(a: JobSnapshot, b: JobSnapshot): boolean {
  return JSON.stringify({ ...a, observedAt: '' }) === JSON.stringify({ ...b, observedAt: '' });
}

export class JobStates {
  readonly jobs = new Map<string, TrackedJob>();
  private readonly pendingRows = new Map<string, JobSummary>();
  private readonly pendingWrites = new Map<string, WireJob>();
  private readonly updateListeners = new Set<(jobs: JobSummary[]) => void>();

  constructor(private readonly deps: JobStatesDeps) {}

  get(id: string): TrackedJob | undefined {
    return this.jobs.get(id);
  }

  ensure(id: string, local: () => LocalFacts): TrackedJob {
    let job = this.jobs.get(id);
    if (job === undefined) {
      job = new TrackedJob(id);
      job.local = local();
      this.jobs.set(id, job);
    }
    return job;
  }

  /**
   * Takes a new wire job from `source`. Watchers hear about every read (so they know it is fresh) and about
   * any change from the stream or a list; rows and the store only about changes. Returns whether it changed.
   */
  apply(job: TrackedJob, wire: WireJob, source: SnapshotSource, fromService = true): boolean {
    if (source !== 'sse') this.deps.flushStream?.(job.id);
    // The service spoke of the job: whatever 404 it gave before, it knows it again (the store's note is
    // cleared by the snapshot's write).
    if (fromService && job.local.goneAt != null) job.local = { ...job.local, goneAt: null };
    const context = this.contextFor(job);
    const snapshot = toSnapshot(wire, context);
    const changed = job.snapshot === null || !sameApartFromObservedAt(job.snapshot, snapshot);
    job.wire = wire;
    job.snapshot = snapshot;
    if (changed || source === 'poll') this.emit(job, { type: 'snapshot', job: snapshot, source });
    if (changed) {
      this.pendingRows.set(job.id, toSummary(wire, context));
      // Only news is written: the wire again with new local facts is what the store holds already.
      if (fromService) this.pendingWrites.set(job.id, wire);
    }
    return changed;
  }

  /** What Loupe remembered (the store): known from now on, without announcing or rewriting it. */
  seed(job: TrackedJob, wire: WireJob): void {
    job.wire = wire;
    job.snapshot = toSnapshot(wire, this.contextFor(job));
  }

  /** What normalizing this job's wire needs besides the wire: observed now, with its local facts. */
  private contextFor(job: TrackedJob): NormalizeContext {
    return {
      profileId: this.deps.profileId,
      observedAt: new Date(this.deps.now()).toISOString(),
      local: job.local,
      surfaceOffersLogs: this.deps.surfaceOffersLogs,
    };
  }

  /** New local facts (a retry was linked): re-announce the snapshot with them. */
  relink(job: TrackedJob, local: LocalFacts): void {
    job.local = local;
    if (job.wire !== null) this.apply(job, job.wire, 'poll', false);
  }

  /**
   * The service answered 404 for the open job, before any deadline Loupe knew had passed: noted in the store
   * (the job reads 'unknown' and is not taken up at the next start), its watchers and row told.
   */
  markGone(job: TrackedJob): void {
    const { store, profileId } = this.deps;
    const at = new Date(this.deps.now()).toISOString();
    // A read still waiting to be written first: written after the note, it would clear it.
    this.flush();
    try {
      store.jobs.markGone(profileId, job.id, at);
    } catch (error) {
      // Told all the same; a start reads the job once more and notes it then.
      this.deps.logError('A job the service no longer knows could not be noted', error);
    }
    // Noted at the first 404: one read again later (the job opened once more) keeps that time.
    this.relink(job, { ...job.local, goneAt: job.local.goneAt ?? at });
  }

  /** A new watcher hears what is known at once: the last snapshot and the mode. */
  addListener(job: TrackedJob, listener: WatchListener, mode: WatchMode, reason: string | null): void {
    job.listeners.add(listener);
    if (job.snapshot !== null) listener.emit({ type: 'snapshot', job: job.snapshot, source: 'poll' });
    listener.emit({ type: 'mode', mode, reason });
    if (job.mode === null) {
      job.mode = mode;
      job.modeReason = reason;
    }
  }

  removeListener(job: TrackedJob, listener: WatchListener): void {
    job.listeners.delete(listener);
    if (job.watched) return;
    job.mode = null;
    job.modeReason = null;
  }

  /** Announces a mode, or a new reason for the same mode (polling because of a drop, then of a cooldown). */
  setMode(job: TrackedJob, mode: WatchMode, reason: string | null): void {
    if (job.mode === mode && (reason === null || job.modeReason === reason)) return;
    job.mode = mode;
    job.modeReason = reason;
    this.emit(job, { type: 'mode', mode, reason });
  }

  emit(job: TrackedJob, event: JobWatchEvent): void {
    for (const listener of job.listeners) {
      try {
        listener.emit(event);
      } catch (error) {
        this.deps.logError('A job watcher listener failed', error);
      }
    }
  }

  onUpdates(listener: (jobs: JobSummary[]) => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  /**
   * Sends the batched row updates and writes the batched snapshots in one transaction; their outputs follow,
   * a chunk at a time, through the outputs writer.
   */
  flush(): void {
    if (this.pendingWrites.size > 0) {
      const writes = [...this.pendingWrites.values()];
      this.pendingWrites.clear();
      const { store, profileId } = this.deps;
      try {
        store.transaction(() => {
          for (const wire of writes) {
            const labels = readWire(wire).metadata;
            // No labels in this read (a v1 row) must not erase the labels remembered from another.
            store.jobs.upsertSnapshot(
              profileId,
              compactForStore(wire),
              Object.keys(labels).length > 0 ? labels : undefined,
            );
          }
        });
        for (const wire of writes) {
          const read = readWire(wire);
          // Outputs are assets Loupe knows (the Assets view lists them); a list row carries none (null),
          // which must not erase what a full read recorded. Their job's row is in the store now.
          if (read.outputs !== null && read.outputs.length > 0)
            this.deps.outputs.enqueue(read.id, read.outputs);
        }
      } catch (error) {
        // The profile may have been removed a moment ago; the watcher is about to be disposed with it.
        this.deps.logError('Job snapshots could not be stored', error);
      }
    }
    if (this.pendingRows.size === 0) return;
    const rows = [...this.pendingRows.values()];
    this.pendingRows.clear();
    for (const listener of this.updateListeners) {
      try {
        listener(rows);
      } catch (error) {
        this.deps.logError('A job updates listener failed', error);
      }
    }
  }

  /** Ends every watcher (the profile switched away, or the job is gone). */
  endWatchers(job: TrackedJob, error?: DomainError): void {
    for (const listener of [...job.listeners]) {
      job.listeners.delete(listener);
      try {
        listener.end(error);
      } catch (failure) {
        this.deps.logError('A job watcher listener failed to end', failure);
      }
    }
  }
}
