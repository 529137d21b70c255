// One run of a batch's sender (BatchRunner.run): the loop that decides, round after round, which items leave,
// keeps at most `window` in flight, waits out a full queue, looks for the jobs of items whose answer was lost,
// and follows every job to its end. Everything it does to an item goes through the store first (rule 6).
// Nothing it starts may reject into the void (rule 13): a send that throws (a full disk while recording its
// answer, say) stops the run with that error, after every send under way has recorded what it could.
import { isApiError } from '../api';
import { batchWaitReasonOf } from '../../../src-shared/batchWait';
import type { BatchWait } from '../../../src-shared/contracts/batches';
import { isTransientFailure } from './transientFailure';
import type { BatchItemPosition, BatchItemRow } from '../store';
import type { BatchRunnerDeps, RunOptions } from './batchRunner';
import type { HeldLease } from './batchLease';
import type { ItemOutcome } from './jobSubmitter';
import { DomainError, isDomainError } from '../errors';
import { watchingStopped } from '../watch/jobWatcher';
import { countProgress, isSendable, RESEND_WINDOW_MS, type BatchProgress } from './batchProgress';

/**
 * The longest a refusal holds sending back: a service's Retry-After of an hour (or a day, a broken one's) would
 * look like a stall, and asking again costs one more 429 that brings a fresh Retry-After.
 */
const MAX_WAIT_MS = 5 * 60 * 1000;

/** Sends under way at once at most: each is a durable write and a POST, so a few overlap well. */
const MAX_PARALLEL_SENDS = 8;

export class BatchRunLoop {
  private requested: number;
  private window: number;
  /** Why and until when nothing is sent (a full queue, a locked keychain); null when nothing holds it back. */
  private wait: BatchWait | null = null;
  /** Items whose job could not be told or found in this run: taken up by the next run, not looped on. */
  private readonly undetermined = new Set<string>();
  /** Sends (and looks for lost jobs) under way: each item's own intent is durable before its own POST. */
  private readonly sending = new Map<string, Promise<void>>();
  /** Attempts made for each item by automatic retry in this run. */
  private readonly autoRetried = new Map<string, number>();
  /** Jobs the service answered 404 for while this run watched them: their ends will never be known. */
  private readonly gone = new Set<string>();
  /** Every job of the batch is watched, so the watcher keeps it fresh to its end. */
  private readonly stops = new Map<string, () => void>();
  private onDrain: (() => void) | null = null;
  /**
   * The batch's items as last read, patched by this run's own sends in between: read whole at most once a tick
   * (a 1,000-item batch read every round was a fifth of the sender's time), so other writers' changes and the
   * jobs' ends are seen within a tick.
   */
  private positions: BatchItemPosition[] | null = null;
  private readonly byId = new Map<string, BatchItemPosition>();
  private readAtMs = Number.NEGATIVE_INFINITY;
  /** The first error a send could not record: the run stops with it. */
  private fatal: Error | null = null;

  constructor(
    private readonly deps: BatchRunnerDeps,
    private readonly batchId: string,
    private readonly options: RunOptions,
    private readonly lease: HeldLease,
  ) {
    this.requested = this.requestedNow();
    this.window = this.requested;
  }

  async run(): Promise<BatchProgress> {
    try {
      for (;;) {
        const next = this.round();
        if (typeof next !== 'string') return next;
        if (next === 'wait') await this.tick();
      }
    } finally {
      // A send under way finishes recording its answer before the run ends (nothing is left half-written).
      await Promise.allSettled(this.sending.values());
      for (const stop of this.stops.values()) stop();
    }
  }

