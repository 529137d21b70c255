// The simulated Model Router (model-router-api.md + NOTES.md Part B), mounted by the simulator kernel.
//
// Choices where both documents are silent (each is also commented where it is made):
// - a 32-model catalog; two unlisted models still occupy cursor windows, so pages can run short (catalog.ts);
// - sync runs last `steps × queueStepMs`; past 8 steps they answer 504 deadline_exceeded and keep running,
//   so video models are effectively queued-only (syncRun.ts);
// - each workspace has one queue runner; cancel takes effect at the next step (queue.ts);
// - the queued surface alone is gated by `enabledOwners` (403 not_enabled) (routes.ts);
// - the providerError and providerTimeout faults break only the first provider tried, so fallback can rescue a
//   call; a content-policy refusal is the request's fault and is never retried elsewhere (execute.ts);
// - 1 credit = 1 US cent; finished queued requests age out (410) 24 h after completion (queueRoutes.ts).
import type { RouteContext, RouteHandler } from '../types';
import { routerError, sendAnswer } from './answer';
import { routeRouterRequest } from './routes';
import { createState, type RouterFaults, type RouterSettings, type RouterState } from './state';

export type { RouterFaults } from './state';

export interface RouterSimulatorOptions {
  /** Wall clock for idempotency records (24 h) and result ageing (410); defaults to Date.now. */
  now?: () => number;
  /** One queue step: the unit of queue progress and of run length. Default 250 ms. */
  queueStepMs?: number;
  /** Per-workspace in-flight synchronous calls (vendor docs: 5 above $0). Default 5. */
  concurrencyLimit?: number;
  /** Per-workspace requests waiting IN_QUEUE before 429 queue_backlog_full. Default 20. */
  queueBacklogLimit?: number;
  /** Who is on the queued-surface rollout; others get 403 not_enabled. Default: everyone. */
  enabledOwners?: (owner: string) => boolean;
  /** Steps a request may wait IN_QUEUE before it completes with queue_timeout. Default 240. */
  queueTimeoutSteps?: number;
  /** Committed-spend limit per workspace in US cents; a run that would pass it gets 402. Default 50 000. */
  committedSpendLimitCents?: number;
  /** Largest accepted run body; larger gets 413. Default 8 MiB. */
  maxBodyBytes?: number;
  /** How long the signed links to a run's media stay valid (signedMedia.ts). Default 60 s. */
  mediaUrlTtlMs?: number;
}

export interface RouterSimulator {
  /** Answers every path under /v2/models (and /v2/models itself); returns false for anything else. */
  handle: RouteHandler;
  /** Serves the signed links of run outputs under /_storage/; false for any other storage request. */
  handleStorage(ctx: RouteContext): boolean;
  /** Forget every request, idempotency record, spend figure and in-flight count. Faults are kept. */
  reset(): void;
  /** Replace the active faults (fields left out are off). */
  setFaults(faults: RouterFaults): void;
}

function isRouterPath(path: string): boolean {
  return path === '/v2/models' || path.startsWith('/v2/models/');
}

function resolveSettings(options: RouterSimulatorOptions): RouterSettings {
  return {
    now: options.now ?? Date.now,
    stepMs: options.queueStepMs ?? 250,
    concurrencyLimit: options.concurrencyLimit ?? 5,
    backlogLimit: options.queueBacklogLimit ?? 20,
    queueTimeoutSteps: options.queueTimeoutSteps ?? 240,
    spendLimitCents: options.committedSpendLimitCents ?? 50_000,
    maxBodyBytes: options.maxBodyBytes ?? 8 * 1024 * 1024,
    mediaUrlTtlMs: options.mediaUrlTtlMs ?? 60_000,
    enabledOwners: options.enabledOwners ?? (() => true),
  };
}

async function answer(ctx: RouteContext, state: RouterState): Promise<void> {
  const auth = ctx.authenticate('router');
  if (auth.forbidden === true) {
    return sendAnswer(ctx.res, routerError(403, 'forbidden', 'this caller is not allowed to use the Router'));
  }
  if (auth.owner === null) {
    const withKey = ctx.req.headers['idempotency-key'] !== undefined;
    const detail = withKey ? 'an Idempotency-Key requires authentication' : 'missing or invalid credentials';
    return sendAnswer(ctx.res, routerError(401, 'unauthorized', detail, { 'www-authenticate': 'Bearer' }));
  }
  // An outage answers every authenticated route alike; the caller should back off and retry.
  if (state.faults().unavailable === true) {
    const detail = 'the Router is temporarily unavailable';
    return sendAnswer(ctx.res, routerError(503, 'service_unavailable', detail, { 'retry-after': '1' }));
  }
  if (state.faults().internalError === true) {
    return sendAnswer(ctx.res, routerError(500, 'internal_error', 'internal error'));
  }
  await routeRouterRequest(ctx, state, auth.owner);
}

export function createRouterSimulator(options: RouterSimulatorOptions = {}): RouterSimulator {
  const settings = resolveSettings(options);
  let faults: RouterFaults = {};
  const currentFaults = (): RouterFaults => faults;
  let state = createState(settings, currentFaults);

  const handle: RouteHandler = async (ctx) => {
    if (!isRouterPath(ctx.path)) return false;
    // Work already under way keeps the state it started with, so a reset never corrupts the fresh state.
    const startedWith = state;
    try {
      await answer(ctx, startedWith);
    } catch {
      if (!ctx.res.headersSent) sendAnswer(ctx.res, routerError(500, 'internal_error', 'internal error'));
      else ctx.res.destroy();
    }
    return true;
  };

  return {
    handle,
    handleStorage: (ctx) => state.media.handle(ctx),
    reset() {
      state.queue.stop();
      state = createState(settings, currentFaults);
    },
    setFaults(next) {
      faults = { ...next };
    },
  };
}
