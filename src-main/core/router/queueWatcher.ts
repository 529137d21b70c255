// Follows queued runs through the URLs the Router gave (never composed ones): the status read with backoff,
// never sooner than its Retry-After; the position and state recorded as they move; on COMPLETED the result read
// from response_url (an `error_type` there becomes cancelled or failed). A queued run whose send was interrupted
// (`sent`, no handle recorded) is submitted again under its key: the Router replays the handle it gave. Runs are
// watched whatever profile is active; the app resumes them when it starts.
import { isApiError, type ApiError } from '../api';
import { isStoreError, type LoupeStore, type RouterRunRow } from '../store';
import type { AnswerRecorder } from './answerRecorder';
import type { RouterClients, RouterConnector } from './routerConnector';
import { isAnswerLostRow, type RunSender } from './runSender';

export interface QueueWatchConfig {
  /** The first wait, and the floor of every wait after (Retry-After may ask for more). */
  minPollMs: number;
  /** The longest wait, whatever Retry-After says (a hostile hint must not park a run for a year). */
  maxPollMs: number;
  /** A run the Router has not answered about for this long is given up as lost. */
  giveUpAfterMs: number;
}

export const DEFAULT_QUEUE_WATCH: QueueWatchConfig = {
  minPollMs: 1000,
  maxPollMs: 30_000,
  giveUpAfterMs: 48 * 60 * 60 * 1000,
};

export interface QueueWatcherDeps {
  store: LoupeStore;
  connector: RouterConnector;
  recorder: AnswerRecorder;
  sender: RunSender;
  notify: (row: RouterRunRow) => void;
  config: QueueWatchConfig;
  now: () => number;
  logError: (message: string, error: unknown) => void;
}

/** One look at a run: where it stands now, and when to look again (null: it is finished). */
export interface Step {
  row: RouterRunRow;
  nextDelayMs: number | null;
}

interface Watch {
  timer: NodeJS.Timeout | null;
  /** Looks in a row that changed nothing, or failed: each one waits longer. */
  quiet: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
/** Result reads in a row whose answer was lost on the way; past this the run waits for Ask again or a restart. */
const MAX_LOST_READS = 4;

/** Status-read failures after which the Router will never know the request: no point asking again. */
function isFinal(error: ApiError): boolean {
  if (error.kind !== 'http') return false;
  if (error.status === 404 || error.status === 410) return true;
  return error.status >= 400 && error.status < 500 && ![401, 403, 408, 409, 425, 429].includes(error.status);
}

export class QueueWatcher {
  private readonly watches = new Map<string, Watch>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly lostReads = new Map<string, number>();
  private readonly stop = new AbortController();

  constructor(private readonly deps: QueueWatcherDeps) {}

  /** Starts (or keeps) watching a queued run in the background. */
  watch(runId: string, delayMs = 0): void {
    if (this.stop.signal.aborted) return;
    const watch = this.watches.get(runId) ?? { timer: null, quiet: 0 };
    this.watches.set(runId, watch);
    if (watch.timer !== null) clearTimeout(watch.timer);
    watch.timer = setTimeout(() => {
      this.tick(runId).catch((error: unknown) =>
        this.deps.logError(`Following Router run ${runId} failed`, error),
      );
    }, delayMs);
    watch.timer.unref();
  }

  /** Looks now (after a cancel, say) rather than at the next scheduled look. */
  poke(runId: string): void {
    const watch = this.watches.get(runId);
    if (watch !== undefined) watch.quiet = 0;
    this.watch(runId, 0);
  }

  /** One look, serialised with any other look at the same run (the timer, a cancel, a CLI wait). */
  step(runId: string, signal?: AbortSignal): Promise<Step | null> {
    const previous = this.locks.get(runId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.look(runId, signal ?? this.stop.signal));
    this.locks.set(runId, next);
    next
      .finally(() => {
        if (this.locks.get(runId) === next) this.locks.delete(runId);
      })
      // The caller holds `next` and hears its failure; this chain only tidies the lock.
      .catch(() => undefined);
    return next;
  }

  dispose(): void {
    this.stop.abort();
    for (const watch of this.watches.values()) if (watch.timer !== null) clearTimeout(watch.timer);
    this.watches.clear();
  }

  private async tick(runId: string): Promise<void> {
    const watch = this.watches.get(runId);
    if (watch === undefined || this.stopped()) return;
    watch.timer = null;
    let step: Step | null;
    try {
      step = await this.step(runId);
    } catch (error) {
      if (this.stopped()) return;
      this.deps.logError(`Watching Router run ${runId} failed`, error);
      step = null;
    }
    if (step === null || step.nextDelayMs === null) {
      this.watches.delete(runId);
      return;
    }
    this.watch(runId, step.nextDelayMs);
  }

