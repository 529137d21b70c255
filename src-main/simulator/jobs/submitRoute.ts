// POST /api/v2/jobs: body limits, the Idempotency-Key lifecycle (claim → release on a definitive
// failure without a job, kept on an unknown outcome), synchronous validation, submit-time faults.
import type { Faults } from '../faults';
import { BodyTooLargeError, parseJson, readBody, sendJson, sendV2Error } from '../http';
import type { RouteContext } from '../types';
import { readKeyHeader } from './idempotency';
import type { JobEngine } from './jobEngine';
import { jobJson, type ProjectionContext } from './jobJson';
import { parseSubmitBody } from './submitBody';

export const maxSubmitBodyBytes = 10 * 1024 * 1024;

export interface SubmitDeps {
  engine: JobEngine;
  faults: Faults;
  projection: (ctx: RouteContext) => ProjectionContext;
}

export async function handleSubmit(ctx: RouteContext, owner: string, deps: SubmitDeps): Promise<void> {
  const { engine, faults } = deps;
  const { res } = ctx;
  const keyHeader = readKeyHeader(ctx.req.headers['idempotency-key']);
  if (!keyHeader.ok)
    return sendV2Error(res, 400, 'invalid_request', keyHeader.message, { header: 'Idempotency-Key' });

  let raw: Buffer;
  try {
    raw = await readBody(ctx.req, maxSubmitBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return sendV2Error(
        res,
        413,
        'payload_too_large',
        `The request body exceeds ${error.limitBytes} bytes.`,
      );
    }
    throw error;
  }

  const key = keyHeader.key;
  if (key !== null && !engine.idempotency.claim(owner, key)) {
    return sendV2Error(
      res,
      422,
      'idempotency_key_reuse',
      'This Idempotency-Key was already presented. Use a new key.',
    );
  }
  // Every definitive failure below happens before a job exists, so the key goes back (rule 4).
  const release = (): void => {
    if (key !== null) engine.idempotency.release(owner, key);
  };

  const json = parseJson(raw);
  if (!json.ok) {
    release();
    return sendV2Error(res, 400, 'invalid_request', 'The request body is not valid JSON.');
  }
  const body = parseSubmitBody(json.value, engine.options.labelPolicy);
  if (!body.ok) {
    release();
    const { status, code, message, details } = body.refusal;
    return sendV2Error(res, status, code, message, details);
  }
  const validation = engine.validate(body.body.workflow, owner);
  if (!validation.ok) {
    release();
    const { code, message, details } = validation.failure;
    return sendV2Error(res, 422, code, message, details);
  }
  const refusal = faults.submitRefusal(engine.surface);
  if (refusal) {
    release();
    const headers: Record<string, string> =
      refusal.retryAfterSeconds === null ? {} : { 'retry-after': String(refusal.retryAfterSeconds) };
    return sendV2Error(res, refusal.status, refusal.code, refusal.message, null, headers);
  }

  if (faults.takeUpstreamUnreachable(engine.surface)) {
    // The proxy cannot tell whether the submission reached its upstream, so the key stays claimed (rule 5)
    // and a retry with it gets idempotency_key_reuse (NOTES.md, reference proxy).
    return sendV2Error(
      res,
      503,
      'upstream_unreachable',
      'The upstream workflow server could not be reached.',
    );
  }

  const job = engine.submit({
    owner,
    graph: validation.graph,
    labels: body.body.labels,
    via: 'v2',
    extraData: body.body.extraData,
  });
  if (key !== null) engine.idempotency.recordJob(owner, key, job.id);
  if (faults.takeUnknownOutcome()) {
    // The job exists but the caller cannot know: the key stays claimed (rule 5).
    return sendV2Error(
      res,
      500,
      'upstream_error',
      'The service had a temporary problem. Please try again later.',
    );
  }
  sendJson(res, 201, jobJson(job, deps.projection(ctx)));
}
