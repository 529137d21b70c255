import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { follow, startRouterTestServer, waitFor, type RouterTestServer } from './testing/testHarness';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IMAGE = '/v2/models/acme/imagegen-2';
const VIDEO = '/v2/models/lumen/video-1';

interface Handle {
  request_id: string;
  status: string;
  queue_position?: number;
  error_type?: string;
  status_url: string;
  response_url: string;
  cancel_url: string;
}

let clock = Date.now();
let server: RouterTestServer;
beforeAll(async () => {
  server = await startRouterTestServer({
    prefix: '/mount',
    // 12-step video blockers then hold the runner for about half a second.
    queueStepMs: 40,
    now: () => clock,
    queueBacklogLimit: 3,
    enabledOwners: (owner) => owner !== 'owner-third',
  });
});
afterEach(() => server.sim.reset());
afterAll(() => server.close());

async function submit(model: string, body: unknown, key = 'demo-key'): Promise<Handle> {
  const response = await server.call('POST', `${model}/requests`, { key, body });
  expect(response.status).toBe(201);
  return (await response.json()) as Handle;
}

async function statusOf(handle: Handle): Promise<Handle> {
  return (await (await follow(handle.status_url)).json()) as Handle;
}

function untilStatus(handle: Handle, wanted: string): Promise<Handle> {
  return waitFor(async () => {
    const status = await statusOf(handle);
    return status.status === wanted ? status : undefined;
  });
}

const untilCompleted = (handle: Handle): Promise<Handle> => untilStatus(handle, 'COMPLETED');

/** A video run holding the owner's single runner for 12 steps, so later submissions visibly wait. */
async function occupyRunner(): Promise<Handle> {
  const blocker = await submit(VIDEO, { prompt: 'blocker' });
  await untilStatus(blocker, 'IN_PROGRESS');
  return blocker;
}

