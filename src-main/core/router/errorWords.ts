// Every documented Router bucket (NOTES part B, "The 19 documented buckets") in words: what happened and what to
// do next, and whether sending again under the same Idempotency-Key is safe and may work. A bucket not in this
// table is said to be unknown, by name; it is never a crash and never taken for another.

export interface BucketWords {
  message: string;
  retryable: boolean;
}

export interface WordContext {
  status: number | null;
  upstreamStatus: number | null;
  retryAfterMs: number | null;
  validationCount: number;
}

const seconds = (ms: number | null): string =>
  ms === null ? 'a moment' : `${Math.max(1, Math.ceil(ms / 1000))} s`;
const upstream = (context: WordContext): string =>
  context.upstreamStatus === null ? '' : ` (the provider answered ${context.upstreamStatus})`;

type Words = (context: WordContext) => BucketWords;

const table: Readonly<Record<string, Words>> = {
  invalid_input: (c) =>
    c.status === 409
      ? {
          message:
            'This run’s key was already used for a different request, so its answer cannot be replayed. ' +
            'Run it again: a new run gets a new key.',
          retryable: false,
        }
      : c.status === 422 || c.validationCount > 0
        ? {
            message: `The model’s schema rejected the input (${c.validationCount} field${c.validationCount === 1 ? '' : 's'}). Fix ${c.validationCount === 1 ? 'it' : 'them'} and run again.`,
            retryable: false,
          }
        : c.status === 413
          ? {
              message:
                'The input is too large for the Router. Make it smaller (link large files instead of embedding them).',
              retryable: false,
            }
          : {
              message: `The Router refused the request as invalid${upstream(c)}. Check the input and options, then run again.`,
              retryable: false,
            },
  content_policy_violation: (c) => ({
    message:
      `The provider refused the input on policy grounds${upstream(c)}. Change the prompt or input and run again; ` +
      'whether a refusal is charged depends on the model’s billing facts.',
    retryable: false,
  }),
  provider_error: (c) => ({
    message:
      `The provider’s answer could not be turned into a result${upstream(c)}. Run again, with fallback on or ` +
      'another provider.',
    retryable: false,
  }),
  provider_timeout: (c) => ({
    message: `The provider did not answer in time${upstream(c)}. Run again, or queue the run instead.`,
    retryable: false,
  }),
  insufficient_credits: () => ({
    message:
      'Not enough credits, or the committed-spend limit is reached. Top up or raise the limit, then retry.',
    retryable: true,
  }),
  model_not_found: () => ({
    message:
      'The Router does not know this model, or the chosen provider does not serve it. Check the model and provider.',
    retryable: false,
  }),
  unauthorized: () => ({
    message: 'The Router did not accept the credential. Check the profile’s API key.',
    retryable: false,
  }),
  forbidden: () => ({
    message: 'This account may not use this model (or the Router). Check the account’s access.',
    retryable: false,
  }),
  not_enabled: () => ({
    message:
      'The queued Router surface is not enabled for this account yet (a gated preview). Run the model synchronously.',
    retryable: false,
  }),
  concurrency_limit_exceeded: (c) =>
    c.status === 409
      ? {
          message: `The first send of this run is still running. Retry in ${seconds(c.retryAfterMs)}: the same key collects its answer.`,
          retryable: true,
        }
      : {
          message: 'Too many Router calls are running at once for this account. Retry when one has finished.',
          retryable: true,
        },
  rate_limited: (c) => ({
    message: `The Router’s rate limit is reached. Retry in ${seconds(c.retryAfterMs)}.`,
    retryable: true,
  }),
  queue_backlog_full: () => ({
    message: 'Too many of this account’s queued runs are already waiting. Retry when some have finished.',
    retryable: true,
  }),
  client_disconnected: () => ({
    message:
      'The Router saw the connection close before it answered. Retry: the same key collects the answer.',
    retryable: true,
  }),
  internal_error: () => ({
    message: 'The Router hit an internal error. Retry in a moment.',
    retryable: true,
  }),
  deadline_exceeded: (c) =>
    c.retryAfterMs !== null
      ? {
          message: `The model did not answer before the Router’s deadline, but it is still running. Retry in ${seconds(c.retryAfterMs)}: the same key collects the result.`,
          retryable: true,
        }
      : {
          message: `The model did not answer before the Router’s deadline${upstream(c)}. Queue the run instead.`,
          retryable: false,
        },
  service_unavailable: () => ({
    message: 'The Router is temporarily unavailable. Retry shortly.',
    retryable: true,
  }),
  cancelled: () => ({
    message: 'The run was cancelled. If it had already started, it may still have been charged.',
    retryable: false,
  }),
  queue_timeout: () => ({
    message: 'The run waited too long in the queue and never ran, so it was not charged. Run it again.',
    retryable: false,
  }),
  request_not_found: () => ({
    message: 'The Router no longer has this request (it aged out, or was never admitted). Run it again.',
    retryable: false,
  }),
};

/** By status, for an error answer that names no bucket. */
const byStatus: Readonly<Record<number, string>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  402: 'insufficient_credits',
  403: 'forbidden',
  404: 'model_not_found',
  410: 'request_not_found',
  413: 'invalid_input',
  422: 'invalid_input',
  429: 'rate_limited',
  500: 'internal_error',
  502: 'provider_error',
  503: 'service_unavailable',
  504: 'deadline_exceeded',
};

export function isKnownBucket(bucket: string): boolean {
  return Object.hasOwn(table, bucket);
}

export function bucketForStatus(status: number | null): string | null {
  return status === null ? null : (byStatus[status] ?? null);
}

/** Words for a bucket; an unknown one is named as unknown, retryable only where the status says transient. */
export function wordsFor(bucket: string | null, context: WordContext): BucketWords {
  const known = bucket !== null && isKnownBucket(bucket) ? table[bucket] : undefined;
  if (known !== undefined) return known(context);
  const status = context.status === null ? '' : ` (HTTP ${context.status})`;
  const transient = context.status !== null && (context.status === 429 || context.status >= 500);
  const named =
    bucket === null
      ? `The Router answered with an error Loupe could not place${status}.`
      : `The Router answered with an error type Loupe does not know: ${bucket.slice(0, 100)}${status}.`;
  return {
    message: `${named} ${transient ? 'Retry in a moment.' : 'See the detail below.'}`,
    retryable: transient,
  };
}
