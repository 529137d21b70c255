// The one retry policy of the app. What may be sent again depends on what the service promises:
//  - GET/HEAD are safe: retried on network failures, timeouts and 5xx, with capped full-jitter backoff.
//  - Any 429 (and 503) with Retry-After waits for it, unless it asks for longer than the cap: then the
//    error goes back with retryAfterMs so the caller can schedule it, rather than a request hanging a minute.
//  - A POST is retried only with an Idempotency-Key and only when the spec makes it safe:
//      v2 keys are single-use (job-and-asset-api.md, Idempotency-Key rules): safe only when the first
//      attempt certainly never reached submission: the connection was refused, or a 429 released the key.
//      Router keys record and replay (NOTES part B, Limits): a repeat of the key is answered from the
//      record, so network failures, 503 and the 409/429 "still in flight" answers may be retried.
//  - A keyed v2 POST whose outcome is unknown (reset mid-request, timeout, 5xx) or whose key the service
//    reports as already used becomes kind 'maybe-created': the job may exist; reconcile, do not resubmit.
import { fullJitterDelay } from './backoff';
import { abortableSleep, type ApiFamily, type Sleep } from './connection';
import { ApiError } from './errors';

export interface RetryPolicyOptions {
  /** Total attempts including the first. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for in-process. */
  maxRetryAfterMs: number;
  random: () => number;
  sleep: Sleep;
}

export interface AttemptContext {
  family: ApiFamily;
  method: string;
  idempotencyKey: string | null;
  /** False when the body cannot be produced again (a one-shot stream), or the caller asked for one attempt. */
  replayable: boolean;
  /** The documents call the operation idempotent (job cancel): retried like a GET. */
  idempotent: boolean;
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

const defaults: RetryPolicyOptions = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
  sleep: abortableSleep,
};

export class RetryPolicy {
  private readonly options: RetryPolicyOptions;

  constructor(options: Partial<RetryPolicyOptions> = {}) {
    this.options = { ...defaults, ...options };
  }

  /** Runs `attempt` until it succeeds or the policy says stop; aborts are rethrown untouched. */
  async run<T>(context: AttemptContext, attempt: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let attemptsMade = 1; ; attemptsMade++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const decision =
          attemptsMade < this.options.maxAttempts ? this.decide(error, context, attemptsMade - 1) : null;
        if (decision?.retry !== true) throw this.finalError(error, context);
        await this.options.sleep(decision.delayMs, signal);
      }
    }
  }

  /** Whether the failure of retry number `retryIndex` (0 for the first attempt) may be retried, and when. */
  decide(error: ApiError, context: AttemptContext, retryIndex: number): RetryDecision {
    if (!context.replayable) return { retry: false };
    if (error.kind !== 'http' && error.kind !== 'network' && error.kind !== 'timeout')
      return { retry: false };
    const backoff = fullJitterDelay(retryIndex, {
      baseMs: this.options.baseDelayMs,
      capMs: this.options.maxDelayMs,
      random: this.options.random,
    });
    const permission = this.permission(error, context);
    if (permission === 'no') return { retry: false };
    if (
      error.retryAfterMs !== null &&
      (error.status === 429 || error.status === 503 || error.status === 409)
    ) {
      if (error.retryAfterMs > this.options.maxRetryAfterMs) return { retry: false };
      return {
        retry: true,
        delayMs: permission === 'yes' ? Math.max(error.retryAfterMs, backoff) : error.retryAfterMs,
      };
    }
    if (permission === 'at-retry-after') return { retry: false };
    return { retry: true, delayMs: backoff };
  }

  /**
   * 'yes': retry with backoff (or at Retry-After when given). 'at-retry-after': the service refused
   * before doing anything and said when to come back; retry only then. 'no': never.
   */
  private permission(error: ApiError, context: AttemptContext): 'yes' | 'at-retry-after' | 'no' {
    if (context.method === 'GET' || context.method === 'HEAD' || context.idempotent) {
      return isTransient(error) ? 'yes' : 'no';
    }
    if (context.method === 'POST' && context.idempotencyKey === null) return 'no';
    if (error.kind === 'network' && error.notSent) return 'yes';
    if (context.family === 'router' && context.idempotencyKey !== null) {
      if (error.kind !== 'http' || error.status === 503) return 'yes';
      if (error.status === 429 || (error.status === 409 && error.code === 'concurrency_limit_exceeded')) {
        return 'at-retry-after';
      }
      return 'no';
    }
    // A keyed v2 POST, or a PUT/DELETE: only a refusal that provably left nothing behind.
    return error.status === 429 ? 'at-retry-after' : 'no';
  }

  private finalError(error: ApiError, context: AttemptContext): ApiError {
    const key = context.idempotencyKey;
    if (key === null || context.family !== 'v2' || context.method !== 'POST') return error;
    return outcomeIsUnknown(error) ? ApiError.maybeCreated(error, key) : error;
  }
}

function isTransient(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.status === 429 || (error.status >= 500 && error.status !== 501);
}

/** After these, a keyed v2 submission may or may not have created its job or asset. */
function outcomeIsUnknown(error: ApiError): boolean {
  if (error.code === 'idempotency_key_reuse') return true;
  if (error.kind === 'timeout') return true;
  if (error.kind === 'network') return !error.notSent;
  return error.kind === 'http' && error.status >= 500 && error.status !== 501;
}
