// The live state of the fault switches: what is on, how many uses remain, and the questions the
// route modules ask ("should this submission be refused?", "drop this stream now?").
import type { Surface } from './types';
import type { FaultInput } from './faultSettings';
import type { RouterFaults } from './ports';
import { routeMatches } from './routePattern';

const defaultRetryAfterSeconds = 5;
const defaultWindowSeconds = 30;
const defaultSseDropAfterEvents = 2;

interface RetryWindow {
  until: number;
  retryAfterSeconds: number;
}

interface FaultState {
  queueFull: { retryAfterSeconds: number } | null;
  deploymentNotReady: RetryWindow | null;
  deploymentUnavailable: RetryWindow | null;
  deploymentStopped: boolean;
  insufficientCredits: boolean;
  upstreamError: { routes: string[] | null; remaining: number | null; status: 500 | 502 } | null;
  unknownOutcome: { remaining: number } | null;
  upstreamUnreachable: { remaining: number | null } | null;
  eventsUnsupported: boolean;
  outputUnavailable: boolean;
  sseDrop: { afterEvents: number } | null;
  delayMs: number;
  urlTtlSeconds: number | null;
  rateLimited: { retryAfterSeconds: number; remaining: number | null } | null;
  jobNotFound: { remaining: number | null } | null;
  router: RouterFaults;
}

export interface SubmitRefusal {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds: number | null;
}

function emptyState(): FaultState {
  return {
    queueFull: null,
    deploymentNotReady: null,
    deploymentUnavailable: null,
    deploymentStopped: false,
    insufficientCredits: false,
    upstreamError: null,
    unknownOutcome: null,
    upstreamUnreachable: null,
    eventsUnsupported: false,
    outputUnavailable: false,
    sseDrop: null,
    delayMs: 0,
    urlTtlSeconds: null,
    rateLimited: null,
    jobNotFound: null,
    router: {},
  };
}

function refusal(
  status: number,
  code: string,
  message: string,
  retryAfterSeconds: number | null = null,
): SubmitRefusal {
  return { status, code, message, retryAfterSeconds };
}

function isOpen(window: RetryWindow | null, now: number): window is RetryWindow {
  return window !== null && now < window.until;
}

/** Uses up one of a counted fault's uses (`null` counts forever); true when that was its last. */
function usedUp(fault: { remaining: number | null }): boolean {
  if (fault.remaining === null) return false;
  fault.remaining -= 1;
  return fault.remaining <= 0;
}

/** `true` → defaults, object → as given, false/null → off, undefined → unchanged. */
function pick<T extends object, R>(
  value: boolean | T | null | undefined,
  current: R,
  make: (v: Partial<T>) => R,
): R | null {
  if (value === undefined) return current;
  if (value === null || value === false) return null;
  return make(value === true ? {} : value);
}

export class Faults {
  private state: FaultState = emptyState();

  constructor(private readonly now: () => number) {}

  apply(input: FaultInput): void {
    const now = this.now();
    const s = this.state;
    const windowFrom = (v: {
      windowSeconds?: number | undefined;
      retryAfterSeconds?: number | undefined;
    }): RetryWindow => ({
      until: now + (v.windowSeconds ?? defaultWindowSeconds) * 1000,
      retryAfterSeconds: v.retryAfterSeconds ?? defaultRetryAfterSeconds,
    });
    s.queueFull = pick(input.queueFull, s.queueFull, (v) => ({
      retryAfterSeconds: v.retryAfterSeconds ?? defaultRetryAfterSeconds,
    }));
    s.deploymentNotReady = pick(input.deploymentNotReady, s.deploymentNotReady, windowFrom);
    s.deploymentUnavailable = pick(input.deploymentUnavailable, s.deploymentUnavailable, windowFrom);
    if (input.deploymentStopped !== undefined) s.deploymentStopped = input.deploymentStopped ?? false;
    if (input.insufficientCredits !== undefined) s.insufficientCredits = input.insufficientCredits ?? false;
    s.upstreamError = pick(input.upstreamError, s.upstreamError, (v) => ({
      routes: v.routes ?? null,
      remaining: v.count ?? null,
      status: v.status ?? 500,
    }));
    s.unknownOutcome = pick(input.unknownOutcome, s.unknownOutcome, (v) => ({ remaining: v.count ?? 1 }));
    s.upstreamUnreachable = pick(input.upstreamUnreachable, s.upstreamUnreachable, (v) => ({
      remaining: v.count ?? null,
    }));
    if (input.eventsUnsupported !== undefined) s.eventsUnsupported = input.eventsUnsupported ?? false;
    if (input.outputUnavailable !== undefined) s.outputUnavailable = input.outputUnavailable ?? false;
    s.sseDrop = pick(input.sseDrop, s.sseDrop, (v) => ({
      afterEvents: v.afterEvents ?? defaultSseDropAfterEvents,
    }));
    if (input.delayMs !== undefined) s.delayMs = input.delayMs ?? 0;
    if (input.urlTtlSeconds !== undefined) s.urlTtlSeconds = input.urlTtlSeconds;
    s.rateLimited = pick(input.rateLimited, s.rateLimited, (v) => ({
      retryAfterSeconds: v.retryAfterSeconds ?? 1,
      remaining: v.count ?? null,
    }));
    s.jobNotFound = pick(input.jobNotFound, s.jobNotFound, (v) => ({ remaining: v.count ?? null }));
    if (input.router !== undefined) s.router = input.router === null ? {} : { ...s.router, ...input.router };
  }