  private async look(runId: string, signal: AbortSignal): Promise<Step | null> {
    const row = this.read(runId);
    if (row === null || TERMINAL.has(row.state) || row.mode !== 'queued') {
      return row === null ? null : { row, nextDelayMs: null };
    }
    if (row.queueLinks === null) {
      // Interrupted before the handle was recorded: the same key brings the same handle back.
      const sent = await this.deps.sender.send(row, signal);
      return {
        row: sent,
        nextDelayMs: TERMINAL.has(sent.state) || sent.queueLinks === null ? null : this.deps.config.minPollMs,
      };
    }
    try {
      const clients = await this.deps.connector.clients(row.profileId, { once: true });
      const read = await clients.router.status({ status_url: row.queueLinks.statusUrl }, { signal });
      const status = read.status.status;
      if (status === 'COMPLETED') return await this.collect(row, signal, clients);
      const state = status === 'IN_QUEUE' ? 'in_queue' : status === 'IN_PROGRESS' ? 'in_progress' : row.state;
      const position = state === 'in_queue' ? validPosition(read.status.queue_position) : null;
      const moved = state !== row.state || position !== row.queuePosition;
      if (moved && (state === 'in_queue' || state === 'in_progress')) {
        this.deps.store.routerRuns.recordQueueProgress(row.id, state, position);
        const updated = this.read(runId);
        if (updated !== null) this.deps.notify(updated);
      }
      return { row: this.read(runId) ?? row, nextDelayMs: this.delay(runId, moved, read.retryAfterMs) };
    } catch (error) {
      return this.failedLook(row, error, signal);
    }
  }

  private async collect(row: RouterRunRow, signal: AbortSignal, clients: RouterClients): Promise<Step> {
    const links = row.queueLinks;
    if (links === null) return { row, nextDelayMs: null };
    try {
      const result = await clients.router.result({ response_url: links.responseUrl }, { signal });
      if (result.kind === 'pending')
        return { row, nextDelayMs: this.delay(row.id, false, result.retryAfterMs) };
      const recorded = await this.deps.recorder.recordAnswer(row, result, clients, signal);
      return { row: recorded, nextDelayMs: this.afterCollect(recorded) };
    } catch (error) {
      // The result read of a failed or cancelled run is its refusal (409 cancelled, 504 queue_timeout …).
      if (isApiError(error) && error.kind === 'http' && error.status !== 429 && error.status < 500) {
        return { row: this.deps.recorder.recordError(row, error), nextDelayMs: null };
      }
      if (isApiError(error) && error.kind === 'http' && [502, 504].includes(error.status)) {
        return { row: this.deps.recorder.recordError(row, error), nextDelayMs: null };
      }
      throw error;
    }
  }

  private failedLook(row: RouterRunRow, error: unknown, signal: AbortSignal): Step {
    if (signal.aborted) throw error;
    if (isApiError(error) && isFinal(error)) {
      return { row: this.deps.recorder.recordError(row, error), nextDelayMs: null };
    }
    if (this.deps.now() - Date.parse(row.createdAt) > this.deps.config.giveUpAfterMs) {
      return { row: this.deps.recorder.recordError(row, error), nextDelayMs: null };
    }
    // Offline, a 503, the Demo server not started yet: look again later, each time a little later.
    return { row, nextDelayMs: this.delay(row.id, false, isApiError(error) ? error.retryAfterMs : null) };
  }

  /** A result whose bytes were lost on the way is read again (the Router keeps it), a few times. */
  private afterCollect(row: RouterRunRow): number | null {
    if (!isAnswerLostRow(row)) {
      this.lostReads.delete(row.id);
      return null;
    }
    const reads = (this.lostReads.get(row.id) ?? 0) + 1;
    if (reads >= MAX_LOST_READS) {
      this.lostReads.delete(row.id);
      return null;
    }
    this.lostReads.set(row.id, reads);
    return this.delay(row.id, false, null);
  }

  /** Backoff from the floor, never sooner than Retry-After, never longer than the ceiling. */
  private delay(runId: string, moved: boolean, retryAfterMs: number | null): number {
    const watch = this.watches.get(runId);
    const quiet = moved ? 0 : (watch?.quiet ?? 0) + 1;
    if (watch !== undefined) watch.quiet = quiet;
    const { minPollMs, maxPollMs } = this.deps.config;
    const backoff = minPollMs * 1.5 ** Math.min(quiet, 20);
    return Math.min(maxPollMs, Math.max(minPollMs, backoff, retryAfterMs ?? 0));
  }

  // A method, not a property read: the answer changes across an await where TypeScript cannot see it.
  private stopped(): boolean {
    return this.stop.signal.aborted;
  }

  private read(runId: string): RouterRunRow | null {
    try {
      return this.deps.store.routerRuns.get(runId);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }
}

function validPosition(position: number | null): number | null {
  return position !== null && Number.isInteger(position) && position >= 0 && position < 1e9 ? position : null;
}
