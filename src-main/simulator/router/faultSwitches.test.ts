// The Router's fault switches beyond the status they answer with (the error table checks that): which
// failures a fallback provider rescues, what a policy refusal costs, a starved queue, forbidden models and
// an internal error, each through real sockets.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { follow, startRouterTestServer, waitFor, type RouterTestServer } from './testing/testHarness';

const IMAGE = '/v2/models/acme/imagegen-2'; // billing: charged on policy rejection; fallback: kiln
const PORTRAIT = '/v2/models/ember.ai/portrait-1'; // billing: not charged on policy rejection
const MUSIC = '/v2/models/sonora/music-1'; // no other provider

let server: RouterTestServer;
beforeAll(async () => {
  server = await startRouterTestServer({ queueStepMs: 5 });
});
afterEach(() => {
  server.sim.setFaults({});
  server.sim.reset();
});
afterAll(() => server.close());

const spent = (response: Response): number => Number(response.headers.get('x-committed-spend-current'));

const probe = () => server.call('POST', PORTRAIT, { body: { prompt: 'probe' } });

interface RequestStatus {
  status: string;
  error_type?: string;
  queue_position?: number;
}

/** Poll a queued request's status link until COMPLETED; `onEach` sees every status read on the way. */
const untilCompleted = (statusUrl: string, onEach: (status: RequestStatus) => void = () => {}) =>
  waitFor(async () => {
    const status = (await (await follow(statusUrl)).json()) as RequestStatus;
    onEach(status);
    return status.status === 'COMPLETED' ? status : undefined;
  });

describe('provider failures and fallback', () => {
  it('a provider timeout is 504 provider_timeout, and the other provider rescues it when fallback is on', async () => {
    server.sim.setFaults({ providerTimeout: true });
    const alone = await server.call('POST', MUSIC, { body: { prompt: 'x' } });
    expect(alone.status).toBe(504);
    expect(alone.headers.get('x-svc-error-type')).toBe('provider_timeout');
    const rescued = await server.call('POST', IMAGE, { body: { prompt: 'x' } });
    expect(rescued.status).toBe(200);
    expect(rescued.headers.get('x-svc-router-fallback-provider')).toBe('kiln');
    const noFallback = await server.call('POST', `${IMAGE}?fallback_provider=false`, {
      body: { prompt: 'x' },
    });
    expect(noFallback.status).toBe(504);
  });

  it('a policy refusal is the request’s fault: never rescued, charged only where billing says so', async () => {
    server.sim.setFaults({ contentPolicyViolation: true });
    const charged = await server.call('POST', IMAGE, { body: { prompt: 'x' } });
    expect(charged.status).toBe(400);
    expect(charged.headers.get('x-svc-error-type')).toBe('content_policy_violation');
    expect(charged.headers.get('x-svc-upstream-status')).toBe('400');
    expect(charged.headers.get('x-svc-router-fallback-provider')).toBeNull();
    const free = await server.call('POST', PORTRAIT, { body: { prompt: 'x' } });
    expect(free.status).toBe(400);
    server.sim.setFaults({});
    // imagegen-2 costs 4 cents; the portrait refusal and the probe's own run are what else was spent.
    const after = await probe();
    expect(spent(after)).toBe(4 + Number(after.headers.get('x-svc-credits-used')));
  });

  it('a queued run sampled under a provider timeout completes with error_type provider_timeout', async () => {
    server.sim.setFaults({ providerTimeout: true });
    const submitted = await server.call('POST', `${MUSIC}/requests`, { body: { prompt: 'x' } });
    const handle = (await submitted.json()) as { status_url: string; response_url: string };
    const done = await untilCompleted(handle.status_url);
    expect(done.error_type).toBe('provider_timeout');
    const result = await follow(handle.response_url);
    expect(result.status).toBe(504);
  });
});

describe('refusals', () => {
  it('a starved queue times every waiting request out: IN_QUEUE straight to COMPLETED, never charged', async () => {
    const before = await probe();
    server.sim.setFaults({ queueTimeout: true });
    const submitted = await server.call('POST', `${IMAGE}/requests`, { body: { prompt: 'x' } });
    expect(submitted.status).toBe(201);
    const handle = (await submitted.json()) as { status_url: string };
    const seen = new Set<string>();
    const done = await untilCompleted(handle.status_url, (status) => seen.add(status.status));
    expect(done.error_type).toBe('queue_timeout');
    expect(seen.has('IN_PROGRESS')).toBe(false);
    server.sim.setFaults({});
    const cost = Number(before.headers.get('x-svc-credits-used'));
    expect(spent(await probe())).toBe(spent(before) + cost);
  });

  it('a paused queue keeps every request waiting in its place, without aging it, until it is resumed', async () => {
    server.sim.setFaults({ queuePaused: true });
    const handles: { status_url: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const submitted = await server.call('POST', `${IMAGE}/requests`, { body: { prompt: `p${i}` } });
      handles.push((await submitted.json()) as { status_url: string });
    }
    // Many steps later, both still wait, in the order they came.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await Promise.all(
      handles.map(async (handle) => (await follow(handle.status_url)).json() as Promise<RequestStatus>),
    );
    expect(waiting.map((status) => [status.status, status.queue_position])).toEqual([
      ['IN_QUEUE', 0],
      ['IN_QUEUE', 1],
    ]);
    server.sim.setFaults({});
    for (const handle of handles)
      expect((await untilCompleted(handle.status_url)).error_type).toBeUndefined();
  });

  it('a forbidden model is 403 forbidden on every route that addresses it; other models still answer', async () => {
    server.sim.setFaults({ forbiddenModels: ['acme/imagegen-2'] });
    for (const [method, path] of [
      ['GET', IMAGE],
      ['GET', `${IMAGE}/openapi.json`],
      ['POST', IMAGE],
      ['POST', `${IMAGE}/requests`],
    ] as const) {
      const response = await server.call(method, path, method === 'POST' ? { body: { prompt: 'x' } } : {});
      expect(response.status).toBe(403);
      expect(response.headers.get('x-svc-error-type')).toBe('forbidden');
    }
    expect((await server.call('GET', PORTRAIT)).status).toBe(200);
  });

  it('402 insufficient_credits on run submissions, before anything is charged or queued', async () => {
    server.sim.setFaults({ insufficientCredits: true });
    for (const path of [IMAGE, `${IMAGE}/requests`]) {
      const response = await server.call('POST', path, { body: { prompt: 'x' } });
      expect(response.status).toBe(402);
      expect(response.headers.get('x-committed-spend-limit')).toBeTruthy();
    }
    expect((await server.call('GET', IMAGE)).status).toBe(200);
  });

  it('500 internal_error on every authenticated route; a missing credential is still 401', async () => {
    server.sim.setFaults({ internalError: true });
    expect((await server.call('GET', '/v2/models')).status).toBe(500);
    expect((await server.call('POST', IMAGE, { body: { prompt: 'x' } })).status).toBe(500);
    expect((await server.call('GET', '/v2/models', { key: null })).status).toBe(401);
  });
});