  routerFaults(): RouterFaults {
    return { ...this.state.router };
  }

  clear(): void {
    this.state = emptyState();
  }

  /** What a job submission meets before it may create a job, in the order a real gateway checks. */
  submitRefusal(surface: Surface): SubmitRefusal | null {
    const s = this.state;
    const now = this.now();
    if (s.deploymentStopped) return refusal(422, 'deployment_stopped', 'The deployment is stopped.');
    if (isOpen(s.deploymentNotReady, now)) {
      const { retryAfterSeconds } = s.deploymentNotReady;
      return refusal(429, 'deployment_not_ready', 'The deployment is still starting.', retryAfterSeconds);
    }
    if (isOpen(s.deploymentUnavailable, now)) {
      const { retryAfterSeconds } = s.deploymentUnavailable;
      return refusal(
        429,
        'deployment_unavailable',
        'The deployment is not taking work yet.',
        retryAfterSeconds,
      );
    }
    if (s.insufficientCredits && surface !== 'self-hosted') {
      return refusal(402, 'insufficient_credits', 'Not enough credits.');
    }
    if (s.queueFull) return refusal(429, 'queue_full', 'The queue is full.', s.queueFull.retryAfterSeconds);
    return null;
  }

  /** The status (500 or 502) this request should fail with as upstream_error, or null (consumes one use). */
  takeUpstreamError(method: string, path: string): 500 | 502 | null {
    const fault = this.state.upstreamError;
    if (!fault) return null;
    if (fault.routes && !fault.routes.some((pattern) => routeMatches(pattern, method, path))) return null;
    if (usedUp(fault)) this.state.upstreamError = null;
    return fault.status;
  }

  /**
   * True when this submission should meet an unreachable upstream (consumes one use). Only the self-hosted
   * proxy sits in front of an upstream it can lose, so elsewhere the switch does nothing.
   */
  takeUpstreamUnreachable(surface: Surface): boolean {
    const fault = this.state.upstreamUnreachable;
    if (!fault || surface !== 'self-hosted') return false;
    if (usedUp(fault)) this.state.upstreamUnreachable = null;
    return true;
  }

  eventsUnsupported(): boolean {
    return this.state.eventsUnsupported;
  }

  /** Self-hosted serves output bytes from its upstream; only there can they be gone while the record stays. */
  outputUnavailable(surface: Surface): boolean {
    return this.state.outputUnavailable && surface === 'self-hosted';
  }

  takeUnknownOutcome(): boolean {
    const fault = this.state.unknownOutcome;
    if (!fault) return false;
    if (usedUp(fault)) this.state.unknownOutcome = null;
    return true;
  }

  /** Retry-After seconds when this job read should be rate limited (consumes one use). */
  takeRateLimit(): number | null {
    const fault = this.state.rateLimited;
    if (!fault) return null;
    if (usedUp(fault)) this.state.rateLimited = null;
    return fault.retryAfterSeconds;
  }

  /** True when this read of a job should answer 404 though the job is there (consumes one use). */
  takeJobNotFound(): boolean {
    const fault = this.state.jobNotFound;
    if (!fault) return false;
    if (usedUp(fault)) this.state.jobNotFound = null;
    return true;
  }

  sseDropAfterEvents(): number | null {
    return this.state.sseDrop?.afterEvents ?? null;
  }

  delayMs(): number {
    return this.state.delayMs;
  }

  urlTtlSeconds(fallback: number): number {
    return this.state.urlTtlSeconds ?? fallback;
  }

  /** JSON view for GET /_sim/faults. */
  snapshot(): Record<string, unknown> {
    const s = this.state;
    const windowJson = (w: RetryWindow | null) =>
      w
        ? {
            until: new Date(w.until).toISOString(),
            retryAfterSeconds: w.retryAfterSeconds,
            active: isOpen(w, this.now()),
          }
        : null;
    return {
      queueFull: s.queueFull,
      deploymentNotReady: windowJson(s.deploymentNotReady),
      deploymentUnavailable: windowJson(s.deploymentUnavailable),
      deploymentStopped: s.deploymentStopped,
      insufficientCredits: s.insufficientCredits,
      upstreamError: s.upstreamError,
      unknownOutcome: s.unknownOutcome,
      upstreamUnreachable: s.upstreamUnreachable,
      eventsUnsupported: s.eventsUnsupported,
      outputUnavailable: s.outputUnavailable,
      sseDrop: s.sseDrop,
      delayMs: s.delayMs,
      urlTtlSeconds: s.urlTtlSeconds,
      rateLimited: s.rateLimited,
      jobNotFound: s.jobNotFound,
      router: s.router,
    };
  }
}
