// The watcher's sense of time, passed in so tests can run it at millisecond intervals (or on a fake clock)
// and so the CLI's timers never keep a finished process alive.
import type { Sleep } from '../api';

export type TimerHandle = ReturnType<typeof setTimeout>;

export interface WatchTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export const systemTimers: WatchTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // Watching is background work: it must never be the reason a process stays up.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle),
};

/** An abortable sleep on the given timers (for the SSE reader's reconnect waits). */
export function sleepOn(timers: WatchTimers): Sleep {
  return (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      const abortError = (): Error =>
        signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
      if (signal?.aborted === true) {
        reject(abortError());
        return;
      }
      const onAbort = (): void => {
        timers.clearTimeout(handle);
        reject(abortError());
      };
      const handle = timers.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
}
