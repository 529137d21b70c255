// One error type for everything the API layer can fail with (ARCHITECTURE rule 9). The UI maps
// `code` to words and next steps; `kind` tells it which family of trouble it is looking at.
import { ERROR_CODES } from '../../../src-shared/errorCodes';
import { formatBytes } from '../../../src-shared/format';

export type ApiErrorKind =
  /** The service answered with an error status; `code` is its code, or `http_<status>`. */
  | 'http'
  /** No answer: connection refused, reset, DNS failure. `status` is 0. */
  | 'network'
  /** No answer within the request's time limit. `status` is 0. */
  | 'timeout'
  /** An answer we could not read: not JSON, or not the documented shape. */
  | 'invalid-response'
  /** Refused locally before anything was sent: a value the service would reject. */
  | 'invalid-request'
  /** A submission whose outcome is unknown: the job or asset may exist. Reconcile, never resubmit blindly. */
  | 'maybe-created'
  /** The credential store failed, so the request was not sent. */
  | 'credential';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  code: string;
  message: string;
  details?: unknown;
  retryAfterMs?: number | null;
  requestId?: string | null;
  /** True when a network failure happened before any byte of the request could leave. */
  notSent?: boolean;
  /**
   * The few response headers a caller may act on (upstream status, replay, committed spend), lower-case.
   * Never the whole set, so nothing a caller did not ask for travels with the error.
   */
  headers?: Readonly<Record<string, string>>;
  cause?: unknown;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly retryAfterMs: number | null;
  readonly requestId: string | null;
  readonly notSent: boolean;
  readonly headers: Readonly<Record<string, string>>;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.requestId = init.requestId ?? null;
    this.notSent = init.notSent ?? false;
    this.headers = init.headers ?? {};
  }

  static invalidRequest(code: string, message: string, details?: unknown): ApiError {
    return new ApiError({ kind: 'invalid-request', status: 0, code, message, details, notSent: true });
  }

  static timeout(timeoutMs: number): ApiError {
    return new ApiError({
      kind: 'timeout',
      status: 0,
      code: 'timeout',
      message: `No answer within ${timeoutMs} ms.`,
      details: { timeoutMs },
    });
  }

  static invalidResponse(
    message: string,
    status: number,
    requestId: string | null,
    details?: unknown,
  ): ApiError {
    return new ApiError({
      kind: 'invalid-response',
      status,
      code: 'invalid_response',
      message,
      requestId,
      details,
    });
  }

  /**
   * An answer longer than Loupe reads for its kind (bodyLimits.ts): reading stopped at the limit. `body`
   * names the kind ('job', 'jobList', …) so the words can say which answer it was.
   */
  static tooLarge(body: string, maxBytes: number, status: number, requestId: string | null): ApiError {
    return new ApiError({
      kind: 'invalid-response',
      status,
      code: ERROR_CODES.responseTooLarge,
      message: `The service's answer was larger than the ${formatBytes(maxBytes)} Loupe reads for it, so Loupe stopped reading.`,
      requestId,
      details: { body, maxBytes },
    });
  }

  /** Wraps what fetch threw when no response arrived. */
  static network(cause: unknown): ApiError {
    const systemCode = findSystemCode(cause);
    const notSent = systemCode !== null && notSentCodes.has(systemCode);
    return new ApiError({
      kind: 'network',
      status: 0,
      code: 'network_error',
      message: notSent ? 'Could not connect to the service.' : 'The connection to the service failed.',
      details: { cause: systemCode },
      notSent,
      cause,
    });
  }

  /**
   * A keyed submission whose fate is unknown (reset mid-request, 5xx, or the key reported as already
   * used). The original error is kept in `details` so nothing is lost.
   */
  static maybeCreated(original: ApiError, idempotencyKey: string): ApiError {
    return new ApiError({
      kind: 'maybe-created',
      status: original.status,
      code: 'outcome_unknown',
      message: 'The request may have been carried out; check before submitting again.',
      details: { idempotencyKey, originalCode: original.code, originalDetails: original.details },
      retryAfterMs: original.retryAfterMs,
      requestId: original.requestId,
      headers: original.headers,
      cause: original,
    });
  }

  /** Plain data for logs and for crossing the process boundary (no stack, no cause chain). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      details: this.details,
      retryAfterMs: this.retryAfterMs,
      requestId: this.requestId,
    };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Failures that happen before a connection exists, so the request certainly never reached the service. */
const notSentCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** undici wraps the socket error in `cause` (sometimes twice); the first string `code` is the useful one. */
function findSystemCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return null;
}
