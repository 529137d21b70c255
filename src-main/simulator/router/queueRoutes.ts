// The queued surface: submit, status read, result read and cancel (NOTES.md Part B, "Endpoints").
import type { RouteContext } from '../types';
import { jsonAnswer, retryAfterSeconds, routerError, sendAnswer, type Answer } from './answer';
import type { ModelEntry } from './catalog';
import { outputAnswer } from './execute';
import { markFresh, takeRun } from './intake';
import type { QueuedRun } from './queue';
import type { RouterState } from './state';

/** How long a finished request stays readable before status and result answer 410. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Links are built from the origin and mount prefix the caller used, so they always lead back here. */
function links(ctx: RouteContext, model: ModelEntry, id: string): Record<string, string> {
  const base = `${ctx.origin}${ctx.prefix}/v2/models/${model.id}/requests/${id}`;
  return { status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` };
}

function statusBody(ctx: RouteContext, state: RouterState, run: QueuedRun): Record<string, unknown> {
  const body: Record<string, unknown> = { request_id: run.id, status: run.status };
  if (run.status === 'IN_QUEUE') body.queue_position = state.queue.position(run);
  // On success error_type is absent, not null.
  if (run.outcome?.ok === false) body.error_type = run.outcome.errorType;
  return { ...body, ...links(ctx, run.plan.model, run.id) };
}

export async function submitQueued(
  ctx: RouteContext,
  state: RouterState,
  owner: string,
  model: ModelEntry,
): Promise<void> {
  const taken = await takeRun(ctx, state, owner, model, 'queued');
  if (!taken.ok) return sendAnswer(ctx.res, taken.answer);
  const { key, fingerprint, plan } = taken.intake;
  if (state.queue.waitingCount(owner) >= state.settings.backlogLimit) {
    const detail = 'too many of your requests are already waiting';
    const headers = { 'retry-after': retryAfterSeconds(state.settings.stepMs) };
    return sendAnswer(ctx.res, routerError(429, 'queue_backlog_full', detail, headers));
  }
  const run = state.queue.admit(owner, plan);
  const answer = jsonAnswer(201, {
    request_id: run.id,
    status: run.status,
    queue_position: state.queue.position(run),
    ...links(ctx, model, run.id),
  });
  if (key !== null) state.idempotency.record(owner, key, fingerprint, answer);
  sendAnswer(ctx.res, markFresh(answer, key));
}

type Found = { ok: true; run: QueuedRun } | { ok: false; answer: Answer };

/** Another owner's request, or one filed under another model, is indistinguishable from no request. */
function findRun(state: RouterState, owner: string, model: ModelEntry, id: string, ageOut: boolean): Found {
  const run = REQUEST_ID.test(id) ? state.queue.find(id) : undefined;
  if (!run || run.owner !== owner || run.plan.model.id !== model.id) {
    return { ok: false, answer: routerError(404, 'request_not_found', `request ${id} not found`) };
  }
  if (ageOut && run.completedAt !== null && state.settings.now() - run.completedAt > RETENTION_MS) {
    // 410 is not one of the documented buckets' usual statuses; request_not_found is the nearest bucket.
    return { ok: false, answer: routerError(410, 'request_not_found', `request ${id} has aged out`) };
  }
  return { ok: true, run };
}

function pending(ctx: RouteContext, state: RouterState, run: QueuedRun, status: number): Answer {
  const headers = { 'retry-after': retryAfterSeconds(state.queue.etaMs(run)) };
  return jsonAnswer(status, statusBody(ctx, state, run), headers);
}

type RunRoute = (ctx: RouteContext, state: RouterState, owner: string, model: ModelEntry, id: string) => void;

/** A route about one existing request: find it (or answer why not), then send what `answerFor` makes of it. */
function runRoute(
  ageOut: boolean,
  answerFor: (ctx: RouteContext, state: RouterState, run: QueuedRun) => Answer,
): RunRoute {
  return (ctx, state, owner, model, id) => {
    const found = findRun(state, owner, model, id, ageOut);
    sendAnswer(ctx.res, found.ok ? answerFor(ctx, state, found.run) : found.answer);
  };
}

export const readStatus = runRoute(true, (ctx, state, run) =>
  // Retry-After is a polling hint, so a terminal request does not carry one.
  run.status === 'COMPLETED' ? jsonAnswer(200, statusBody(ctx, state, run)) : pending(ctx, state, run, 200),
);

export const readResult = runRoute(true, (ctx, state, run) => {
  const outcome = run.outcome;
  if (outcome === null) return pending(ctx, state, run, 202);
  if (!outcome.ok) return outcome.answer;
  // Each read of the result hands out fresh signed links, as a store presigns on every read.
  return outputAnswer(
    outcome.output,
    { ...outcome.headers, 'x-svc-credits-used': String(outcome.costCents) },
    (medium) => state.media.mint(ctx.origin, medium),
  );
});

// An aged-out request is still terminal, so cancel keeps answering ALREADY_COMPLETED rather than 410.
export const cancelRun = runRoute(false, (_ctx, state, run) => {
  if (state.queue.requestCancel(run) === 'accepted') {
    return jsonAnswer(202, { request_id: run.id, status: 'CANCELLATION_REQUESTED' });
  }
  // Every error response carries X-Svc-Error-Type; "cannot do that to this request" is invalid_input.
  const headers = { 'x-svc-error-type': 'invalid_input' };
  return jsonAnswer(409, { request_id: run.id, status: 'ALREADY_COMPLETED' }, headers);
});
