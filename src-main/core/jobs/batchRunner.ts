// Sends a planned batch (recorded by core/batches/plannedBatch.ts) through the outbox and keeps at most `window` of its items in flight (queued or
// running on the service), so a 1,000-item batch never floods the queue. Every item was written with its own
// Idempotency-Key when the batch was recorded (rule 6); the runner only decides when each one leaves.
// A full queue (429 queue_full, deployment_not_ready, deployment_unavailable) is never an item's failure: the
// service released the key, so the item goes back to pending, the runner waits out Retry-After and narrows
// the window. Items a killed sender left `sent` or `unknown` are taken up under their own key (a resend the
// service refuses means the first one arrived: the job is looked for, never made twice).
import { isTerminalJobStatus, type JobStatus } from '../../../src-shared/jobStatus';
import { isApiError } from '../api';
import { failureGroups } from '../batches/failureGroups';
import { isTransientFailure } from '../batches/transientFailure';
import { contractStatus } from '../jobSources/normalize';
import { DomainError } from '../errors';
import type { JobSubmitter } from './jobSubmitter';
import type { BatchItemPosition, BatchItemRow, LoupeStore } from '../store';
import type { JobWatcher } from '../watch/jobWatcher';

/** Refusals that mean "not now", never "not this item" (spec: 429 with Retry-After). */
const WAIT_CODES: ReadonlySet<string> = new Set([
  'queue_full',
  'deployment_not_ready',
  'deployment_unavailable',
]);

/** Sends under way at once at most: each is a durable write and a POST, so a few overlap well. */
const MAX_PARALLEL_SENDS = 8;

/** What the runner reads of each item every round (no request body). */
type Standing = BatchItemPosition;

/** Keys older than this may have expired on the service (24 h): a resend could then make a second job. */
const RESEND_WINDOW_MS = 23 * 60 * 60 * 1000;

export interface BatchProgress {
  pending: number;
  sending: number;
  inFlight: number;
  succeeded: number;
  failed: number;
  canceled: number;
  unknown: number;
  total: number;
  window: number;
}

export interface BatchRunnerDeps {
  profileId: string;
  store: LoupeStore;
  submitter: Pick<JobSubmitter, 'sendItem'>;
  watcher: Pick<JobWatcher, 'snapshotOf' | 'onUpdates' | 'watch'>;
  /** Asks the service to cancel one job (jobs.cancel: the watcher follows it to its end). */
  cancelJob: (jobId: string) => Promise<unknown>;
  /** Fresh Idempotency-Keys for retried items. */
  newId: () => string;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How often the runner looks again while nothing wakes it. */
  tickMs?: number;
}

export interface RunOptions {
  /** Items in flight at most (default 4); a function is read again each round, so it can change mid-run. */
  window?: number | (() => number);
  signal: AbortSignal;
  onProgress?: (progress: BatchProgress) => void;
  /**
   * `ended` (default): resolve when every job has ended. `sent`: resolve once nothing is left to send (the
   * CLI's `batch run` without --wait; the jobs go on running on the service).
   */
  until?: 'sent' | 'ended';
  /**
   * Opt-in: a job that failed in a way that looks transient (the worker was lost, out of memory, an upstream
   * error; never a workflow error) is sent again, up to this many attempts per item in this run.
   */
  autoRetry?: number;
}

export class BatchRunner {
  constructor(private readonly deps: BatchRunnerDeps) {}

