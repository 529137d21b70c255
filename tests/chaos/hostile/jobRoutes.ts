// The v2 jobs surface of the hostile service: submit with single-use Idempotency-Keys exactly per the spec's
// rules 1–6, read, list newest first with opaque cursors and label filters, the workflow document, logs
// (204), a one-event SSE stream, and cancel. Each write is where a drawn fault may strike.
import { z } from 'zod';
import { identityOf } from '../trialWorkflow';
import {
  answer,
  readBody,
  refuse,
  refusesBeforeWrite,
  releasesKey,
  strike,
  type Exchange,
  type ServiceContext,
} from './context';
import type { ServiceJob } from './ledger';
import { jobView, listItemView } from './views';
import { sendError, sendJson } from './wire';

const submitBodySchema = z
  .object({
    workflow: z.record(z.string(), z.unknown()),
    extra_data: z
      .strictObject({ api_key_svc_org: z.string(), auth_token_svc_org: z.string() })
      .partial()
      .optional(),
    metadata: z.record(z.string(), z.string()).optional(),
  })
  .loose();

const nodeSchema = z.looseObject({ class_type: z.string(), inputs: z.record(z.string(), z.unknown()) });
const assetRefSchema = z.looseObject({
  __type: z.literal('core/ASSET'),
  info: z.looseObject({ id: z.string() }),
});

const MAX_SUBMIT_BYTES = 4 * 1024 * 1024;
const LIST_MAX = 500;

/** The spec's synchronous validation; the refusal's code, or null when the workflow may run. */
function refusalOf(context: ServiceContext, body: z.infer<typeof submitBodySchema>): string | null {
  if ('webhook_url' in body || 'inputs' in body) return 'invalid_workflow';
  const workflow = body.workflow;
  if (Array.isArray(workflow.nodes) && Array.isArray(workflow.links)) return 'workflow_format_ui';
  for (const node of Object.values(workflow)) {
    const parsed = nodeSchema.safeParse(node);
    if (!parsed.success) return 'invalid_workflow';
    for (const value of Object.values(parsed.data.inputs)) {
      const reference = assetRefSchema.safeParse(value);
      if (reference.success && !context.ledger.assets.has(reference.data.info.id)) return 'missing_asset';
    }
  }
  return null;
}

export async function submitJob(context: ServiceContext, exchange: Exchange): Promise<void> {
  const { req, res } = exchange;
  const raw = await readBody(req, MAX_SUBMIT_BYTES);
  if (raw === null) return;
  await context.notify({ type: 'submit-arrived' });
  const keyHeader = req.headers['idempotency-key'];
  const key = typeof keyHeader === 'string' ? keyHeader : null;
  if (key !== null && (key === '' || key.length > 255)) {
    sendError(res, 400, 'invalid_request', 'An Idempotency-Key is 1 to 255 characters.');
    return;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    sendError(res, 422, 'invalid_workflow', 'The body is not JSON.');
    return;
  }
  // Rule 2: a key presented before is refused, whatever the body, and the request is never executed.
  if (key !== null && context.ledger.keyTaken('job', key)) {
    sendError(res, 422, 'idempotency_key_reuse', 'This Idempotency-Key was already used.');
    return;
  }
  const body = submitBodySchema.safeParse(json);
  const refusal = body.success ? refusalOf(context, body.data) : 'invalid_workflow';
  // Rule 4: a validation error makes nothing and leaves the key free.
  if (!body.success || refusal !== null) {
    sendError(res, 422, refusal ?? 'invalid_workflow', 'The workflow was refused.');
    return;
  }
  const identity = identityOf(body.data.workflow, (id) => context.ledger.assets.get(id)?.hash ?? null);
  const fault = strike(context, 'submit', identity ?? 'stray');
  // Rule 3: the request reached submission, so its key is claimed.
  if (key !== null) context.ledger.claimKey('job', key);
  if (refusesBeforeWrite(fault)) {
    if (key !== null && releasesKey(fault)) context.ledger.releaseKey('job', key);
    refuse(exchange, fault);
    return;
  }
  const manyOutputs =
    identity !== null &&
    context.faults.strike('read-job', identity, new Set(['outputs-10k'] as const)) !== null;
  const job = context.ledger.createJob({
    identity,
    key,
    workflow: body.data.workflow,
    metadata: body.data.metadata ?? {},
    manyOutputs,
  });
  await context.notify({ type: 'job-created', jobId: job.id });
  await answer(context, exchange, 201, jobView(context.ledger, job), fault);
}

