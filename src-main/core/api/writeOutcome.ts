// What became of one write to a service (a job submission, an asset upload or from-hash, a Router run, a
// cancel): the one place that decides it, for the app and the CLI (ARCHITECTURE rule 13).
//
//   not-sent   the request certainly never left (refused locally, no connection): the key is free
//   refused    the service answered that it did nothing (a 4xx that releases the key, a 429): the key is free
//   created    a 2xx arrived and its body was read
//   created-unread
//              a 2xx status line arrived, so the thing exists; its body was lost, cut short, not JSON, too
//              large or too slow. The details are found later (the reconciler, a list, a replay): never
//              "failed", never sent again under a new key
//   unknown    it may or may not exist (cut before the status line, a timeout, a 5xx, the key already used)
//
// Only `refused` and `not-sent` may ever lead to a new attempt under a new key.
import { ApiError } from './errors';
import type { HttpResponse } from './httpResponse';

export type WriteOutcome<T> =
  | { kind: 'created'; value: T; response: HttpResponse }
  | { kind: 'created-unread'; error: ApiError; status: number; requestId: string | null }
  | { kind: 'refused'; error: ApiError }
  | { kind: 'not-sent'; error: ApiError }
  | { kind: 'unknown'; error: ApiError };

/**
 * How the service treats a key it has seen: `single-use` (v2 jobs and assets: a second request with it is
 * refused, spec Idempotency-Key rules) or `replay` (the Router answers it again from its record).
 */
export type KeyRule = 'single-use' | 'replay' | 'none';

export type FailedWrite = Exclude<WriteOutcome<never>['kind'], 'created' | 'created-unread'>;

/** Whether the thing a write would make may now exist (so it must never be made again under a new key). */
export function mayExist(kind: WriteOutcome<unknown>['kind']): boolean {
  return kind === 'created' || kind === 'created-unread' || kind === 'unknown';
}

/**
 * What a failure before any 2xx status line means. An error the request layer threw after its own retries
 * (see retry.ts): a keyed v2 POST whose outcome was unknown already arrives as kind 'maybe-created'.
 */
export function classifyFailedWrite(error: unknown, keyRule: KeyRule): FailedWrite {
  if (!(error instanceof ApiError)) return 'unknown';
  switch (error.kind) {
    case 'invalid-request':
    case 'credential':
      return 'not-sent';
    case 'network':
      return error.notSent ? 'not-sent' : 'unknown';
    case 'maybe-created':
    case 'timeout':
    case 'invalid-response':
      return 'unknown';
    case 'http':
      return classifyStatus(error, keyRule);
  }
}

function classifyStatus(error: ApiError, keyRule: KeyRule): FailedWrite {
  const { status, code } = error;
  // A queue that is full, a deployment not ready: the key is released (spec rule 4) and nothing was made.
  if (status === 429) return 'refused';
  if (status >= 400 && status < 500) {
    // "Key already presented": an earlier request with it reached submission, so the thing may exist.
    if (code === 'idempotency_key_reuse') return 'unknown';
    // A 422 whose body could not be read cannot be told apart from idempotency_key_reuse.
    if (status === 422 && code === 'http_422' && keyRule === 'single-use') return 'unknown';
    return 'refused';
  }
  // 5xx (the key stays claimed, rule 5), 3xx to a POST, anything else: it may exist.
  return 'unknown';
}

/**
 * Sends a write and reads its answer. Any failure after a 2xx status line (the body lost, cut, not JSON,
 * not the documented shape, too large, too slow) makes it `created-unread`, never a failure.
 */
export async function performWrite<T>(
  send: () => Promise<HttpResponse>,
  read: (response: HttpResponse) => Promise<T>,
  keyRule: KeyRule,
): Promise<WriteOutcome<T>> {
  let response: HttpResponse;
  try {
    response = await send();
  } catch (error) {
    const kind = classifyFailedWrite(error, keyRule);
    return { kind, error: asApiError(error) };
  }
  try {
    return { kind: 'created', value: await read(response), response };
  } catch (error) {
    await response.discard();
    return {
      kind: 'created-unread',
      error: answerLost(error, response),
      status: response.status,
      requestId: response.requestId,
    };
  }
}

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({
    kind: 'network',
    status: 0,
    code: 'no_answer',
    message: error instanceof Error ? error.message : 'The request ended without an answer.',
    cause: error,
  });
}

function answerLost(error: unknown, response: HttpResponse): ApiError {
  const original = error instanceof ApiError ? error : null;
  return new ApiError({
    kind: 'invalid-response',
    status: response.status,
    code: 'answer_lost',
    message:
      'The service accepted the request (it answered ' +
      `${response.status}), but its answer could not be read` +
      (original === null ? '.' : `: ${original.message}`),
    details: { originalCode: original?.code ?? null },
    requestId: response.requestId,
    ...(error === undefined ? {} : { cause: error }),
  });
}
