// Every documented Router status and bucket, provoked on the simulator's Router over real sockets (one attempt:
// the retry policy would otherwise absorb the transient ones), and read back from the run's record as the
// contract's RouterRunError: status, bucket as sent, upstream status, the 422's fields, words that say what to do,
// and whether the same key may go again. A bucket the Router has not documented is named as unknown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import type { FaultInput } from '../../simulator/faultSettings';
import { json, startTestServer } from '../api/testing/testServer';
import { addRouterProfile, eventually, startRouterEnv, type RouterEnv } from './testing/routerEnv';

const chat = { messages: [{ role: 'user', content: 'hello' }] };
const CHAT = 'lexa/chat-3.5';
/** No fallback provider, so a provider failure is not rescued. */
const NO_FALLBACK = 'lexa/chat-4';
/** Sixteen steps: past the synchronous deadline, and a quarter of the concurrency pool (one slot). */
const CINEMA = 'lumen/cinema-1';

let env: RouterEnv;
beforeAll(async () => {
  env = await startRouterEnv({
    sim: { routerEnabledKeys: ['demo-key'] },
    core: { headless: true, router: { maxAttempts: 1 } },
  });
});
afterAll(() => env.close());
afterEach(() => env.sim.control.setFaults({ router: null }));

function sync(
  modelId: string,
  input: unknown,
  extra: Record<string, unknown> = {},
): Promise<RouterRunDetail> {
  return env.core.router.run(env.profileId, { modelId, input, mode: 'sync', ...extra });
}

function under(router: NonNullable<FaultInput['router']>, modelId = NO_FALLBACK) {
  return () => {
    env.sim.control.setFaults({ router });
    return sync(modelId, chat);
  };
}

interface Case {
  name: string;
  provoke: () => Promise<RouterRunDetail>;
  status: number;
  bucket: string;
  retryable: boolean;
  says: RegExp;
  upstreamStatus?: number;
}

const cases: Case[] = [
  {
    name: '400 invalid_input (an unknown model_provider)',
    provoke: () => sync(CHAT, chat, { options: { modelProvider: 'nosuch' } }),
    status: 400,
    bucket: 'invalid_input',
    retryable: false,
    says: /refused the request as invalid/,
  },
  {
    name: '400 content_policy_violation',
    provoke: under({ contentPolicyViolation: true }, CHAT),
    status: 400,
    bucket: 'content_policy_violation',
    retryable: false,
    says: /policy grounds.*Change the prompt/,
    upstreamStatus: 400,
  },
  {
    name: '402 insufficient_credits',
    provoke: under({ insufficientCredits: true }),
    status: 402,
    bucket: 'insufficient_credits',
    retryable: true,
    says: /Top up/,
  },
  {
    name: '403 forbidden (a model this caller may not use)',
    provoke: under({ forbiddenModels: [NO_FALLBACK] }),
    status: 403,
    bucket: 'forbidden',
    retryable: false,
    says: /may not use/,
  },
  {
    name: '404 model_not_found',
    provoke: () => sync('acme/no-such-model', chat),
    status: 404,
    bucket: 'model_not_found',
    retryable: false,
    says: /does not know this model/,
  },
  {
    name: '429 rate_limited',
    provoke: under({ rateLimited: true }),
    status: 429,
    bucket: 'rate_limited',
    retryable: true,
    says: /rate limit is reached\. Retry in 2 s/,
  },
  {
    name: '500 internal_error',
    provoke: under({ internalError: true }),
    status: 500,
    bucket: 'internal_error',
    retryable: true,
    says: /internal error/,
  },
  {
    name: '502 provider_error, with the upstream status',
    provoke: under({ providerError: true }),
    status: 502,
    bucket: 'provider_error',
    retryable: false,
    says: /could not be turned into a result \(the provider answered 500\)/,
    upstreamStatus: 500,
  },
  {
    name: '503 service_unavailable',
    provoke: under({ unavailable: true }),
    status: 503,
    bucket: 'service_unavailable',
    retryable: true,
    says: /temporarily unavailable/,
  },
  {
    name: '504 provider_timeout',
    provoke: under({ providerTimeout: true }),
    status: 504,
    bucket: 'provider_timeout',
    retryable: false,
    says: /did not answer in time/,
  },
  {
    name: '504 deadline_exceeded (the run goes on; the same key collects it)',
    provoke: () => sync(CINEMA, { prompt: 'waves' }),
    status: 504,
    bucket: 'deadline_exceeded',
    retryable: true,
    says: /still running\. Retry in \d+ s: the same key collects the result/,
  },
];

