// Sends a planned batch (recorded by plannedBatch.ts) through the outbox and keeps at most `window`
// of its items in flight (queued or running on the service), so a 1,000-item batch never floods the queue.
// Every item was written with its own Idempotency-Key when the batch was recorded (rule 6); the runner only
// decides when each one leaves (batchRunLoop.ts), and only while it holds the batch's lease (batchLease.ts):
// one sender per batch, across processes.
// A full queue (429 queue_full, deployment_not_ready, deployment_unavailable) is never an item's failure: the
// service released the key, so the item goes back to pending, the runner waits out Retry-After and narrows
// the window. A key that cannot be read (a locked keychain: nothing was sent) waits the same way, not failing
// every item of the batch. Items a killed sender left `sent` or `unknown` are taken up under their own key (a resend the
// service refuses means the first one arrived: the job is looked for, never made twice).
import { isTerminalJobStatus } from '../../../src-shared/jobStatus';
import { failureGroups } from './failureGroups';
import { DomainError } from '../errors';
import type { JobSubmitter } from './jobSubmitter';
import type { LoupeStore } from '../store';
import type { JobWatcher } from '../watch/jobWatcher';
import type { BatchLeases } from './batchLease';
import { BatchRunLoop } from './batchRunLoop';
import { countProgress, statusOf, type BatchProgress } from './batchProgress';

export type { BatchProgress } from './batchProgress';

export interface BatchRunnerDeps {
  profileId: string;
  store: LoupeStore;
  submitter: Pick<JobSubmitter, 'sendItem' | 'locateItem'>;
  watcher: Pick<JobWatcher, 'snapshotOf' | 'onUpdates' | 'watch'>;
  /** One sender per batch: the lease each run holds while it sends. */
  leases: Pick<BatchLeases, 'acquire'>;
  /** Asks the service to cancel one job (jobs.cancel: the watcher follows it to its end). */
  cancelJob: (jobId: string) => Promise<unknown>;
  /** Fresh Idempotency-Keys for retried items. */
  newId: () => string;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How often the runner looks again while nothing wakes it. */
  tickMs?: number;
  logError?: (message: string, error: unknown) => void;
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
  /** Runs under way, whoever started them (the app's senders, the CLI): each is work that keeps the runtime. */
  private runs = 0;

  constructor(private readonly deps: BatchRunnerDeps) {}

  /** How many runs are under way now. */
  runningCount(): number {
    return this.runs;
  }

  /**
   * Sends every unsent item of the batch, at most `window` in flight, and resolves when each one has ended
   * (its job finished, or its submission was refused). Aborting stops sending; what was sent keeps running.
   * Rejects with `batch_sending_elsewhere` when another sender holds the batch.
   */
  async run(batchId: string, options: RunOptions): Promise<BatchProgress> {
    this.requireBatch(batchId);
    const lease = this.deps.leases.acquire(batchId);
    this.runs += 1;
    try {
      return await new BatchRunLoop(this.deps, batchId, options, lease).run();
    } finally {
      this.runs -= 1;
      lease.release();
    }
  }

  /**
   * Queues failed items again as their next attempts, each under a new key: all of them, or one failure
   * group (its code, as `failureGroups` names it). Only items that certainly made no job (refused, or never
   * sent) or whose job failed are among them: one whose job may exist never is. A canceled batch is taken up
   * again by this choice. Returns how many items were queued; `run` sends them.
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

  /** Where the batch stands now, from the store and the watcher's latest word on its jobs. */
  progressOf(batchId: string): BatchProgress {
    this.requireBatch(batchId);
    return countProgress(this.deps.store.batchItems.positionsForBatch(batchId).rows, 0, (jobId) =>
      this.deps.watcher.snapshotOf(jobId),
    );
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
      const status = statusOf(item.jobId, item.jobStatus, (jobId) => this.deps.watcher.snapshotOf(jobId));
      if (status !== null && isTerminalJobStatus(status)) continue;
      await this.deps.cancelJob(item.jobId);
      asked += 1;
    }
    return asked;
  }

  private requireBatch(batchId: string) {
    const batch = this.deps.store.batches.get(batchId);
    if (batch?.profileId !== this.deps.profileId) {
      throw new DomainError('batch_not_found', 'There is no batch with this id for this profile.');
    }
    return batch;
  }
}