  /**
   * One look at the batch: starts what may leave now. The progress when the run is over; else whether to look
   * again at once (a burst left and there is room) or after a wait.
   */
  private round(): BatchProgress | 'again' | 'wait' {
    if (this.fatal !== null) throw this.fatal;
    this.options.signal.throwIfAborted();
    if (!this.lease.renew()) {
      throw new DomainError(
        'batch_sending_elsewhere',
        'Another Loupe took over sending this batch while this one was stalled; it goes on there.',
      );
    }
    // The user changed the window while it runs: it takes effect at once, either way.
    const asked = this.requestedNow();
    if (asked !== this.requested) {
      this.requested = asked;
      this.window = asked;
    }
    const { store } = this.deps;
    // Positions only (no request bodies, no snapshots): this is read every round of a 1,000-item batch.
    let items = this.currentPositions();
    if (this.options.autoRetry !== undefined && this.retryTransient(items, this.options.autoRetry) > 0) {
      items = this.currentPositions(true);
    }
    const progress = countProgress(
      items,
      this.window,
      (jobId) => this.deps.watcher.snapshotOf(jobId),
      (jobId) => this.gone.has(jobId),
    );
    const waiting = this.wait !== null && this.deps.now() < this.wait.retryAt ? this.wait : null;
    this.options.onProgress?.({ ...progress, waiting });
    const canceled = store.batches.get(this.batchId)?.canceledAt != null;
    const open = (item: BatchItemPosition): boolean =>
      !this.undetermined.has(item.id) && !this.sending.has(item.id);
    const sendable = canceled ? [] : items.filter((item) => isSendable(item.state) && open(item));
    // Accepted by the service, answer lost: the job exists; look for it (never a send). In a canceled batch,
    // an item sent before the cancel whose answer never came is looked for too (so its job is known and stopped).
    const lost = items.filter(
      (item) =>
        open(item) &&
        ((item.state === 'created' && item.jobId === null) ||
          (canceled && (item.state === 'sent' || item.state === 'unknown'))),
    );
    if (
      sendable.length === 0 &&
      lost.length === 0 &&
      this.sending.size === 0 &&
      (progress.inFlight === 0 || this.options.until === 'sent')
    ) {
      return progress;
    }
    for (const item of lost.slice(0, Math.max(0, MAX_PARALLEL_SENDS - this.sending.size))) {
      const row = store.batchItems.get(item.id);
      if (row !== null) this.start(row, () => this.locate(row));
    }
    const room = Math.min(
      this.window - progress.inFlight - this.sending.size,
      MAX_PARALLEL_SENDS - this.sending.size,
    );
    const chosen = waiting !== null ? [] : this.fresh(sendable.slice(0, Math.max(0, room)));
    // One durable commit marks the whole burst sent before any of its requests leaves; an item another
    // sender marked or answered since it was read here is left out.
    const marked = chosen.length === 0 ? new Set<string>() : store.batchItems.markSentAll(chosen);
    const started = chosen.filter((item) => marked.has(item.id));
    for (const item of started) {
      this.patch(item.id, { state: 'sent' });
      this.start(item, () => this.send(item));
    }
    // Wait for the burst to drain to half (so the next burst is marked sent in one commit, not one per item),
    // or look again after a tick.
    return started.length === 0 || this.sending.size >= MAX_PARALLEL_SENDS / 2 ? 'wait' : 'again';
  }

  private async tick(): Promise<void> {
    const nap = new AbortController();
    const napping = this.deps
      .sleep(this.deps.tickMs ?? 250, AbortSignal.any([this.options.signal, nap.signal]))
      .catch(() => undefined);
    const drained = new Promise<void>((resolve) => (this.onDrain = resolve));
    await Promise.race(this.sending.size === 0 ? [napping] : [drained, napping]);
    this.onDrain = null;
    nap.abort();
  }

