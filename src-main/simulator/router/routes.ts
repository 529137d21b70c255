// Dispatch of one authenticated request under /v2/models to the module that answers it.
import type { RouteContext } from '../types';
import { routerError, sendAnswer } from './answer';
import { findModel, isValidModelId } from './catalog';
import { listModels, modelDetail, modelOpenApi } from './catalogRoutes';
import { cancelRun, readResult, readStatus, submitQueued } from './queueRoutes';
import type { RouterState } from './state';
import { syncRun } from './syncRun';

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function methodNotAllowed(ctx: RouteContext, allow: string): void {
  sendAnswer(ctx.res, routerError(405, 'invalid_input', `use ${allow} on this route`, { allow }));
}

export async function routeRouterRequest(
  ctx: RouteContext,
  state: RouterState,
  owner: string,
): Promise<void> {
  const method = ctx.req.method ?? 'GET';
  if (ctx.path === '/v2/models') {
    return method === 'GET' ? listModels(ctx) : methodNotAllowed(ctx, 'GET');
  }
  // '/v2/models/{provider}/{model}[/...]' → ['', 'v2', 'models', provider, model, ...rest]
  const [provider = '', model = '', ...rest] = ctx.path
    .split('/')
    .slice(3)
    .map((part) => decode(part) ?? '\0');
  // Path segments that cannot form a model id address no model (the documented status here is 404).
  const entry = isValidModelId(provider, model) ? findModel(`${provider}/${model}`) : undefined;
  if (!entry)
    return sendAnswer(ctx.res, routerError(404, 'model_not_found', `model '${provider}/${model}' not found`));
  // "A caller or model that is not allowed gives 403": the model exists, this caller may not use it.
  if (state.faults().forbiddenModels?.includes(entry.id) === true) {
    return sendAnswer(ctx.res, routerError(403, 'forbidden', `model '${entry.id}' is not available to you`));
  }

  if (rest.length === 0) {
    if (method === 'GET') return modelDetail(ctx, entry);
    if (method === 'POST') return syncRun(ctx, state, owner, entry);
    return methodNotAllowed(ctx, 'GET, POST');
  }
  if (rest.length === 1 && rest[0] === 'openapi.json') {
    return method === 'GET' ? modelOpenApi(ctx, entry) : methodNotAllowed(ctx, 'GET');
  }
  // No bucket names "no such route"; below a real model, model_not_found is the nearest documented one.
  if (rest[0] !== 'requests' || rest.length > 3) {
    return sendAnswer(ctx.res, routerError(404, 'model_not_found', `no route ${ctx.path}`));
  }
  // The queued surface is a gated preview: a caller not on the rollout gets a final 403 not_enabled.
  if (!state.settings.enabledOwners(owner)) {
    const detail = 'the queued Router surface is not enabled for this workspace';
    return sendAnswer(ctx.res, routerError(403, 'not_enabled', detail));
  }
  const [, id = '', action] = rest;
  if (rest.length === 1)
    return method === 'POST' ? submitQueued(ctx, state, owner, entry) : methodNotAllowed(ctx, 'POST');
  if (rest.length === 2)
    return method === 'GET' ? readResult(ctx, state, owner, entry, id) : methodNotAllowed(ctx, 'GET');
  if (action === 'status')
    return method === 'GET' ? readStatus(ctx, state, owner, entry, id) : methodNotAllowed(ctx, 'GET');
  if (action === 'cancel')
    return method === 'PUT' ? cancelRun(ctx, state, owner, entry, id) : methodNotAllowed(ctx, 'PUT');
  sendAnswer(ctx.res, routerError(404, 'request_not_found', `no route ${ctx.path}`));
}