describe('a refused or failed run says what happened, and what to do', () => {
  it.each(cases)('$name', async ({ provoke, status, bucket, retryable, says, upstreamStatus }) => {
    const run = await provoke();
    expect(run.state).toBe('failed');
    expect(run.error).toMatchObject({ status, bucket, retryable, upstreamStatus: upstreamStatus ?? null });
    expect(run.error?.message).toMatch(says);
    expect(run.error?.detail).toEqual(expect.any(String));
  });

  it('413: the input is larger than the Router takes', async () => {
    // Its own simulator: a server that answers before it has read the whole body leaves that connection
    // unusable for the next request, which is not what this table is about.
    const own = await startRouterEnv({ core: { headless: true, router: { maxAttempts: 1 } } });
    try {
      const big = { messages: [{ role: 'user', content: 'x'.repeat(9 * 1024 * 1024) }] };
      const run = await own.core.router.run(own.profileId, { modelId: CHAT, input: big, mode: 'sync' });
      expect(run.error).toMatchObject({ status: 413, bucket: 'invalid_input', retryable: false });
      expect(run.error?.message).toMatch(/too large for the Router/);
    } finally {
      await own.close();
    }
  });

  it('401 unauthorized: check the key', async () => {
    const profileId = await addRouterProfile(env.core, env.sim, 'wrong-key', 'wrong key');
    const run = await env.core.router.run(profileId, { modelId: CHAT, input: chat, mode: 'sync' });
    expect(run.error).toMatchObject({ status: 401, bucket: 'unauthorized', retryable: false });
    expect(run.error?.message).toMatch(/API key/);
  });

  it('403 not_enabled: the queued surface is a gated preview; run it synchronously', async () => {
    const profileId = await addRouterProfile(env.core, env.sim, 'other-key', 'not on the rollout');
    const run = await env.core.router.run(profileId, { modelId: CHAT, input: chat, mode: 'queued' });
    expect(run.error).toMatchObject({ status: 403, bucket: 'not_enabled', retryable: false });
    expect(run.error?.message).toMatch(/Run the model synchronously/);
  });

  it('422: every field the model’s schema rejected, with loc, msg and type', async () => {
    const run = await sync(CHAT, { messages: [{ role: 'robot', content: 'hi' }], temperature: 9 });
    expect(run.error).toMatchObject({ status: 422, bucket: 'invalid_input', retryable: false });
    expect(run.error?.message).toMatch(/schema rejected the input \(2 fields\)/);
    const locs = run.error?.validation.map((issue) => issue.loc.join('.')).sort();
    expect(locs).toEqual(['body.messages.0.role', 'body.temperature']);
    for (const issue of run.error?.validation ?? []) {
      expect(issue.msg).not.toBe('');
      expect(issue.type).not.toBe('');
    }
  });

  it('409 concurrency_limit_exceeded: the first send of this key still runs; 409 invalid_input: the key was used for another call', async () => {
    // Slower steps, so the first send is surely still running when the same key goes again.
    const slow = await startRouterEnv({
      sim: { timing: { routerQueueStepMs: 50 } },
      core: { headless: true, router: { maxAttempts: 1 } },
    });
    try {
      const cut = await slow.core.router.run(slow.profileId, {
        modelId: CINEMA,
        input: { prompt: 'a long take' },
        mode: 'sync',
      });
      expect(cut.error).toMatchObject({ status: 504, retryable: true });
      const again = await slow.core.router.retryRun(slow.profileId, cut.runId);
      expect(again.error).toMatchObject({
        status: 409,
        bucket: 'concurrency_limit_exceeded',
        retryable: true,
      });
      expect(again.error?.message).toMatch(/same key collects its answer/);
    } finally {
      await slow.close();
    }

    // Someone else (another tool on the same account) used this key for a different body first.
    const key = `shared-${Date.now()}`;
    await fetch(`${env.sim.url}/v2/models/${CHAT}`, {
      method: 'POST',
      headers: { 'x-api-key': 'demo-key', 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'something else' }] }),
    });
    const reused = await env.core.router.run(env.profileId, {
      modelId: CHAT,
      input: chat,
      mode: 'sync',
      idempotencyKey: key,
    });
    expect(reused.error).toMatchObject({ status: 409, bucket: 'invalid_input', retryable: false });
    expect(reused.error?.message).toMatch(/Run it again: a new run gets a new key/);
  });

  it('429 concurrency_limit_exceeded (the pool is full) and queue_backlog_full', async () => {
    const both = await Promise.all([sync(CINEMA, { prompt: 'one' }), sync(CINEMA, { prompt: 'two' })]);
    const pooled = both.find((run) => run.error?.status === 429);
    expect(pooled?.error).toMatchObject({ bucket: 'concurrency_limit_exceeded', retryable: true });
    expect(pooled?.error?.message).toMatch(/Too many Router calls are running at once/);

    let refused: RouterRunDetail | undefined;
    for (let i = 0; i < 40 && refused === undefined; i++) {
      const run = await env.core.router.run(env.profileId, {
        modelId: CINEMA,
        input: { prompt: `take ${i}` },
        mode: 'queued',
      });
      if (run.state === 'failed') refused = run;
    }
    expect(refused?.error).toMatchObject({ status: 429, bucket: 'queue_backlog_full', retryable: true });
    // Leave the backlog empty for the tests after this one: a full queue would refuse their queued runs too.
    for (const run of env.core.router.runs(env.profileId)) {
      if (run.state === 'in_queue') await env.core.router.cancelRun(env.profileId, run.runId);
    }
  });

  it('504 queue_timeout: a queued run that never ran, and was never charged', async () => {
    env.sim.control.setFaults({ router: { queueTimeout: true } });
    const run = await env.core.router.run(env.profileId, { modelId: CHAT, input: chat, mode: 'queued' });
    const done = await eventually(async () => {
      const looked = await env.core.router.refreshRun(env.profileId, run.runId);
      return looked.state === 'failed' ? looked : undefined;
    });
    expect(done.error).toMatchObject({ status: 504, bucket: 'queue_timeout', retryable: false });
    expect(done.error?.message).toMatch(/never ran, so it was not charged/);
  });
});

