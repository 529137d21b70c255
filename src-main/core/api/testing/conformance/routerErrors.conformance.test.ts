// The Router error buckets router.conformance.test.ts does not reach (NOTES.md Part B, "The 19 documented
// buckets"), as RouterClient meets them from the simulator: each a typed ApiError carrying the bucket as its
// code, retried only where the retry policy allows. Faults are set over /_sim/faults; the rollout and the
// forbidden caller are start options.
import { describe, expect, it } from 'vitest';
import { simulatorFixture } from './simulatorFixture';
import {
  apiErrorOf,
  clientsFor,
  connectionTo,
  eventually,
  otherKey,
  primaryKey,
  setFaults,
} from './simulatorHarness';

const env = simulatorFixture({
  surface: 'serverless',
  prefix: '/mount',
  forbiddenKeys: ['blocked-key'],
  routerEnabledKeys: [primaryKey],
});
const chat = { messages: [{ role: 'user', content: 'hello there' }] };
/** No other registered provider, so a provider fault cannot be rescued by fallback. */
const noFallback = 'lexa/chat-4';

describe('access', () => {
  it('403 not_enabled on the queued surface for a caller not on the rollout; final, not retried', async () => {
    const outsider = clientsFor(connectionTo(env.sim, { key: otherKey }), { sim: env.sim });
    const error = await apiErrorOf(() => outsider.router.submit('lexa/chat-3.5', chat));
    expect(error).toMatchObject({ kind: 'http', status: 403, code: 'not_enabled' });
    expect(outsider.waits).toEqual([]);
    // The synchronous surface is not gated.
    expect((await outsider.router.run('lexa/chat-3.5', chat)).kind).toBe('json');
  });

  it('403 forbidden for a caller that is not allowed', async () => {
    const blocked = clientsFor(connectionTo(env.sim, { key: 'blocked-key' }), { sim: env.sim });
    const error = await apiErrorOf(() => blocked.router.listModels());
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(blocked.waits).toEqual([]);
  });

  it('403 forbidden for a model this caller may not use, on detail and on runs', async () => {
    await setFaults(env.sim, { router: { forbiddenModels: [noFallback] } });
    expect(await apiErrorOf(() => env.api.router.getModel(noFallback))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(await apiErrorOf(() => env.api.router.run(noFallback, chat))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect((await env.api.router.getModel('lexa/chat-3.5')).id).toBe('lexa/chat-3.5');
  });
});

describe('refused runs', () => {
  it('402 insufficient_credits: not retried', async () => {
    await setFaults(env.sim, { router: { insufficientCredits: true } });
    const error = await apiErrorOf(() => env.api.router.run('lexa/chat-3.5', chat));
    expect(error).toMatchObject({ status: 402, code: 'insufficient_credits' });
    expect(env.api.waits).toEqual([]);
  });

  it('400 content_policy_violation: the request’s own fault, not retried', async () => {
    await setFaults(env.sim, { router: { contentPolicyViolation: true } });
    const error = await apiErrorOf(() => env.api.router.run('acme/imagegen-2', { prompt: 'x' }));
    expect(error).toMatchObject({ status: 400, code: 'content_policy_violation' });
    expect(env.api.waits).toEqual([]);
  });

  it('504 provider_timeout: handed back, not retried', async () => {
    await setFaults(env.sim, { router: { providerTimeout: true } });
    const error = await apiErrorOf(() => env.api.router.run(noFallback, chat));
    expect(error).toMatchObject({ status: 504, code: 'provider_timeout' });
    expect(env.api.waits).toEqual([]);
  });

  it('500 internal_error: a read is retried with backoff, then handed back', async () => {
    await setFaults(env.sim, { router: { internalError: true } });
    const error = await apiErrorOf(() => env.api.router.listModels());
    expect(error).toMatchObject({ status: 500, code: 'internal_error' });
    expect(env.api.waits).toHaveLength(3);
  });
});

describe('queued runs that never run', () => {
  it('queue_timeout: COMPLETED with that error_type, and the result read is ApiError 504 queue_timeout', async () => {
    await setFaults(env.sim, { router: { queueTimeout: true } });
    const handle = await env.api.router.submit('lexa/chat-3.5', chat);
    const completed = await eventually(async () => {
      const read = await env.api.router.status(handle);
      return read.status.status === 'COMPLETED' ? read.status : null;
    });
    expect(completed.error_type).toBe('queue_timeout');
    const error = await apiErrorOf(() => env.api.router.result(handle));
    expect(error).toMatchObject({ kind: 'http', status: 504, code: 'queue_timeout' });
  });
});
