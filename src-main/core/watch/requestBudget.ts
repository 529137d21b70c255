// The watcher's ceiling on poll traffic for one profile: a token bucket (so the number of jobs never sets the
// request rate) and a gate that closes after 429 (for its Retry-After: the service's limit is per account,
// NOTES "Limits") and after 5xx or network failures (capped exponential backoff with full jitter).
import { ApiError } from '../api';
import { fullJitterDelay } from '../api/backoff';
import type { WatchConfig } from './config';

type BudgetConfig = Pick<
  WatchConfig,
  'requestsPerSecond' | 'burst' | 'backoffBaseMs' | 'backoffMaxMs' | 'retryAfterMinMs' | 'retryAfterMaxMs'
>;

export type FailureKind = 'rate-limited' | 'unavailable' | 'refused' | 'other';

export class RequestBudget {
  private tokens: number;
  private refilledAt: number;
  private closedUntil = 0;
  private failures = 0;
  private lastFailure: FailureKind | null = null;

  constructor(
    private readonly config: BudgetConfig,
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
  ) {
    this.tokens = config.burst;
    this.refilledAt = now();
  }

  /** Whether one more request may leave now; takes its token when it may. */
  take(): boolean {
    if (this.isClosed()) return false;
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /**
   * Counts a request that must leave regardless (the one poll after a dropped stream): it still spends a
   * token, so the scheduled polls after it wait their turn.
   */
  spend(): void {
    this.refill();
    this.tokens -= 1;
  }

  isClosed(): boolean {
    return this.now() < this.closedUntil;
  }

  /** Why polling is held back right now, or null. */
  get holdReason(): FailureKind | null {
    return this.isClosed() ? this.lastFailure : null;
  }

  succeeded(): void {
    this.failures = 0;
  }

  /** Closes the gate as the failure asks; returns what kind of failure it was. */
  failed(error: unknown): FailureKind {
    const kind = classify(error);
    if (kind === 'other') return kind;
    this.lastFailure = kind;
    if (kind === 'rate-limited' && error instanceof ApiError) {
      const wait = error.retryAfterMs ?? this.config.retryAfterMinMs * 5;
      this.closeFor(Math.min(this.config.retryAfterMaxMs, Math.max(this.config.retryAfterMinMs, wait)));
      return kind;
    }
    this.failures += 1;
    this.closeFor(
      Math.max(
        this.config.retryAfterMinMs,
        fullJitterDelay(this.failures - 1, {
          baseMs: this.config.backoffBaseMs,
          capMs: this.config.backoffMaxMs,
          random: this.random,
        }),
      ),
    );
    return kind;
  }

  private closeFor(ms: number): void {
    this.closedUntil = Math.max(this.closedUntil, this.now() + ms);
  }

  private refill(): void {
    const now = this.now();
    const elapsed = Math.max(0, now - this.refilledAt);
    this.refilledAt = now;
    this.tokens = Math.min(this.config.burst, this.tokens + (elapsed / 1000) * this.config.requestsPerSecond);
  }
}

/**
 * 429: wait as told. 5xx, timeouts and network failures: the service is struggling or unreachable. 401/403:
 * every further poll would be refused the same way, so they back off too until the key is fixed. A 404 is
 * about one job, not the service, and closes nothing.
 */
function classify(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'other';
  if (error.status === 429) return 'rate-limited';
  if (error.kind === 'network' || error.kind === 'timeout') return 'unavailable';
  if (error.status >= 500 && error.status !== 501) return 'unavailable';
  if (error.status === 401 || error.status === 403) return 'refused';
  return 'other';
}