describe('an error type the Router has not documented', () => {
  it('is named as unknown, kept as sent, and never crashes', async () => {
    const odd = await startTestServer((request, response) => {
      const status = request.url.includes('teapot') ? 418 : 503;
      json(
        response,
        status,
        { detail: 'brewing', error_type: 'kettle_empty' },
        { 'x-svc-error-type': 'kettle_empty' },
      );
    });
    try {
      const profile = await env.core.profiles.create({
        name: 'odd router',
        surface: 'serverless',
        baseUrl: odd.origin,
        routerBaseUrl: odd.origin,
      });
      await env.core.profiles.setCredential(profile.id, 'k');
      const teapot = await env.core.router.run(profile.id, {
        modelId: 'acme/teapot',
        input: {},
        mode: 'sync',
      });
      expect(teapot.error).toMatchObject({
        status: 418,
        bucket: 'kettle_empty',
        retryable: false,
        detail: 'brewing',
      });
      expect(teapot.error?.message).toMatch(/an error type Loupe does not know: kettle_empty \(HTTP 418\)/);
      const busy = await env.core.router.run(profile.id, { modelId: 'acme/kettle', input: {}, mode: 'sync' });
      expect(busy.error).toMatchObject({ status: 503, bucket: 'kettle_empty', retryable: true });
    } finally {
      await odd.close();
    }
  });
});
