// Router answers held as data. An answer is built first and sent second so that idempotency can record the
// exact bytes and headers of a reply and replay them later (NOTES.md Part B, "record-and-replay").
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { ValidationErrorDetail } from './validate';

/** X-Svc-Error-Type buckets (NOTES.md Part B lists 19; `client_disconnected` is only logged, never sent). */
export type ErrorType =
  | 'invalid_input'
  | 'content_policy_violation'
  | 'provider_error'
  | 'provider_timeout'
  | 'insufficient_credits'
  | 'model_not_found'
  | 'unauthorized'
  | 'forbidden'
  | 'not_enabled'
  | 'concurrency_limit_exceeded'
  | 'rate_limited'
  | 'queue_backlog_full'
  | 'internal_error'
  | 'deadline_exceeded'
  | 'service_unavailable'
  | 'cancelled'
  | 'queue_timeout'
  | 'request_not_found';

export interface Answer {
  status: number;
  /** Lower-case header names, so merging never produces two spellings of one header. */
  headers: Record<string, string>;
  body: Buffer | null;
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Answer {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  };
}

export function bytesAnswer(
  status: number,
  contentType: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Answer {
  return { status, headers: { 'content-type': contentType, ...headers }, body };
}

/** A RouterErrorResponse `{detail, error_type, upstream_detail?}` with its X-Svc-Error-Type header. */
export function routerError(
  status: number,
  errorType: ErrorType,
  detail: string,
  headers: Record<string, string> = {},
  upstreamDetail?: string,
): Answer {
  const body: Record<string, string> = { detail, error_type: errorType };
  if (upstreamDetail !== undefined) body.upstream_detail = upstreamDetail;
  return jsonAnswer(status, body, { 'x-svc-error-type': errorType, ...headers });
}

/** A 422 carries the validation body, which has no error_type: the bucket is only in the header. */
export function validationError(
  details: ValidationErrorDetail[],
  headers: Record<string, string> = {},
): Answer {
  return jsonAnswer(422, { detail: details }, { 'x-svc-error-type': 'invalid_input', ...headers });
}

export function withHeaders(answer: Answer, headers: Record<string, string>): Answer {
  return { ...answer, headers: { ...answer.headers, ...headers } };
}

/** Retry-After in whole seconds, at least 1, from an estimate in milliseconds. */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/**
 * Send an answer. Every response gets its own X-Svc-Request-Id (a replay is a new response, so a new id) and
 * `nosniff`, because run outputs may be partner bytes under the partner's own Content-Type.
 */
export function sendAnswer(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string | number> = {
    ...answer.headers,
    'x-svc-request-id': randomUUID(),
    'x-content-type-options': 'nosniff',
  };
  if (answer.body !== null) headers['content-length'] = answer.body.length;
  res.writeHead(answer.status, headers);
  res.end(answer.body ?? undefined);
}
