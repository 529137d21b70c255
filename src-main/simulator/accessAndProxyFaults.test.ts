// The switches added so that every documented code can be produced, checked for what they must not touch:
// forbidden keys (403 where the documents have a 403, 401 on v1 which has none), the self-hosted proxy's
// unreachable upstream (key kept, no job), output bytes gone upstream (outputs only), streaming switched off
// (events only), and the Router rollout list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFaultList } from './faultSettings';
import { audioWorkflow } from './jobs/sampleWorkflows';
import type { RunningSimulator } from './kernel';
import { makePng } from './media';
import { resolveOptions } from './options';
import { client, errorCode, obj, startFast, uploadAsset, waitForStatus } from './testing/testKit';

const job = { workflow: audioWorkflow(440, 20) };

describe('forbidden keys', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startFast({ surface: 'managed', forbiddenKeys: ['blocked-key'] });
  });
  afterAll(() => sim.close());

  it('authenticate but are not allowed: 403 on v2 and the Router, 401 on v1, which documents no 403', async () => {
    const blocked = client(sim.url, 'blocked-key');
    for (const response of [
      await blocked.get(`/api/v2/jobs/${randomUUID()}`),
      await blocked.get('/api/v2/jobs'),
      await blocked.get(`/api/v2/assets/${randomUUID()}/content`),
    ]) {
      expect([response.status, errorCode(response)]).toEqual([403, 'forbidden']);
    }
    const router = await client(sim.url, 'blocked-key', 'x-api-key').get('/v2/models');
    expect([router.status, router.headers.get('x-svc-error-type')]).toEqual([403, 'forbidden']);
    const v1 = await client(sim.url, 'blocked-key', 'x-api-key').get('/api/jobs');
    expect(v1.status).toBe(401);
  });

  it('an unknown key is still 401, and a key cannot be both allowed and forbidden', async () => {
    expect((await client(sim.url, 'unknown-key').get('/api/v2/jobs')).status).toBe(401);
    expect(() => resolveOptions({ surface: 'managed', apiKeys: ['k'], forbiddenKeys: ['k'] })).toThrow(
      RangeError,
    );
  });

  it('on an open self-hosted proxy, only the forbidden key is refused', async () => {
    const open = await startFast({ surface: 'self-hosted', forbiddenKeys: ['blocked-key'] });
    try {
      expect((await client(open.url, null).get('/api/v2/jobs')).status).toBe(200);
      expect((await client(open.url, 'anything').get('/api/v2/jobs')).status).toBe(200);
      expect((await client(open.url, 'blocked-key').get('/api/v2/jobs')).status).toBe(403);
    } finally {
      await open.close();
    }
  });
});

describe('self-hosted proxy faults', () => {
  let sim: RunningSimulator;
  const api = () => client(sim.url, null);
  beforeAll(async () => {
    sim = await startFast({ surface: 'self-hosted' });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.control.reset());

  it('upstream_unreachable: 503, no job, the key stays claimed so a retry is idempotency_key_reuse', async () => {
    sim.control.setFaults({ upstreamUnreachable: { count: 1 } });
    const key = { 'idempotency-key': randomUUID() };
    const first = await api().post('/api/v2/jobs', job, key);
    expect([first.status, errorCode(first)]).toEqual([503, 'upstream_unreachable']);
    expect(sim.control.jobs()).toEqual([]);
    const retry = await api().post('/api/v2/jobs', job, key);
    expect([retry.status, errorCode(retry)]).toEqual([422, 'idempotency_key_reuse']);
    expect((await api().post('/api/v2/jobs', job)).status).toBe(201);
  });

  it('upstream_unreachable without a count lasts until cleared', async () => {
    sim.control.setFaults({ upstreamUnreachable: true });
    expect((await api().post('/api/v2/jobs', job)).status).toBe(503);
    expect((await api().post('/api/v2/jobs', job)).status).toBe(503);
    sim.control.setFaults({ upstreamUnreachable: false });
    expect((await api().post('/api/v2/jobs', job)).status).toBe(201);
  });

  it('output_unavailable touches job outputs only; uploaded inputs still serve', async () => {
    const created = obj((await api().post('/api/v2/jobs', job)).body);
    const done = await waitForStatus(api(), String(created.id), ['succeeded']);
    const outputs = done.outputs;
    if (!Array.isArray(outputs)) throw new Error('no outputs');
    const outputId = String(obj(outputs[0]).id);
    const inputId = await uploadAsset(sim.url, 'unused', makePng(4, 4, 1));
    sim.control.setFaults({ outputUnavailable: true });
    const gone = await api().get(`/api/v2/assets/${outputId}/content`);
    expect([gone.status, errorCode(gone)]).toEqual([404, 'output_unavailable']);
    expect((await api().get(`/api/v2/assets/${outputId}`)).status).toBe(200);
    expect((await api().get(`/api/v2/assets/${inputId}/content`)).status).toBe(200);
  });

  it('eventsUnsupported answers 501 on the stream only; the job itself still reads', async () => {
    const id = String(obj((await api().post('/api/v2/jobs', job)).body).id);
    sim.control.setFaults({ eventsUnsupported: true });
    const stream = await api().get(`/api/v2/jobs/${id}/events`, { accept: 'text/event-stream' });
    expect([stream.status, errorCode(stream)]).toEqual([501, 'not_implemented']);
    expect((await api().get(`/api/v2/jobs/${id}`)).status).toBe(200);
  });
});

describe('the Router rollout list', () => {
  it('routerEnabledKeys gates the queued surface only', async () => {
    const sim = await startFast({ surface: 'serverless', routerEnabledKeys: ['demo-key'] });
    try {
      const chat = { messages: [{ role: 'user', content: 'hi' }] };
      const enabled = client(sim.url, 'demo-key', 'x-api-key');
      const other = client(sim.url, 'other-key', 'x-api-key');
      expect((await enabled.post('/v2/models/lexa/chat-3.5/requests', chat)).status).toBe(201);
      const refused = await other.post('/v2/models/lexa/chat-3.5/requests', chat);
      expect([refused.status, refused.headers.get('x-svc-error-type')]).toEqual([403, 'not_enabled']);
      expect((await other.post('/v2/models/lexa/chat-3.5', chat)).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

it('the CLI names of the new switches', () => {
  expect(
    parseFaultList(
      'upstream_unreachable=2,events_unsupported,output_unavailable,router_provider_timeout,' +
        'router_content_policy,router_internal_error,router_insufficient_credits,router_queue_timeout',
    ),
  ).toEqual({
    ok: true,
    value: {
      upstreamUnreachable: { count: 2 },
      eventsUnsupported: true,
      outputUnavailable: true,
      router: {
        providerTimeout: true,
        contentPolicyViolation: true,
        internalError: true,
        insufficientCredits: true,
        queueTimeout: true,
      },
    },
  });
});
