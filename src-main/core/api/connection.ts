// What the API layer needs to know about a profile, and the small seams (clock, sleep) that
// keep timing-dependent code testable without fake timers.

export type Surface = 'self-hosted' | 'managed' | 'serverless';

/** Which credential convention a request follows (spec "Authentication"). */
export type ApiFamily = 'v2' | 'v1' | 'router';

export interface Connection {
  surface: Surface;
  /** Base URL of the service; may carry a mount prefix such as https://host/mount. */
  baseUrl: string;
  /** Base URL of the Router; when absent the Router is assumed to live under baseUrl. */
  routerBaseUrl?: string;
  /** Read lazily per request so a credential changed in the keychain applies at once. */
  credential: () => Promise<string | null>;
}

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The reason an aborted signal carries, always an Error so callers can rethrow it. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
