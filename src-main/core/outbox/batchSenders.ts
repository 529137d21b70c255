// Main's sending of a profile's batches in the app: one BatchRunner run per batch in the background, which
// the user can pause, resume, cancel and widen or narrow while it runs. What is sent is in the store (rule 6),
// and so is how each batch is sent (its window, automatic retry, and whether the user wants it sending or
// paused), so a pause, a quit or a crash loses nothing: `resumeWanted` takes up, with the same settings, every
// batch the user left sending. A run that stops on an error is supervised here (rule 13): it is recorded as
// paused with the reason, the user sees why, and the process goes on.
import type { BatchSending, BatchWait } from '../../../src-shared/contracts/batches';
import { isDomainError } from '../errors';
import type { BatchSendingRow, LoupeStore, SendingWanted } from '../store';
import type { BatchRunner } from './batchRunner';
import { LEASE_EXPIRY_MS, describeOwner } from './batchLease';

interface Running {
  controller: AbortController;
  window: number;
  /** What the run said last about holding back (a full queue, a locked keychain). */
  waiting: BatchWait | null;
}

/** Every run this process started, until it has settled (closing waits for them before the store closes). */
type Settling = Set<Promise<void>>;

const DEFAULT_WINDOW = 4;

/** Words for why a run stopped by itself, kept with the batch (never a stack or a path). */
function pausedReasonOf(error: unknown): string {
  if (isDomainError(error)) return error.message;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    if (error.code === 'SQLITE_FULL') return 'The disk is full, so Loupe cannot record what it sends.';
    if (error.code.startsWith('SQLITE_')) return 'Loupe could not write to its data file.';
  }
  return 'Sending stopped on an unexpected error; details are in the app log.';
}

export class BatchSenders {
  private readonly running = new Map<string, Running>();
  /** Reasons kept in memory too, for when the disk refused to record them. */
  private readonly reasons = new Map<string, string>();
  private disposed = false;
  private readonly settling: Settling = new Set();

