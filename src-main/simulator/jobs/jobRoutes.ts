// The v2 jobs surface: every path under /api/v2/jobs. Auth (Bearer), owner scoping (a foreign or
// expired id is 404), the job-read rate-limit fault, and the per-surface differences (list and logs).
import { looksLikeJwt } from '../auth';
import type { Faults } from '../faults';
import { matchPath, sendEmpty, sendJson, sendV2Error } from '../http';
import type { AssetPort } from '../ports';
import type { RouteContext, RouteHandler } from '../types';
import { streamJobEvents, type StreamLimiter, type StreamTiming } from './eventStream';
import type { JobEngine } from './jobEngine';
import { jobJson, type ProjectionContext } from './jobJson';
import { isTerminal, type JobRecord } from './jobModel';
import { handleList } from './listRoute';
import { handleSubmit } from './submitRoute';

export interface JobRoutesDeps {
  engine: JobEngine;
  assets: AssetPort;
  faults: Faults;
  limiter: StreamLimiter;
  streamTiming: StreamTiming;
  /** An older self-hosted build without the list and logs operations (routing 404). */
  legacySelfHosted: boolean;
}

type JobAction = 'read' | 'events' | 'workflow' | 'logs' | 'cancel';

const jobActions: { pattern: string; method: string; action: JobAction }[] = [
  { pattern: '/api/v2/jobs/:id', method: 'GET', action: 'read' },
  { pattern: '/api/v2/jobs/:id/events', method: 'GET', action: 'events' },
  { pattern: '/api/v2/jobs/:id/workflow', method: 'GET', action: 'workflow' },
  { pattern: '/api/v2/jobs/:id/logs', method: 'GET', action: 'logs' },
  { pattern: '/api/v2/jobs/:id/cancel', method: 'POST', action: 'cancel' },
];

export function createJobRoutes(deps: JobRoutesDeps): RouteHandler {
  const { engine, faults } = deps;
  const surface = engine.surface;
  const projection = (ctx: RouteContext): ProjectionContext => ({
    surface,
    origin: ctx.origin,
    prefix: ctx.prefix,
    assets: deps.assets,
    runner: engine.runner,
  });

  const requireOwner = (ctx: RouteContext): string | null => {
    const { owner, forbidden } = ctx.authenticate('v2-bearer');
    if (owner !== null) return owner;
    if (forbidden === true) {
      sendV2Error(ctx.res, 403, 'forbidden', 'This credential is not allowed to use this operation.');
      return null;
    }
    const message =
      surface === 'serverless' && looksLikeJwt(ctx.req)
        ? 'This deployment does not accept JWT bearer tokens. Use an API key.'
        : 'Missing or invalid credentials. Send Authorization: Bearer <API key>.';
    sendV2Error(ctx.res, 401, 'unauthorized', message);
    return null;
  };

  const methodNotAllowed = (ctx: RouteContext, allowed: string): boolean => {
    sendV2Error(ctx.res, 405, 'method_not_allowed', `Use ${allowed} on this path.`, null, { allow: allowed });
    return true;
  };

  const handleJob = (ctx: RouteContext, owner: string, action: JobAction, id: string): void => {
    // A surface without streaming lacks the operation itself, whatever the job (NOTES.md "Errors on the
    // events endpoint"), so this comes before the per-job checks.
    if (action === 'events' && faults.eventsUnsupported()) {
      return sendV2Error(
        ctx.res,
        501,
        'not_implemented',
        'Event streams are not offered here. Poll the job.',
      );
    }
    const retryAfter = faults.takeRateLimit();
    if (retryAfter !== null) {
      return sendV2Error(ctx.res, 429, 'rate_limited', 'Too many requests. Slow down.', null, {
        'retry-after': String(retryAfter),
      });
    }
    const job = engine.store.visible(owner, id);
    if (!job || (action === 'read' && faults.takeJobNotFound()))
      return sendV2Error(ctx.res, 404, 'not_found', 'No such job.');
    switch (action) {
      case 'read':
        return sendJson(ctx.res, 200, jobJson(job, projection(ctx)));
      case 'events':
        return streamJobEvents(
          ctx,
          job,
          {
            hub: engine.hub,
            runner: engine.runner,
            faults,
            limiter: deps.limiter,
            timing: deps.streamTiming,
          },
          projection(ctx),
        );
      case 'workflow':
        return sendJson(ctx.res, 200, workflowDocument(job));
      case 'logs':
        return sendLogs(ctx, job);
      case 'cancel':
        engine.runner.cancel(job);
        return sendJson(ctx.res, 200, jobJson(job, projection(ctx)));
    }
  };

  const sendLogs = (ctx: RouteContext, job: JobRecord): void => {
    // Only serverless captures logs; everywhere else (and before a terminal status) 204 is normal.
    if (surface !== 'serverless' || !isTerminal(job.status) || job.log === null)
      return sendEmpty(ctx.res, 204);
    sendJson(ctx.res, 200, job.log);
  };

  return async (ctx) => {
    const { path, req } = ctx;
    const method = req.method ?? 'GET';
    if (path === '/api/v2/jobs') {
      if (method !== 'GET' && method !== 'POST') return methodNotAllowed(ctx, 'GET, POST');
      if (method === 'GET' && surface === 'self-hosted' && deps.legacySelfHosted)
        return sendRoutingNotFound(ctx);
      const owner = requireOwner(ctx);
      if (owner === null) return true;
      if (method === 'POST') await handleSubmit(ctx, owner, { engine, faults, projection });
      else handleList(ctx, owner, engine);
      return true;
    }
    for (const route of jobActions) {
      const params = matchPath(route.pattern, path);
      if (!params) continue;
      if (route.action === 'logs' && surface === 'self-hosted' && deps.legacySelfHosted) {
        return sendRoutingNotFound(ctx);
      }
      if (method !== route.method) return methodNotAllowed(ctx, route.method);
      const owner = requireOwner(ctx);
      if (owner !== null) handleJob(ctx, owner, route.action, params.id ?? '');
      return true;
    }
    return false;
  };
}

function workflowDocument(job: JobRecord): Record<string, unknown> {
  // A job pinned to a saved version returns the authoring document; everything else the executed graph.
  if (job.savedWorkflow !== null) return { workflow: job.savedWorkflow, format: 'save' };
  return { workflow: job.workflow, format: 'api' };
}

/**
 * An older self-hosted build lacks the operation: its web framework answers a bare routing 404, not the v2
 * error envelope, which is how a client tells "no such route" from "no such job".
 */
function sendRoutingNotFound(ctx: RouteContext): true {
  ctx.res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
  ctx.res.end('404: Not Found');
  return true;
}