  /** Runs one item's work under the loop's supervision: whatever it throws stops the run, never the process. */
  private start(item: { id: string }, work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => {
        this.fatal ??= error instanceof Error ? error : new Error(String(error));
        this.onDrain?.();
      })
      .finally(() => {
        this.sending.delete(item.id);
        if (this.sending.size <= MAX_PARALLEL_SENDS / 2) this.onDrain?.();
      });
    this.sending.set(item.id, running);
  }

  private async send(item: BatchItemRow): Promise<void> {
    const outcome = await this.deps.submitter.sendItem(item, { alreadyMarkedSent: true });
    if (outcome.kind === 'unknown' || outcome.kind === 'created-unread') this.undetermined.add(item.id);
    this.patch(item.id, positionAfter(outcome));
    if (outcome.kind === 'created') {
      this.watchJob(outcome.job.id);
      // Canceled while this one was on its way: it is stopped like the others.
      if (this.deps.store.batches.get(this.batchId)?.canceledAt != null)
        await this.cancelQuietly(outcome.job.id);
      // A queue that takes work again earns back the window, one item at a time.
      this.window = Math.min(this.requested, this.window + 1);
    } else if (outcome.kind === 'failed' && isApiError(outcome.error)) {
      // Refusals that mean "not now", never "not this item" (spec: 429 with Retry-After), and a key that cannot
      // be read from a locked keychain (nothing was sent; the keychain is tried again after a while).
      const reason = batchWaitReasonOf(outcome.error.code);
      if (reason === null) return;
      this.deps.store.batchItems.requeue(item.id, item.idempotencyKey);
      this.patch(item.id, { state: 'pending' });
      this.window = Math.max(1, Math.floor(this.window / 2));
      const waitMs = Math.min(MAX_WAIT_MS, Math.max(1_000, outcome.error.retryAfterMs ?? 5_000));
      const retryAt = this.deps.now() + waitMs;
      this.wait = { reason, retryAt: Math.max(retryAt, this.wait?.retryAt ?? 0) };
    }
  }

  private async locate(item: BatchItemRow): Promise<void> {
    const outcome = await this.deps.submitter.locateItem(item);
    this.patch(item.id, positionAfter(outcome));
    if (outcome.kind !== 'created') {
      this.undetermined.add(item.id);
      return;
    }
    this.watchJob(outcome.job.id);
    if (this.deps.store.batches.get(this.batchId)?.canceledAt != null)
      await this.cancelQuietly(outcome.job.id);
  }

  /** A cancel that fails (the service is unreachable) is said in the log; the batch goes on being stopped. */
  private async cancelQuietly(jobId: string): Promise<void> {
    try {
      await this.deps.cancelJob(jobId);
    } catch (error) {
      this.deps.logError?.(`Loupe could not ask the service to cancel job ${jobId}`, error);
    }
  }

  /** The items as they stand: read whole when a tick has passed (or `reread`), else as patched since. */
  private currentPositions(reread = false): BatchItemPosition[] {
    const now = this.deps.now();
    if (!reread && this.positions !== null && now - this.readAtMs < (this.deps.tickMs ?? 250)) {
      return this.positions;
    }
    const rows = this.deps.store.batchItems.positionsForBatch(this.batchId).rows;
    this.positions = rows;
    this.readAtMs = now;
    this.byId.clear();
    for (const row of rows) {
      this.byId.set(row.id, row);
      if (row.jobId !== null) this.watchJob(row.jobId);
    }
    return rows;
  }

  /** What this run did to an item, applied to the positions it holds (the store has it already). */
  private patch(itemId: string, change: Partial<BatchItemPosition>): void {
    const position = this.byId.get(itemId);
    if (position !== undefined) Object.assign(position, change);
  }

  private watchJob(jobId: string): void {
    if (this.stops.has(jobId)) return;
    this.stops.set(
      jobId,
      this.deps.watcher.watch(jobId, {
        live: false,
        emit: () => undefined,
        end: (error) => this.watchEnded(jobId, error),
      }),
    );
  }

  /**
   * The watcher let go of a job before this run did. Either the service forgot the job (404), or the watcher
   * was stopped (the profile's address changed, Loupe is closing): then nothing would tell the run of its jobs'
   * ends any more, so it stops, saying why, rather than wait forever; what was sent goes on on the service and
   * a later run takes the batch up.
   */
  private watchEnded(jobId: string, error: Error | undefined): void {
    if (isDomainError(error, 'not_found')) {
      // The service no longer knows the job (past its retention, or removed): its end can never be read. It
      // is counted as not told and the run goes on; the item keeps its job, so nothing is sent twice.
      this.gone.add(jobId);
    } else {
      this.fatal ??= error ?? watchingStopped();
    }
    this.onDrain?.();
  }

  /** Items fit to leave now, read whole; one that may have outlived its key is set aside as unknown instead. */
  private fresh(positions: readonly BatchItemPosition[]): BatchItemRow[] {
    return positions.flatMap((position) => {
      const item = this.deps.store.batchItems.get(position.id);
      if (item === null || !isSendable(item.state)) return [];
      if (item.state !== 'pending' && this.deps.now() - Date.parse(item.updatedAt) > RESEND_WINDOW_MS) {
        this.undetermined.add(item.id);
        this.patch(item.id, { state: 'unknown' });
        this.deps.store.batchItems.markResult(item.id, {
          outcome: 'unknown',
          error:
            'Sent more than a day ago and never answered; its key may have expired, so it is not sent again.',
        });
        return [];
      }
      return [item];
    });
  }

  /** Queues items whose job failed transiently for another attempt; returns how many. */
  private retryTransient(items: readonly BatchItemPosition[], attempts: number): number {
    let queued = 0;
    for (const item of items) {
      if (item.state !== 'created' || item.jobId === null) continue;
      const job = this.deps.watcher.snapshotOf(item.jobId);
      if (job?.status !== 'failed' || !isTransientFailure(job.error)) continue;
      const tries = this.autoRetried.get(item.id) ?? 1;
      if (tries >= attempts) continue;
      this.deps.store.batchItems.requeueForRetry(item.id, this.deps.newId());
      this.autoRetried.set(item.id, tries + 1);
      queued += 1;
    }
    return queued;
  }

  private requestedNow(): number {
    const window = this.options.window;
    const asked = typeof window === 'function' ? window() : (window ?? 4);
    return Math.max(1, Math.floor(asked));
  }
}

/** Where an item stands after an outcome this run saw. */
function positionAfter(outcome: ItemOutcome): Partial<BatchItemPosition> {
  switch (outcome.kind) {
    case 'created':
      return { state: 'created', jobId: outcome.job.id, jobStatus: outcome.job.status };
    case 'created-unread':
      return { state: 'created', jobId: null };
    case 'failed':
      return { state: 'failed' };
    case 'unknown':
      return { state: 'unknown' };
  }
}