  constructor(
    private readonly runner: Pick<BatchRunner, 'run' | 'cancel'>,
    private readonly store: LoupeStore,
    private readonly logError: (message: string, error: unknown) => void,
    /** The lease owner this process's runs hold (a lease of its own is never "elsewhere"). */
    private readonly leaseOwner: string,
    /** Told when a batch starts or stops sending here (the profile picker and the taskbar show it). */
    private readonly onChange: () => void = () => undefined,
    /** The clock the runs' waits are set by (the runner's `now`). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Batches this process is sending now. */
  sendingCount(): number {
    return this.running.size;
  }

  /** Of the batches sending here, those holding back for now (a full queue, a locked keychain). */
  waitingCount(): number {
    let count = 0;
    for (const running of this.running.values()) if (running.waiting !== null) count += 1;
    return count;
  }

  /** Of the items of the batches sending here, how many have left (a job made or refused) and how many there are. */
  sendingProgress(): { done: number; total: number } {
    let done = 0;
    let total = 0;
    for (const batchId of this.running.keys()) {
      const counts = this.store.batchItems.countsByState(batchId);
      done += counts.created + counts.failed;
      total += counts.pending + counts.sent + counts.unknown + counts.created + counts.failed;
    }
    return { done, total };
  }

  /** Starts (or resumes) sending with these settings; a batch already sending here only takes the window. */
  start(batchId: string, window: number, autoRetry?: number): BatchSending {
    const saved = this.store.batchSending.get(batchId);
    const retry = autoRetry ?? saved?.autoRetry ?? null;
    this.save(batchId, { window, autoRetry: retry, wanted: 'sending', pausedReason: null });
    this.reasons.delete(batchId);
    const current = this.running.get(batchId);
    if (current !== undefined) {
      current.window = window;
      return this.describe(batchId);
    }
    if (!this.disposed) this.launch(batchId, window, retry);
    return this.describe(batchId);
  }

  /** Takes up every batch of the profile that the user left sending (after a restart), as it was. */
  resumeWanted(profileId: string): number {
    const rows = this.store.batchSending.wantedSending(profileId).rows;
    for (const row of rows)
      if (!this.running.has(row.batchId)) this.launch(row.batchId, row.window, row.autoRetry);
    return rows.length;
  }

  pause(batchId: string): BatchSending {
    this.stopHere(batchId);
    this.setWanted(batchId, 'paused', null);
    return this.describe(batchId);
  }

  async cancel(batchId: string): Promise<BatchSending> {
    this.stopHere(batchId);
    this.setWanted(batchId, 'idle', null);
    await this.runner.cancel(batchId);
    return this.describe(batchId);
  }

  setWindow(batchId: string, window: number): BatchSending {
    const current = this.running.get(batchId);
    if (current !== undefined) current.window = window;
    const saved = this.store.batchSending.get(batchId);
    this.save(batchId, {
      window,
      autoRetry: saved?.autoRetry ?? null,
      wanted: saved?.wanted ?? 'idle',
      pausedReason: saved?.pausedReason ?? null,
    });
    return this.describe(batchId);
  }

  /** Where sending stands: here, elsewhere (another process holds the lease), paused (and why), or idle. */
  describe(batchId: string): BatchSending {
    const saved = this.readSaved(batchId);
    const here = this.running.get(batchId);
    const window = here?.window ?? saved?.window ?? DEFAULT_WINDOW;
    const base = { batchId, window, autoRetry: saved?.autoRetry ?? null };
    if (here !== undefined) {
      // The wait said in the run's last round, while it lasts (rounds come every tick; the page reads now).
      const waiting = here.waiting !== null && here.waiting.retryAt > this.now() ? here.waiting : null;
      return { ...base, state: 'sending', reason: null, waiting };
    }
    if (this.store.batches.get(batchId)?.canceledAt != null)
      return { ...base, state: 'canceled', reason: null, waiting: null };
    const holder = saved?.owner ?? null;
    const fresh = saved?.heartbeatMs != null && Date.now() - saved.heartbeatMs < LEASE_EXPIRY_MS;
    if (holder !== null && holder !== this.leaseOwner && fresh) {
      return { ...base, state: 'elsewhere', reason: `Sent by ${describeOwner(holder)}.`, waiting: null };
    }
    const reason = this.reasons.get(batchId) ?? saved?.pausedReason ?? null;
    if (saved?.wanted === 'paused' || reason !== null)
      return { ...base, state: 'paused', reason, waiting: null };
    return { ...base, state: 'idle', reason: null, waiting: null };
  }

  /**
   * Stops every run in this process (Loupe is closing): what the user wanted stays recorded for next time.
   * Resolves once each run has recorded what its sends under way came to, so the store can close after.
   */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const running of this.running.values()) running.controller.abort();
    this.running.clear();
    await Promise.allSettled([...this.settling]);
  }

  private launch(batchId: string, window: number, autoRetry: number | null): void {
    const controller = new AbortController();
    const running: Running = { controller, window, waiting: null };
    this.running.set(batchId, running);
    this.onChange();
    const settled = this.runner
      .run(batchId, {
        window: () => running.window,
        signal: controller.signal,
        onProgress: (progress) => {
          const wasWaiting = running.waiting !== null;
          running.waiting = progress.waiting;
          // The profile's work line says "waiting" rather than "sending": told when that turns.
          if (wasWaiting !== (progress.waiting !== null)) this.onChange();
        },
        ...(autoRetry === null ? {} : { autoRetry }),
      })
      .then(
        () => {
          // Everything was sent and every job has ended: nothing more to take up after a restart.
          if (this.running.get(batchId) === running) this.setWanted(batchId, 'idle', null);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isDomainError(error, 'batch_sending_elsewhere')) return;
          this.logError(`Sending batch ${batchId} stopped`, error);
          const reason = pausedReasonOf(error);
          this.reasons.set(batchId, reason);
          this.setWanted(batchId, 'paused', reason);
        },
      )
      .finally(() => {
        if (this.running.get(batchId) === running) this.running.delete(batchId);
        this.onChange();
      })
      // The handlers above guard their own writes; this is the last net, so nothing rejects into the void.
      .catch((error: unknown) => this.logError(`Sending batch ${batchId}: bookkeeping failed`, error))
      .then(() => {
        this.settling.delete(settled);
      });
    this.settling.add(settled);
  }

  private stopHere(batchId: string): void {
    const current = this.running.get(batchId);
    current?.controller.abort();
    if (this.running.delete(batchId)) this.onChange();
  }

  private setWanted(batchId: string, wanted: SendingWanted, pausedReason: string | null): void {
    const saved = this.readSaved(batchId);
    this.save(batchId, {
      window: saved?.window ?? this.running.get(batchId)?.window ?? DEFAULT_WINDOW,
      autoRetry: saved?.autoRetry ?? null,
      wanted,
      pausedReason,
    });
  }

  /** A failure to record the choice (a full disk) is logged; the run itself is already settled. */
  private save(batchId: string, settings: Parameters<LoupeStore['batchSending']['save']>[1]): void {
    try {
      this.store.batchSending.save(batchId, settings);
    } catch (error) {
      this.logError(`Loupe could not record how batch ${batchId} is sent`, error);
    }
  }

  private readSaved(batchId: string): BatchSendingRow | null {
    try {
      return this.store.batchSending.get(batchId);
    } catch {
      return null;
    }
  }
}
