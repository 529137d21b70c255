// Capped exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And
// Jitter"): spreading retries uniformly over [0, ceiling) keeps many clients from retrying in step.

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Uniform in [0, 1); injectable so tests get exact delays. */
  random: () => number;
}

export function fullJitterDelay(retryIndex: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(retryIndex, 30));
  return Math.floor(options.random() * ceiling);
}
