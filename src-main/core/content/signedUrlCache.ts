// Where each asset's bytes can be fetched from, remembered per (profile, asset) until shortly before the
// signed URL expires. A signed URL lasts hours on the real service, so a gallery of a hundred outputs costs a
// hundred resolutions once, not on every view. Entries are refreshed before their expiry (never handed out
// inside the safety margin), concurrent resolutions of the same asset share one request, and a caller that
// saw storage refuse a URL (403/401: expired early, clock skew, revoked) forces a fresh one.

/** How the bytes of one asset are reached. */
export type ContentRoute =
  /** The authenticated content endpoint (self-hosted; or a surface whose url is not a signed one). */
  | { kind: 'endpoint' }
  /**
   * A signed storage URL that opens without credentials until `expiresAtMs`. `statedExpiresAt` is the
   * service's own word for it (the Asset's url_expires_at); null when only a bare redirect named the URL
   * and `expiresAtMs` is Loupe's cautious guess.
   */
  | { kind: 'signed'; url: string; expiresAtMs: number; statedExpiresAt: string | null };

export interface Resolution {
  route: ContentRoute;
  /** What the service said about the asset while resolving, when it said anything. */
  facts: AssetFacts | null;
}

export interface AssetFacts {
  hash: string | null;
  contentType: string | null;
  sizeBytes: number | null;
}

export interface SignedUrlCacheOptions {
  now: () => number;
  /** Never hand out a URL with less than this much of its life left (default 60 s)... */
  minMarginMs?: number;
  /** ...or this share of its lifetime, whichever is larger, capped at maxMarginMs and half the lifetime. */
  marginShare?: number;
  maxMarginMs?: number;
  /** Bound on remembered resolutions (default 5000); the oldest go first. */
  maxEntries?: number;
}

interface Entry {
  resolution: Resolution;
  /** When to stop using it: expiry minus the margin, or never for the content endpoint. */
  freshUntilMs: number;
}

export class SignedUrlCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Resolution>>();
  private readonly now: () => number;
  private readonly minMarginMs: number;
  private readonly marginShare: number;
  private readonly maxMarginMs: number;
  private readonly maxEntries: number;

  constructor(options: SignedUrlCacheOptions) {
    this.now = options.now;
    this.minMarginMs = options.minMarginMs ?? 60_000;
    this.marginShare = options.marginShare ?? 0.1;
    this.maxMarginMs = options.maxMarginMs ?? 10 * 60_000;
    this.maxEntries = options.maxEntries ?? 5000;
  }

  /** A fresh resolution from memory, or from `resolve` (shared with any concurrent caller). */
  async get(
    profileId: string,
    assetId: string,
    resolve: () => Promise<Resolution>,
    options: { force?: boolean } = {},
  ): Promise<Resolution> {
    const key = cacheKey(profileId, assetId);
    if (options.force === true) this.entries.delete(key);
    const cached = this.entries.get(key);
    if (cached !== undefined && this.now() < cached.freshUntilMs) return cached.resolution;
    this.entries.delete(key);
    const pending = this.inFlight.get(key);
    if (pending !== undefined && options.force !== true) return pending;
    const resolvedAtMs = this.now();
    const started = resolve().then((resolution) => {
      this.store(key, resolution, resolvedAtMs);
      return resolution;
    });
    const settled = started.finally(() => {
      if (this.inFlight.get(key) === settled) this.inFlight.delete(key);
    });
    this.inFlight.set(key, settled);
    return settled;
  }

  /** Forgets one asset's resolution (it was deleted, or storage refused it). */
  forget(profileId: string, assetId: string): void {
    this.entries.delete(cacheKey(profileId, assetId));
  }

  /** Forgets everything of a profile (its address or credential changed). */
  forgetProfile(profileId: string): void {
    const prefix = cacheKey(profileId, '');
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, resolution: Resolution, resolvedAtMs: number): void {
    const freshUntilMs = this.freshUntil(resolution.route, resolvedAtMs);
    if (freshUntilMs <= this.now()) return;
    this.entries.delete(key);
    this.entries.set(key, { resolution, freshUntilMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  private freshUntil(route: ContentRoute, resolvedAtMs: number): number {
    if (route.kind === 'endpoint') return Number.POSITIVE_INFINITY;
    const lifetime = route.expiresAtMs - resolvedAtMs;
    const margin = Math.min(this.maxMarginMs, Math.max(this.minMarginMs, lifetime * this.marginShare));
    // A URL that lives less than twice the margin is still worth keeping for the first half of its life.
    return route.expiresAtMs - Math.min(margin, lifetime / 2);
  }
}

function cacheKey(profileId: string, assetId: string): string {
  // Neither id can hold a newline (both are validated), so the pair is unambiguous.
  return `${profileId}\n${assetId}`;
}
