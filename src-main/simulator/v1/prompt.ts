// POST /api/prompt: the v1 way to submit. The job it creates is the same job the v2 surface reads.
// Success is 200 {prompt_id, number, node_errors}; refusals use the v1 {code, message} body.
import type { Faults } from '../faults';
import { BodyTooLargeError, isPlainObject, parseJson, readBody, sendJson, sendV1Error } from '../http';
import type { JobEngine } from '../jobs/jobEngine';
import type { ExtraData } from '../jobs/submitBody';
import type { RouteContext } from '../types';

const maxPromptBytes = 10 * 1024 * 1024;

function workflowIdOf(extraData: Record<string, unknown>): string | null {
  const pngInfo = extraData.extra_pnginfo;
  const workflow = isPlainObject(pngInfo) ? pngInfo.workflow : undefined;
  return isPlainObject(workflow) && typeof workflow.id === 'string' ? workflow.id : null;
}

/** The partner-node key of a v1 prompt's extra_data, forwarded to the worker like v2's. */
function partnerCredentialOf(extraData: Record<string, unknown>): ExtraData | null {
  const key = extraData.api_key_svc_org;
  return typeof key === 'string' ? { api_key_svc_org: key } : null;
}

export async function handlePrompt(
  ctx: RouteContext,
  owner: string,
  engine: JobEngine,
  faults: Faults,
): Promise<void> {
  const { res } = ctx;
  let raw: Buffer;
  try {
    raw = await readBody(ctx.req, maxPromptBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      return sendV1Error(res, 413, 'PAYLOAD_TOO_LARGE', 'The prompt is too large.');
    throw error;
  }
  const json = parseJson(raw);
  if (!json.ok) return sendV1Error(res, 400, 'INVALID_JSON', 'The request body is not valid JSON.');
  const body = json.value;
  if (!isPlainObject(body) || !isPlainObject(body.prompt)) {
    return sendJson(res, 400, {
      code: 'INVALID_PROMPT',
      message: 'The body needs a prompt object.',
      node_errors: {},
    });
  }
  if (body.extra_data !== undefined && !isPlainObject(body.extra_data)) {
    return sendV1Error(res, 400, 'INVALID_PROMPT', 'extra_data must be an object.');
  }
  const validation = engine.validate(body.prompt, owner);
  if (!validation.ok) {
    const { code, message, details } = validation.failure;
    const nodeErrors = details && isPlainObject(details.node_errors) ? details.node_errors : {};
    return sendJson(res, 400, {
      code: code === 'missing_asset' ? 'MISSING_ASSET' : 'INVALID_PROMPT',
      message,
      node_errors: nodeErrors,
    });
  }
  const refusal = faults.submitRefusal('managed');
  if (refusal) {
    if (refusal.status === 402) return sendV1Error(res, 402, 'INSUFFICIENT_CREDITS', 'Not enough credits.');
    // v1 uses 429 for an inactive subscription, so capacity trouble is a 503 here.
    return sendJson(
      res,
      503,
      { code: 'SERVICE_UNAVAILABLE', message: refusal.message },
      {
        'retry-after': String(refusal.retryAfterSeconds ?? 5),
      },
    );
  }
  const job = engine.submit({
    owner,
    graph: validation.graph,
    labels: null,
    via: 'v1',
    workflowId: isPlainObject(body.extra_data) ? workflowIdOf(body.extra_data) : null,
    extraData: isPlainObject(body.extra_data) ? partnerCredentialOf(body.extra_data) : null,
  });
  if (faults.takeUnknownOutcome())
    return sendV1Error(res, 500, 'INTERNAL_ERROR', 'The service had a temporary problem.');
  sendJson(res, 200, { prompt_id: job.id, number: job.seq, node_errors: {} });
}
