// What the API layer needs to know about a profile, and the small seams (clock, sleep) that
// keep timing-dependent code testable without fake timers.

export type Surface = 'self-hosted' | 'managed' | 'serverless';

/** Which credential convention a request follows (spec "Authentication"). */
export type ApiFamily = 'v2' | 'v1' | 'router';

/**
 * A secret and the origins it was given for (ARCHITECTURE rule 10). The request layer sends it only to an
 * origin in this list, whatever the connection's addresses say now: an address changed after the key was
 * saved never receives the key.
 */
export interface BoundCredential {
  secret: string;
  origins: readonly string[];
}

export interface Connection {
  surface: Surface;
  /** Base URL of the service; may carry a mount prefix such as https://host/mount. */
  baseUrl: string;
  /** Base URL of the Router; when absent the Router is assumed to live under baseUrl. */
  routerBaseUrl?: string;
  /** Read lazily per request so a credential changed in the keychain applies at once. */
  credential: () => Promise<BoundCredential | null>;
  /**
   * Whether the user chose to send the profile's own key with workflows that use partner nodes (issue 20);
   * read per submission. Absent: never.
   */
  sendsPartnerKey?: () => boolean;
}

/** The origins a credential for these addresses may go to: the base URL's, and the Router's when set. */
export function credentialOriginsFor(baseUrl: string, routerBaseUrl?: string | null): string[] {
  const origins = new Set<string>();
  for (const address of [baseUrl, routerBaseUrl]) {
    const url = address ? URL.parse(address) : null;
    if (url !== null && (url.protocol === 'http:' || url.protocol === 'https:')) origins.add(url.origin);
  }
  return [...origins];
}

/** True when this origin may receive the credential: it is one the secret was given for. */
export function mayReceive(
  credential: BoundCredential | null,
  origin: string,
): credential is BoundCredential {
  return credential !== null && credential.secret !== '' && credential.origins.includes(origin);
}

/** A secret bound to the origins of these addresses (for callers that hold the secret themselves). */
export function bindCredential(
  secret: string | null,
  baseUrl: string,
  routerBaseUrl?: string | null,
): BoundCredential | null {
  return secret === null || secret === ''
    ? null
    : { secret, origins: credentialOriginsFor(baseUrl, routerBaseUrl) };
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