  /**
   * Sends every unsent item of the batch, at most `window` in flight, and resolves when each one has ended
   * (its job finished, or its submission failed). Aborting stops sending; what was sent keeps running.
   */
  async run(batchId: string, options: RunOptions): Promise<BatchProgress> {
    this.requireBatch(batchId);
    const requestedNow = (): number => {
      const asked = typeof options.window === 'function' ? options.window() : (options.window ?? 4);
      return Math.max(1, Math.floor(asked));
    };
    let requested = requestedNow();
    let window = requested;
    let waitUntil = 0;
    // Items whose answer was lost and whose job could not be found: taken up again by the next run, not
    // resent in a loop by this one.
    const undetermined = new Set<string>();
    // Sends under way (each item's own intent is durable before its own POST, so several may overlap).
    const sending = new Map<string, Promise<void>>();
    // Attempts made for each item by automatic retry in this run.
    const autoRetried = new Map<string, number>();
    let onDrain: (() => void) | null = null;
    // Every item the runner has seen a job for is watched, so the watcher keeps it fresh to its end.
    const stops = new Map<string, () => void>();
    const watchJob = (jobId: string): void => {
      if (stops.has(jobId)) return;
      stops.set(
        jobId,
        this.deps.watcher.watch(jobId, { live: false, emit: () => undefined, end: () => undefined }),
      );
    };
    /** Items fit to leave now; one that may have outlived its key is set aside as undetermined instead. */
    const fresh = (ids: readonly string[]): BatchItemRow[] =>
      ids.flatMap((id) => {
        const item = this.deps.store.batchItems.get(id);
        if (item === null || !isSendable(item.state)) return [];
        if (item.state !== 'pending' && this.deps.now() - Date.parse(item.updatedAt) > RESEND_WINDOW_MS) {
          this.deps.store.batchItems.markResult(item.id, {
            outcome: 'unknown',
            error:
              'Sent more than a day ago and never answered; its key may have expired, so it is not sent again.',
          });
          return [];
        }
        return [item];
      });
    const send = async (item: BatchItemRow): Promise<void> => {
      const outcome = await this.deps.submitter.sendItem(item, { alreadyMarkedSent: true });
      if (outcome.kind === 'unknown') undetermined.add(item.id);
      if (outcome.kind === 'created') {
        watchJob(outcome.job.id);
        // Canceled while this one was on its way: it is stopped like the others.
        if (this.requireBatch(batchId).canceledAt !== null) await this.deps.cancelJob(outcome.job.id);
        // A queue that takes work again earns back the window, one item at a time.
        window = Math.min(requested, window + 1);
      } else if (
        outcome.kind === 'failed' &&
        isApiError(outcome.error) &&
        WAIT_CODES.has(outcome.error.code)
      ) {
        this.deps.store.batchItems.requeue(item.id, item.idempotencyKey);
        window = Math.max(1, Math.floor(window / 2));
        waitUntil = this.deps.now() + Math.max(1_000, outcome.error.retryAfterMs ?? 5_000);
      }
    };
    try {
      for (;;) {
        options.signal.throwIfAborted();
        // The user changed the window while it runs: it takes effect at once, either way.
        const asked = requestedNow();
        if (asked !== requested) {
          requested = asked;
          window = asked;
        }
        // Positions only (no request bodies, no snapshots): this is read every round of a 1,000-item batch.
        let items = this.deps.store.batchItems.positionsForBatch(batchId).rows;
        for (const item of items) if (item.jobId !== null) watchJob(item.jobId);
        if (
          options.autoRetry !== undefined &&
          this.retryTransient(items, options.autoRetry, autoRetried) > 0
        ) {
          items = this.deps.store.batchItems.positionsForBatch(batchId).rows;
        }
        const progress = this.progress(items, window);
        options.onProgress?.(progress);
        const canceled = this.requireBatch(batchId).canceledAt !== null;
        const sendable = canceled
          ? []
          : items.filter(
              (item) => isSendable(item.state) && !undetermined.has(item.id) && !sending.has(item.id),
            );
        const settled = sending.size === 0;
        if (sendable.length === 0 && settled && (progress.inFlight === 0 || options.until === 'sent')) {
          return progress;
        }
        const room = Math.min(window - progress.inFlight - sending.size, MAX_PARALLEL_SENDS - sending.size);
        const chosen =
          this.deps.now() < waitUntil ? [] : fresh(sendable.slice(0, Math.max(0, room)).map((i) => i.id));
        // One durable commit marks the whole burst sent before any of its requests leaves.
        const marked =
          chosen.length === 0
            ? new Set<string>()
            : this.deps.store.batchItems.markSentAll(chosen.map((i) => i.id));
        const started = chosen.filter((item) => marked.has(item.id));
        for (const item of started) {
          const work = send(item).finally(() => {
            sending.delete(item.id);
            if (sending.size <= MAX_PARALLEL_SENDS / 2) onDrain?.();
          });
          sending.set(item.id, work);
        }
        if (started.length === 0 || sending.size >= MAX_PARALLEL_SENDS / 2) {
          // Wait for the burst to drain to half (so the next burst is marked sent in one commit, not one per
          // item), or look again after a tick (jobs end without telling us).
          const nap = new AbortController();
          const napping = this.deps
            .sleep(this.deps.tickMs ?? 250, AbortSignal.any([options.signal, nap.signal]))
            .catch(() => undefined);
          const drained = new Promise<void>((resolve) => (onDrain = resolve));
          await Promise.race(sending.size === 0 ? [napping] : [drained, napping]);
          onDrain = null;
          nap.abort();
        }
      }
    } finally {
      // A send under way finishes recording its answer before the run ends (nothing is left half-written).
      await Promise.allSettled(sending.values());
      for (const stop of stops.values()) stop();
    }
  }

