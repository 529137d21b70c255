// Every Router error bucket of model-router-api.md and NOTES.md Part B ("The 19 documented buckets"), each
// with a way to provoke it through real sockets. `client_disconnected` is only logged, never sent, so it has
// no row. Runs use lexa/chat-4 where a fallback provider must not rescue the call (it has none).
import { randomUUID } from 'node:crypto';
import { follow, resultWhenCompleted, submitQueued, type RouterErrorCase, type RouterEnv } from './routerKit';
import type { RouterFaults } from '../../ports';
import type { JsonResponse } from '../testKit';

const chat = { messages: [{ role: 'user', content: 'hello' }] };
const CHAT = 'lexa/chat-3.5';
const NO_FALLBACK = 'lexa/chat-4';
/** A $6 video model: a quarter of the concurrency pool (one slot) and a run longer than the sync deadline. */
const CINEMA = 'lumen/cinema-1';
const video = { prompt: 'waves' };
const run = (env: RouterEnv, model = NO_FALLBACK) => env.api.post(`/v2/models/${model}`, chat);
const runVideo = (env: RouterEnv, headers: Record<string, string> = {}) =>
  env.api.post(`/v2/models/${CINEMA}`, video, headers);

/** Two calls sent together; the one refused with `status`, else the first (which then fails the case). */
async function refusedOfTwo(
  a: Promise<JsonResponse>,
  b: Promise<JsonResponse>,
  status: number,
): Promise<JsonResponse> {
  const answers = await Promise.all([a, b]);
  return answers.find((answer) => answer.status === status) ?? answers[0];
}

function runUnder(router: RouterFaults, model = NO_FALLBACK) {
  return (env: RouterEnv) => {
    env.sim.control.setFaults({ router });
    return run(env, model);
  };
}

/** A model listing (no run involved) under `router` faults. */
function listUnder(router: RouterFaults) {
  return ({ sim, api }: RouterEnv) => {
    sim.control.setFaults({ router });
    return api.get('/v2/models');
  };
}

export const routerCases: readonly RouterErrorCase[] = [
  {
    name: 'invalid_input 400 (malformed cursor)',
    errorType: 'invalid_input',
    status: 400,
    provoke: ({ api }) => api.get('/v2/models?cursor=bogus'),
  },
  {
    name: 'invalid_input 422 (schema validation, bucket in the header only)',
    errorType: 'invalid_input',
    status: 422,
    provoke: ({ api }) => api.post(`/v2/models/${CHAT}`, { messages: 'nope' }),
  },
  {
    name: 'invalid_input 409 (a key reused for a different call)',
    errorType: 'invalid_input',
    status: 409,
    provoke: async ({ api }) => {
      const key = { 'idempotency-key': randomUUID() };
      await api.post(`/v2/models/${CHAT}`, chat, key);
      return api.post(`/v2/models/${CHAT}`, { messages: [{ role: 'user', content: 'else' }] }, key);
    },
  },
  {
    name: 'content_policy_violation',
    errorType: 'content_policy_violation',
    status: 400,
    provoke: runUnder({ contentPolicyViolation: true }, CHAT),
  },
  {
    name: 'provider_error',
    errorType: 'provider_error',
    status: 502,
    provoke: runUnder({ providerError: true }),
  },
  {
    name: 'provider_timeout',
    errorType: 'provider_timeout',
    status: 504,
    provoke: runUnder({ providerTimeout: true }),
  },
  {
    name: 'insufficient_credits',
    errorType: 'insufficient_credits',
    status: 402,
    provoke: runUnder({ insufficientCredits: true }),
  },
  {
    name: 'model_not_found',
    errorType: 'model_not_found',
    status: 404,
    provoke: ({ api }) => api.get('/v2/models/acme/no-such-model'),
  },
  {
    name: 'unauthorized',
    errorType: 'unauthorized',
    status: 401,
    provoke: ({ anonymous }) => anonymous.get('/v2/models'),
  },
  {
    name: 'forbidden (a caller that is not allowed)',
    errorType: 'forbidden',
    status: 403,
    provoke: ({ forbidden }) => forbidden.get('/v2/models'),
  },
  {
    name: 'forbidden (a model this caller may not use)',
    errorType: 'forbidden',
    status: 403,
    provoke: runUnder({ forbiddenModels: [NO_FALLBACK] }),
  },
  {
    name: 'not_enabled (queued surface, caller not on the rollout)',
    errorType: 'not_enabled',
    status: 403,
    provoke: ({ notEnabled }) => notEnabled.post(`/v2/models/${CHAT}/requests`, chat),
  },
  {
    name: 'concurrency_limit_exceeded 429 (pool full)',
    errorType: 'concurrency_limit_exceeded',
    status: 429,
    // Two at once: whichever arrives second finds the only slot taken (the other answers 504 later).
    provoke: (env) => refusedOfTwo(runVideo(env), runVideo(env), 429),
  },
  {
    name: 'concurrency_limit_exceeded 409 (same key still in flight)',
    errorType: 'concurrency_limit_exceeded',
    status: 409,
    provoke: (env) => {
      const key = { 'idempotency-key': randomUUID() };
      return refusedOfTwo(runVideo(env, key), runVideo(env, key), 409);
    },
  },
  { name: 'rate_limited', errorType: 'rate_limited', status: 429, provoke: runUnder({ rateLimited: true }) },
  {
    name: 'queue_backlog_full',
    errorType: 'queue_backlog_full',
    status: 429,
    provoke: async ({ api }) => {
      for (let i = 0; i < 40; i++) {
        const response = await api.post(`/v2/models/${CINEMA}/requests`, { prompt: `take ${i}` });
        if (response.status !== 201) return response;
      }
      throw new Error('the backlog never filled');
    },
  },
  {
    name: 'internal_error',
    errorType: 'internal_error',
    status: 500,
    provoke: listUnder({ internalError: true }),
  },
  {
    name: 'deadline_exceeded (synchronous video)',
    errorType: 'deadline_exceeded',
    status: 504,
    provoke: (env) => runVideo(env),
  },
  {
    name: 'service_unavailable',
    errorType: 'service_unavailable',
    status: 503,
    provoke: listUnder({ unavailable: true }),
  },
  {
    name: 'cancelled (result read of a cancelled request)',
    errorType: 'cancelled',
    status: 409,
    provoke: async (env) => {
      const handle = await submitQueued(env, CINEMA, { prompt: 'a long take' });
      await follow(env, handle.cancel_url, 'PUT');
      return resultWhenCompleted(env, handle);
    },
  },
  {
    name: 'queue_timeout (result read)',
    errorType: 'queue_timeout',
    status: 504,
    provoke: async (env) => {
      env.sim.control.setFaults({ router: { queueTimeout: true } });
      return resultWhenCompleted(env, await submitQueued(env, CHAT, chat));
    },
  },
  {
    name: 'request_not_found',
    errorType: 'request_not_found',
    status: 404,
    provoke: ({ api }) => api.get(`/v2/models/${CHAT}/requests/${randomUUID()}/status`),
  },
];
