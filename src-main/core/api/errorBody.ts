// Turns an error response into an ApiError, whatever shape it came in (spec "Errors" of both documents):
//   v2 envelope      { error: { code, message, details } }
//   v1               { code, message }
//   Router           { detail: string, error_type, upstream_detail? } + X-Svc-Error-Type
//   Router 422       { detail: [ValidationErrorDetail] }, category only in X-Svc-Error-Type
//   anything else    code http_<status>
// Codes the documents do not list are kept as they came; the UI decides what an unknown code means.
import { z } from 'zod';
import { BODY_LIMITS } from './bodyLimits';
import { ApiError } from './errors';
import { parseRetryAfter } from './retryAfter';

const maxMessageLength = 2000;

export const requestIdHeader = 'x-svc-request-id';
export const errorTypeHeader = 'x-svc-error-type';

/**
 * Headers of an error answer that say what to do next (the Router's upstream status and detail, replay,
 * committed spend on a 429, the concurrency pool), kept on the ApiError. Values are clipped: a header is the
 * service's text, not ours.
 */
const keptHeaders = [
  'x-svc-upstream-status',
  'x-svc-upstream-detail',
  'idempotent-replayed',
  'x-committed-spend-limit',
  'x-committed-spend-current',
  'x-committed-spend-remaining',
  'x-concurrency-limit',
  'x-concurrency-current',
  'x-concurrency-remaining',
] as const;
const maxHeaderValueLength = 500;

function keptHeadersOf(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of keptHeaders) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value.slice(0, maxHeaderValueLength);
  }
  return kept;
}

const v2Envelope = z.looseObject({
  error: z.looseObject({
    code: z.string(),
    message: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
const v1Body = z.looseObject({ code: z.string(), message: z.string().optional() });
const routerBody = z.looseObject({
  detail: z.string().optional(),
  error_type: z.string().optional(),
  upstream_detail: z.unknown().optional(),
});
const validationListBody = z.looseObject({ detail: z.array(z.unknown()) });

export interface ErrorSource {
  status: number;
  statusText: string;
  headers: Headers;
  bodyText: string;
}

export async function apiErrorFromResponse(response: Response, nowMs: number): Promise<ApiError> {
  const bodyText = await readCapped(response, BODY_LIMITS.error);
  return apiErrorFromParts(
    { status: response.status, statusText: response.statusText, headers: response.headers, bodyText },
    nowMs,
  );
}

/**
 * A refusal with no body at all (every HEAD, a bare proxy answer) still has the spec's code for its status:
 * a 401 is `unauthorized` and a 403 `forbidden` on every route, so the words and the advice are the same.
 */
const bodylessCodes: Readonly<Record<number, string>> = { 401: 'unauthorized', 403: 'forbidden' };

export function apiErrorFromParts(source: ErrorSource, nowMs: number): ApiError {
  const { status, headers } = source;
  const common = {
    kind: 'http' as const,
    status,
    retryAfterMs: parseRetryAfter(headers.get('retry-after'), nowMs),
    requestId: headers.get(requestIdHeader),
    headers: keptHeadersOf(headers),
  };
  const headerType = headers.get(errorTypeHeader);
  const fallbackCode =
    headerType ?? bodylessCodes[source.bodyText.trim() === '' ? status : 0] ?? `http_${status}`;
  const body = parseJson(source.bodyText);

  const envelope = v2Envelope.safeParse(body);
  if (envelope.success) {
    const { code, message, details } = envelope.data.error;
    return new ApiError({ ...common, code, message: clip(message ?? code), details: details ?? null });
  }
  const list = validationListBody.safeParse(body);
  if (list.success) {
    return new ApiError({
      ...common,
      code: fallbackCode,
      message: summarizeValidation(list.data.detail),
      details: list.data.detail,
    });
  }
  const router = routerBody.safeParse(body);
  if (router.success && (router.data.error_type !== undefined || router.data.detail !== undefined)) {
    const code = router.data.error_type ?? fallbackCode;
    const { upstream_detail: upstreamDetail } = router.data;
    return new ApiError({
      ...common,
      code,
      message: clip(router.data.detail ?? code),
      details: upstreamDetail === undefined ? body : { upstreamDetail, body },
    });
  }
  const v1 = v1Body.safeParse(body);
  if (v1.success) {
    return new ApiError({
      ...common,
      code: v1.data.code,
      message: clip(v1.data.message ?? v1.data.code),
      details: body,
    });
  }
  const statusLine = `HTTP ${status}${source.statusText ? ' ' + source.statusText : ''}`;
  return new ApiError({
    ...common,
    code: fallbackCode,
    message: statusLine,
    details: body === undefined ? { body: clip(source.bodyText) } : body,
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const validationEntry = z.looseObject({
  msg: z.string(),
  loc: z.array(z.union([z.string(), z.number()])).optional(),
});

function summarizeValidation(entries: readonly unknown[]): string {
  const first = validationEntry.safeParse(entries[0]);
  if (!first.success) return 'The request was rejected by validation.';
  const where = first.data.loc?.join('.') ?? '';
  const more = entries.length > 1 ? ` (and ${entries.length - 1} more)` : '';
  return clip(`${where ? where + ': ' : ''}${first.data.msg}${more}`);
}

function clip(text: string): string {
  return text.length > maxMessageLength ? text.slice(0, maxMessageLength) + '…' : text;
}

/**
 * The first `limit` bytes of an error body: its status line already says what happened, so a longer body (a
 * proxy's HTML page, or one that never ends) is cut off there rather than refused, and the error still stands.
 */
async function readCapped(response: Response, limit: number): Promise<string> {
  if (response.body === null) return '';
  const body: ReadableStream<Uint8Array> = response.body;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = limit - received;
      const kept = value.byteLength > room ? value.subarray(0, room) : value;
      chunks.push(kept);
      received += kept.byteLength;
    }
    if (received >= limit) await reader.cancel();
  } catch {
    // A body cut off mid-way still leaves the status and headers to build the error from.
  }
  return new TextDecoder().decode(Buffer.concat(chunks, received));
}