  /**
   * Queues failed items again as their next attempts, each under a new key: all of them, or one failure
   * group (its code, as `failureGroups` names it). A canceled batch is taken up again by this choice.
   * Returns how many items were queued; `run` sends them.
   */
  retryFailed(batchId: string, code?: string): number {
    this.requireBatch(batchId);
    const groups = failureGroups(this.deps.store, this.deps.profileId, batchId).filter(
      (group) => code === undefined || group.code === code,
    );
    let queued = 0;
    for (const group of groups) {
      for (const itemId of group.itemIds) {
        this.deps.store.batchItems.requeueForRetry(itemId, this.deps.newId());
        queued += 1;
      }
    }
    if (queued > 0) this.deps.store.batches.clearCanceled(batchId);
    return queued;
  }

  /** Queues items whose job failed transiently for another attempt; returns how many. */
  private retryTransient(items: readonly Standing[], attempts: number, made: Map<string, number>): number {
    let queued = 0;
    for (const item of items) {
      if (item.state !== 'created' || item.jobId === null) continue;
      const job = this.deps.watcher.snapshotOf(item.jobId);
      if (job?.status !== 'failed' || !isTransientFailure(job.error)) continue;
      const tries = made.get(item.id) ?? 1;
      if (tries >= attempts) continue;
      this.deps.store.batchItems.requeueForRetry(item.id, this.deps.newId());
      made.set(item.id, tries + 1);
      queued += 1;
    }
    return queued;
  }

  /** Where the batch stands now, from the store and the watcher's latest word on its jobs. */
  progressOf(batchId: string): BatchProgress {
    this.requireBatch(batchId);
    return this.progress(this.deps.store.batchItems.positionsForBatch(batchId).rows, 0);
  }

  /**
   * Stops sending the batch for good (durably: a sender in another process sees it too), and cancels what
   * is queued or running. Resolves with how many jobs were asked to stop.
   */
  async cancel(batchId: string): Promise<number> {
    this.requireBatch(batchId);
    this.deps.store.batches.markCanceled(batchId);
    let asked = 0;
    for (const item of this.deps.store.batchItems.positionsForBatch(batchId).rows) {
      if (item.jobId === null) continue;
      const status = this.statusOf(item.jobId, item.jobStatus);
      if (status !== null && isTerminalJobStatus(status)) continue;
      await this.deps.cancelJob(item.jobId);
      asked += 1;
    }
    return asked;
  }

  private progress(items: readonly Standing[], window: number): BatchProgress {
    const progress: BatchProgress = {
      pending: 0,
      sending: 0,
      inFlight: 0,
      succeeded: 0,
      failed: 0,
      canceled: 0,
      unknown: 0,
      total: items.length,
      window,
    };
    for (const item of items) {
      if (item.state === 'pending') progress.pending += 1;
      else if (item.state === 'sent') progress.sending += 1;
      else if (item.state === 'unknown') progress.unknown += 1;
      else if (item.state === 'failed') progress.failed += 1;
      else if (item.jobId !== null) {
        const status = this.statusOf(item.jobId, item.jobStatus);
        if (status === 'succeeded') progress.succeeded += 1;
        else if (status === 'canceled') progress.canceled += 1;
        else if (status !== null && isTerminalJobStatus(status)) progress.failed += 1;
        else progress.inFlight += 1;
      }
    }
    return progress;
  }

  /** The watcher's word (fresher), else the store's (the status column read with the item). */
  private statusOf(jobId: string, stored: string | null): JobStatus | null {
    const watched = this.deps.watcher.snapshotOf(jobId);
    if (watched !== null) return watched.status;
    return stored === null ? null : contractStatus(stored);
  }

  private requireBatch(batchId: string) {
    const batch = this.deps.store.batches.get(batchId);
    if (batch?.profileId !== this.deps.profileId) {
      throw new DomainError('batch_not_found', 'There is no batch with this id for this profile.');
    }
    return batch;
  }
}

function isSendable(state: BatchItemRow['state']): boolean {
  return state === 'pending' || state === 'sent' || state === 'unknown';
}
