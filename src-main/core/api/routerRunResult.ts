// Reading a Router run answer: the model's native output, JSON or bytes under the partner's own
// Content-Type (NOTES "Result read"), plus the metering headers that come with it. A write the Router answered
// 2xx but whose body did not arrive whole (cut, not JSON, empty, too slow) is an AnswerLostError: the Router took
// it, so it must never read as a failure that a new key would run again.
import { ApiError } from './errors';
import type { HttpResponse } from './httpResponse';

export interface RunMeta {
  requestId: string | null;
  creditsUsed: number | null;
  /** Native fields the alternate provider could not express (never dropped silently). */
  droppedParams: string[];
  fallbackProvider: string | null;
  /** True when the answer came from the idempotency record rather than a new run. */
  replayed: boolean | null;
  /** US cents. */
  committedSpend: { limit: number | null; current: number | null; remaining: number | null };
}

export type RunResult =
  | { kind: 'json'; data: unknown; meta: RunMeta }
  | { kind: 'bytes'; contentType: string; body: ReadableStream<Uint8Array>; meta: RunMeta };

/**
 * The Router answered a write (a run, a queued submit, a cancel) with a 2xx (or an accepted) status line, and then
 * its body was lost: the connection broke, the body was empty or not the documented JSON, or it came slower than the
 * time limit. The write happened; only its answer is missing. Router keys record and replay, so the follow-up is
 * the same key again, never a new one.
 */
export class AnswerLostError extends Error {
  override readonly name = 'AnswerLostError';

  constructor(
    /** The status line that did arrive. */
    readonly status: number,
    /** What its headers said (request id, credits, replayed). */
    readonly meta: RunMeta,
    /** What went wrong with the body. */
    cause: unknown,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`The Router answered ${status}, but its answer was lost: ${why}`, { cause });
  }
}

export function isAnswerLost(error: unknown): error is AnswerLostError {
  return error instanceof AnswerLostError;
}

/** A body that was refused for its size: it arrived (and is paid for), it is only more than Loupe keeps. */
export function isTooLargeResponse(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'response_too_large') return true;
  const details: unknown = error.details;
  return (
    error.kind === 'invalid-response' &&
    typeof details === 'object' &&
    details !== null &&
    'maxBytes' in details
  );
}

/**
 * Reads the body of a write the Router answered 2xx: what `read` makes of it, or, when the body is lost, an
 * AnswerLostError. A body too large stays what it is (it arrived); the caller's own abort stays an abort.
 */
export async function readTakenAnswer<T>(
  response: HttpResponse,
  read: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (signal?.aborted === true || isTooLargeResponse(error)) throw error;
    throw new AnswerLostError(response.status, readRunMeta(response.headers, response.requestId), error);
  }
}

export function isJsonContentType(contentType: string): boolean {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

/**
 * Branches on Content-Type: JSON is parsed (a body over `maxJsonBytes` is a 'response_too_large' error, never
 * read whole), anything else is handed over as a stream.
 */
export async function readRunResult(response: HttpResponse, maxJsonBytes: number): Promise<RunResult> {
  const meta = readRunMeta(response.headers, response.requestId);
  if (response.headers.get('content-length')?.trim() === '0') {
    // No output at all is never a model's answer: only the same key can bring it.
    await response.discard();
    throw ApiError.invalidResponse('The response had no body.', response.status, response.requestId);
  }
  if (isJsonContentType(response.contentType)) {
    return { kind: 'json', data: await response.json(maxJsonBytes), meta };
  }
  return {
    kind: 'bytes',
    contentType: response.contentType || 'application/octet-stream',
    body: response.stream(),
    meta,
  };
}

export function readRunMeta(headers: Headers, requestId: string | null): RunMeta {
  const replayed = headers.get('idempotent-replayed');
  return {
    requestId,
    creditsUsed: numberHeader(headers, 'x-svc-credits-used'),
    droppedParams: (headers.get('x-svc-router-dropped-params') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    fallbackProvider: headers.get('x-svc-router-fallback-provider'),
    replayed: replayed === null ? null : replayed.trim().toLowerCase() === 'true',
    committedSpend: {
      limit: numberHeader(headers, 'x-committed-spend-limit'),
      current: numberHeader(headers, 'x-committed-spend-current'),
      remaining: numberHeader(headers, 'x-committed-spend-remaining'),
    },
  };
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
