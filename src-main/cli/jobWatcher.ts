// Follows one job to a terminal status. Polling is the truth and SSE a hint (ARCHITECTURE rule 4): every
// snapshot reported is a GET of the job; an SSE event only wakes the poller early, so the output is live
// where the surface streams and still correct where it does not (501, dropped streams, proxies).
import {
  ApiError,
  followJobEvents,
  isTerminalJobStatus,
  type HttpClient,
  type Job,
  type JobsClient,
} from '../core/api';

export interface WatchOptions {
  jobs: JobsClient;
  http: HttpClient;
  /** The job as last read (its links are followed). */
  job: Job;
  /** Called with each snapshot that differs from the one before. */
  onSnapshot: (job: Job) => void;
  signal: AbortSignal;
  /** First and longest interval between polls without news; the interval grows ×1.5 while nothing changes. */
  pollIntervalMs?: { min: number; max: number };
  /** Minimum spacing between polls woken by SSE events (the stream can push several a second). */
  wakeSpacingMs?: number;
}

/** Resolves with the terminal job. Rejects on a refusal that polling cannot outlast (404, 401, 403) or abort. */
export async function watchJob(options: WatchOptions): Promise<Job> {
  const { min, max } = options.pollIntervalMs ?? { min: 500, max: 5_000 };
  const spacing = options.wakeSpacingMs ?? 150;
  let current = options.job;
  let lastSeen = JSON.stringify(current);
  options.onSnapshot(current);
  if (isTerminalJobStatus(current.status)) return current;

  const stop = new AbortController();
  const signal = AbortSignal.any([options.signal, stop.signal]);
  const waker = new Waker();
  const stream = followJobEvents({
    http: options.http,
    url: current.urls.events,
    signal,
    onEvent: () => waker.wake(),
    // The stream ended early: let the poller look now; returning false keeps the stream reconnecting.
    poll: () => {
      waker.wake();
      return Promise.resolve(false);
    },
  }).catch(() => undefined);

  try {
    let interval = min;
    let lastPoll = 0;
    for (;;) {
      const woken = await waker.sleep(interval, signal);
      if (woken) await sleep(Math.max(0, lastPoll + spacing - Date.now()), signal);
      lastPoll = Date.now();
      let next: Job;
      try {
        next = await options.jobs.get(current, { signal });
      } catch (error) {
        if (!isPassing(error)) throw error;
        interval = Math.min(interval * 1.5, max);
        continue;
      }
      const serialized = JSON.stringify(next);
      const changed = serialized !== lastSeen;
      current = next;
      if (changed) {
        lastSeen = serialized;
        options.onSnapshot(next);
      }
      if (isTerminalJobStatus(next.status)) return next;
      interval = changed ? min : Math.min(interval * 1.5, max);
    }
  } finally {
    stop.abort();
    await stream;
  }
}

/** Failures a watcher rides out by polling again later (the http layer already retried them). */
function isPassing(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.status === 429 || (error.status >= 500 && error.status !== 501);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return signal.aborted ? Promise.reject(abortError(signal)) : Promise.resolve();
  return new Waker().sleep(ms, signal).then(() => undefined);
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError');
}

/** A sleep that an event can cut short; a wake that arrives while awake is kept for the next sleep. */
class Waker {
  private pending = false;
  private resolveSleep: ((woken: boolean) => void) | null = null;

  wake(): void {
    if (this.resolveSleep !== null) this.resolveSleep(true);
    else this.pending = true;
  }

  /** Resolves true when woken, false when the time ran out; rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.reject(abortError(signal));
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve, reject) => {
      const finish = (woken: boolean): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.resolveSleep = null;
        resolve(woken);
      };
      const onAbort = (): void => {
        clearTimeout(timer);
        this.resolveSleep = null;
        reject(abortError(signal));
      };
      const timer = setTimeout(() => finish(false), ms);
      this.resolveSleep = finish;
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