function jobOr404(context: ServiceContext, exchange: Exchange, id: string): ServiceJob | null {
  const job = context.ledger.jobs.get(id) ?? null;
  if (job === null) sendError(exchange.res, 404, 'not_found', 'There is no such job.');
  return job;
}

export async function readJob(context: ServiceContext, exchange: Exchange, id: string): Promise<void> {
  const job = jobOr404(context, exchange, id);
  if (job === null) return;
  const fault = strike(context, 'read-job', job.identity ?? 'stray');
  if (refusesBeforeWrite(fault)) return refuse(exchange, fault);
  await answer(context, exchange, 200, jobView(context.ledger, job), fault);
}

export function readWorkflow(context: ServiceContext, exchange: Exchange, id: string): void {
  const job = jobOr404(context, exchange, id);
  if (job !== null) sendJson(exchange.res, 200, JSON.stringify({ format: 'api', workflow: job.workflow }));
}

export function readLogs(context: ServiceContext, exchange: Exchange, id: string): void {
  if (jobOr404(context, exchange, id) === null) return;
  exchange.res.writeHead(204);
  exchange.res.end();
}

/** One progress snapshot and the end of the stream: polling stays the truth (rule 4). */
export function streamEvents(context: ServiceContext, exchange: Exchange, id: string): void {
  const job = jobOr404(context, exchange, id);
  if (job === null) return;
  exchange.res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const view = jobView(context.ledger, job);
  exchange.res.end(
    `event: progress\ndata: ${JSON.stringify(view.progress ?? { value: 0, nodes_done: 0, nodes_total: 8 })}\n\n`,
  );
}

export async function cancelJob(context: ServiceContext, exchange: Exchange, id: string): Promise<void> {
  if ((await readBody(exchange.req, 64 * 1024)) === null) return;
  const job = jobOr404(context, exchange, id);
  if (job === null) return;
  const fault = strike(context, 'cancel', job.identity ?? 'stray');
  if (refusesBeforeWrite(fault)) return refuse(exchange, fault);
  // Cancel on a terminal job is a no-op that returns it.
  const status = context.ledger.statusOf(job);
  if (status === 'queued' || status === 'running') context.ledger.requestCancel(job);
  await answer(context, exchange, 200, jobView(context.ledger, job), fault);
}

export async function listJobs(context: ServiceContext, exchange: Exchange): Promise<void> {
  const { url, res } = exchange;
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? LIST_MAX : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1) {
    sendError(res, 422, 'invalid_request', 'limit must be a positive integer.');
    return;
  }
  const cursor = url.searchParams.get('cursor');
  const before = cursor === null ? Number.POSITIVE_INFINITY : /^c(\d+)$/.exec(cursor)?.[1];
  if (before === undefined) {
    sendError(res, 400, 'invalid_cursor', 'The cursor could not be read.');
    return;
  }
  const filters = [...url.searchParams.entries()].flatMap(([name, value]) => {
    const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
    return key === undefined ? [] : [[key, value] as const];
  });
  if (filters.length > 3 || new Set(filters.map(([key]) => key)).size !== filters.length) {
    sendError(res, 400, 'invalid_metadata_filter', 'At most 3 label filters, each key once.');
    return;
  }
  const matching = [...context.ledger.jobs.values()]
    .filter((job) => job.seq < Number(before) && filters.every(([key, value]) => job.metadata[key] === value))
    .sort((a, b) => b.seq - a.seq);
  const page = matching.slice(0, Math.min(limit, LIST_MAX));
  const last = page.at(-1);
  const body = {
    jobs: page.map((job) => listItemView(context.ledger, job)),
    ...(matching.length > page.length && last !== undefined ? { next_cursor: `c${last.seq}` } : {}),
  };
  const fault = strike(context, 'list-jobs', 'list');
  if (refusesBeforeWrite(fault)) return refuse(exchange, fault);
  await answer(context, exchange, 200, body, fault);
}
