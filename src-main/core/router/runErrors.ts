// A failed send, status read or result read of a run, as the contract's RouterRunError: the status and bucket the
// Router sent (unknown buckets kept as they came), what it means in words, the service's own text, the upstream
// status, the 422's fields, and whether sending again under the same key is safe and may work.
import { z } from 'zod';
import type { RouterRunError } from '../../../src-shared/contracts/models';
import {
  isAnswerLost,
  isApiError,
  isTooLargeResponse,
  ValidationErrorDetailSchema,
  type AnswerLostError,
  type ApiError,
} from '../api';
import { isDomainError } from '../errors';
import { bucketForStatus, wordsFor } from './errorWords';

const maxDetailLength = 2000;
const maxIssues = 200;
const maxIssueText = 500;

function clip(text: string, max = maxDetailLength): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function intHeader(error: ApiError, name: string): number | null {
  const value = error.headers[name];
  if (value === undefined || !/^\s*\d{1,3}\s*$/.test(value)) return null;
  return Number(value);
}

/** The 422 body's entries, each mapped onto the form by its `loc`; unreadable entries are left out. */
function validationOf(error: ApiError): RouterRunError['validation'] {
  if (error.status !== 422 || !Array.isArray(error.details)) return [];
  const details: unknown[] = error.details;
  return details.slice(0, maxIssues).flatMap((entry) => {
    const parsed = ValidationErrorDetailSchema.safeParse(entry);
    if (!parsed.success) return [];
    const ctx = z.json().safeParse(parsed.data.ctx ?? null);
    return [
      {
        loc: parsed.data.loc.slice(0, 32).map((part) => (typeof part === 'string' ? clip(part, 200) : part)),
        msg: clip(parsed.data.msg, maxIssueText),
        type: clip(parsed.data.type, 200),
        ctx: ctx.success && JSON.stringify(ctx.data).length <= 4000 ? ctx.data : null,
      },
    ];
  });
}

/** The words every host shows (and the CLI prints) for a run the Router took whose answer did not arrive. */
export const ANSWER_LOST_WORDS =
  'The Router took the run; its answer was lost. Loupe asks again under the same key, which is not charged twice.';

/** A 2xx came and its body did not: the run happened, only the same key may go again (it replays the answer). */
export function answerLostError(error: AnswerLostError): RouterRunError {
  return {
    status: error.status,
    bucket: null,
    message: ANSWER_LOST_WORDS,
    detail: clip(error.message),
    upstreamStatus: null,
    validation: [],
    retryable: true,
    outcome: 'answer_lost',
  };
}

/** A paid answer that arrived but is more than Loupe keeps: sending it again would only replay the same. */
export function tooLargeError(status: number | null, detail: string | null): RouterRunError {
  return {
    status,
    bucket: null,
    message:
      'The Router answered, but the answer is larger (or nested deeper) than Loupe keeps, so it was not saved.',
    detail: detail === null ? null : clip(detail),
    upstreamStatus: null,
    validation: [],
    retryable: false,
  };
}

/** Answers that never came: the request may have arrived, so only the same key may go again. */
function lostAnswer(error: ApiError): RouterRunError {
  const timeout = error.kind === 'timeout';
  const message = error.notSent
    ? 'Loupe could not reach the Router; the run was not sent. Retry when the connection is back.'
    : timeout
      ? 'The Router did not answer in time. The run may have happened: Retry sends it again under the same key, so it is not charged twice.'
      : 'The connection to the Router broke before its answer arrived. The run may have happened: Retry sends it again under the same key, so it is not charged twice.';
  return {
    status: null,
    bucket: null,
    message,
    detail: clip(error.message),
    upstreamStatus: null,
    validation: [],
    retryable: true,
    ...(error.notSent ? {} : { outcome: 'may_have_run' as const }),
  };
}

export function routerRunErrorOf(error: unknown): RouterRunError {
  if (isAnswerLost(error)) return answerLostError(error);
  if (isApiError(error)) return fromApiError(error);
  if (isDomainError(error)) {
    return {
      status: null,
      bucket: null,
      message: clip(error.message),
      detail: null,
      upstreamStatus: null,
      validation: [],
      retryable: false,
    };
  }
  return {
    status: null,
    bucket: null,
    message: 'Loupe hit an unexpected error while running this model. Details are in the app log.',
    detail: null,
    upstreamStatus: null,
    validation: [],
    retryable: false,
  };
}

function fromApiError(error: ApiError): RouterRunError {
  if (error.kind === 'network' || error.kind === 'timeout') return lostAnswer(error);
  if (error.kind === 'invalid-request' || error.kind === 'credential') {
    return {
      status: null,
      bucket: null,
      message: `Loupe did not send this: ${clip(error.message, 500)}`,
      detail: null,
      upstreamStatus: null,
      validation: [],
      retryable: error.kind === 'credential',
    };
  }
  if (isTooLargeResponse(error)) return tooLargeError(error.status || null, error.message);
  if (error.kind === 'invalid-response') {
    return {
      status: error.status || null,
      bucket: null,
      message:
        'The Router’s answer could not be read. Retry: the same key replays the answer rather than running the model again.',
      detail: clip(error.message),
      upstreamStatus: null,
      validation: [],
      retryable: true,
    };
  }
  // http: the code is X-Svc-Error-Type (or the body's error_type), else `http_<status>` when none was sent.
  const named = error.code.startsWith('http_') ? null : error.code;
  const bucket = named ?? bucketForStatus(error.status);
  const validation = validationOf(error);
  const upstreamStatus = intHeader(error, 'x-svc-upstream-status');
  const words = wordsFor(bucket, {
    status: error.status,
    upstreamStatus,
    retryAfterMs: error.retryAfterMs,
    validationCount: validation.length,
  });
  const upstreamDetail = error.headers['x-svc-upstream-detail'];
  const detail = upstreamDetail === undefined ? error.message : `${error.message} — ${upstreamDetail}`;
  return {
    status: error.status,
    // The bucket as sent; when none was sent the words still follow the status, but no bucket is claimed.
    bucket: named === null ? null : clip(named, 100),
    message: words.message,
    detail: clip(detail),
    upstreamStatus,
    validation,
    retryable: words.retryable,
  };
}