describe('queued runs', () => {
  it('admits with 201 and absolute links under the mount prefix', async () => {
    const handle = await submit(IMAGE, { prompt: 'x' });
    expect(handle.request_id).toMatch(UUID);
    expect(handle).toMatchObject({ status: 'IN_QUEUE', queue_position: 0 });
    const base = `${server.baseUrl}${IMAGE}/requests/${handle.request_id}`;
    expect(handle).toMatchObject({
      status_url: `${base}/status`,
      response_url: base,
      cancel_url: `${base}/cancel`,
    });
    expect(server.baseUrl.endsWith('/mount')).toBe(true);
  });

  it('moves IN_QUEUE → IN_PROGRESS → COMPLETED, with 202 then 200 on the result', async () => {
    await occupyRunner();
    const handle = await submit(VIDEO, { prompt: 'sea', first_frame_url: 'https://example.com/f.png' });
    const queued = await follow(handle.status_url);
    expect(queued.status).toBe(200);
    expect(Number(queued.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await queued.json()).toMatchObject({ status: 'IN_QUEUE', queue_position: 0 });

    const waiting = await follow(handle.response_url);
    expect(waiting.status).toBe(202);
    expect(await waiting.json()).toMatchObject({ status: 'IN_QUEUE', queue_position: 0 });
    const running = await untilStatus(handle, 'IN_PROGRESS');
    expect(running).not.toHaveProperty('queue_position');
    expect(running).not.toHaveProperty('logs');
    const early = await follow(handle.response_url);
    expect(early.status).toBe(202);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await early.json()).toMatchObject({ request_id: handle.request_id, status: 'IN_PROGRESS' });

    const done = await untilCompleted(handle);
    expect(done).not.toHaveProperty('error_type');
    expect(done).not.toHaveProperty('queue_position');
    const result = await follow(handle.response_url);
    expect(result.status).toBe(200);
    expect(result.headers.get('x-svc-credits-used')).toBe('60');
    expect(await result.json()).toMatchObject({ video: { content_type: 'video/mp4' } });
  });

  it('serves audio results as bytes', async () => {
    const handle = await submit('/v2/models/sonora/tts-1', { text: 'queued hello' });
    await untilCompleted(handle);
    const result = await follow(handle.response_url);
    expect(result.headers.get('content-type')).toBe('audio/wav');
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(
      Buffer.from(await result.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('RIFF');
  });

  it('counts queue positions and refuses a full backlog with 429 queue_backlog_full', async () => {
    // A server of its own whose runner takes nothing for a minute: with the file's 40 ms step, the first run
    // left the queue whenever the four requests took longer than a step (CI under load: 201, not 429).
    const still = await startRouterTestServer({ queueStepMs: 60_000, queueBacklogLimit: 3 });
    try {
      const submitted: Handle[] = [];
      for (const prompt of ['a', 'b', 'c']) {
        const response = await still.call('POST', `${VIDEO}/requests`, { body: { prompt } });
        expect(response.status).toBe(201);
        submitted.push((await response.json()) as Handle);
      }
      expect(submitted.map((handle) => handle.queue_position)).toEqual([0, 1, 2]);
      const full = await still.call('POST', `${VIDEO}/requests`, { body: { prompt: 'd' } });
      expect(full.status).toBe(429);
      expect(full.headers.get('x-svc-error-type')).toBe('queue_backlog_full');
      expect(full.headers.get('retry-after')).toBeTruthy();
    } finally {
      await still.close();
    }
  });

  it('cancels a waiting request straight to COMPLETED with error_type cancelled', async () => {
    const first = await occupyRunner();
    const second = await submit(VIDEO, { prompt: 'b' });
    const cancel = await follow(second.cancel_url, 'PUT');
    expect(cancel.status).toBe(202);
    expect(await cancel.json()).toEqual({ request_id: second.request_id, status: 'CANCELLATION_REQUESTED' });
    const done = await untilCompleted(second);
    expect(done.error_type).toBe('cancelled');
    const result = await follow(second.response_url);
    expect(result.status).toBe(409);
    expect(await result.json()).toMatchObject({ error_type: 'cancelled' });
    for (let i = 0; i < 2; i++) {
      const again = await follow(second.cancel_url, 'PUT');
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ request_id: second.request_id, status: 'ALREADY_COMPLETED' });
    }
    expect((await statusOf(first)).status).not.toBe('COMPLETED');
  });

  it('cancels a running request at the next step', async () => {
    const handle = await submit(VIDEO, { prompt: 'a' });
    await untilStatus(handle, 'IN_PROGRESS');
    expect((await follow(handle.cancel_url, 'PUT')).status).toBe(202);
    expect((await untilCompleted(handle)).error_type).toBe('cancelled');
  });

  it('times out a request that waits too long', async () => {
    const impatient = await startRouterTestServer({ queueStepMs: 20, queueTimeoutSteps: 2 });
    try {
      await impatient.call('POST', `${VIDEO}/requests`, { body: { prompt: 'long' } });
      const starved = (await (
        await impatient.call('POST', `${IMAGE}/requests`, { body: { prompt: 'x' } })
      ).json()) as Handle;
      const done = await untilCompleted(starved);
      expect(done.error_type).toBe('queue_timeout');
      const result = await follow(starved.response_url);
      expect(result.status).toBe(504);
      expect(result.headers.get('x-svc-error-type')).toBe('queue_timeout');
    } finally {
      await impatient.close();
    }
  });

  it('reports a provider failure as COMPLETED with error_type, and 502 on the result', async () => {
    server.sim.setFaults({ providerError: true });
    try {
      const failing = await submit(IMAGE, { prompt: 'x' });
      expect((await untilCompleted(failing)).error_type).toBe('provider_error');
      const result = await follow(failing.response_url);
      expect(result.status).toBe(502);
      expect(result.headers.get('x-svc-upstream-status')).toBe('500');
    } finally {
      server.sim.setFaults({});
    }
  });

  it('hides other owners’ requests and unknown ids behind 404 request_not_found', async () => {
    const handle = await submit(IMAGE, { prompt: 'x' });
    for (const response of [
      await follow(handle.status_url, 'GET', 'other-key'),
      await follow(handle.response_url, 'GET', 'other-key'),
      await follow(handle.cancel_url, 'PUT', 'other-key'),
      await server.call('GET', `/v2/models/acme/imagegen-2-edit/requests/${handle.request_id}/status`),
      await server.call('GET', `${IMAGE}/requests/00000000-0000-4000-8000-000000000000`),
      await server.call('GET', `${IMAGE}/requests/NOT-A-UUID/status`),
    ]) {
      // other-key is not on the queued rollout, so it is refused before any lookup.
      expect([403, 404]).toContain(response.status);
    }
    const notFound = await server.call(
      'GET',
      `${IMAGE}/requests/00000000-0000-4000-8000-000000000000/status`,
    );
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-svc-error-type')).toBe('request_not_found');
  });

  it('answers 410 once a finished request has aged out', async () => {
    const handle = await submit(IMAGE, { prompt: 'x' });
    await untilCompleted(handle);
    clock += 25 * 60 * 60 * 1000;
    expect((await follow(handle.status_url)).status).toBe(410);
    expect((await follow(handle.response_url)).status).toBe(410);
    expect((await follow(handle.cancel_url, 'PUT')).status).toBe(409);
  });

  it('validates at submission, skips it in strict mode, and replays keyed submissions', async () => {
    const invalid = await server.call('POST', `${IMAGE}/requests`, { body: { prompt: 7 } });
    expect(invalid.status).toBe(422);
    const strict = await server.call('POST', `${IMAGE}/requests?model_provider=kiln&strict_mode=true`, {
      body: { kiln_prompt: 'x' },
    });
    expect(strict.status).toBe(201);

    const headers = { 'idempotency-key': 'queued-1' };
    const first = await server.call('POST', `${IMAGE}/requests`, { body: { prompt: 'x' }, headers });
    expect(first.headers.get('idempotent-replayed')).toBe('false');
    const again = await server.call('POST', `${IMAGE}/requests`, { body: { prompt: 'x' }, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as Handle).request_id).toBe(((await first.json()) as Handle).request_id);
  });

  it('refuses owners not on the rollout with 403 not_enabled, on the queued surface only', async () => {
    const refused = await server.call('POST', `${IMAGE}/requests`, {
      key: 'third-key',
      body: { prompt: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-svc-error-type')).toBe('not_enabled');
    expect((await server.call('POST', IMAGE, { key: 'third-key', body: { prompt: 'x' } })).status).toBe(200);
  });
});
