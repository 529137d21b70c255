// Conformance: fault switches at start and at run time (in-process and through POST /_sim/faults).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseFaultList } from './faultSettings';
import { routeMatches } from './routePattern';
import type { RunningSimulator } from './kernel';
import { audioWorkflow } from './jobs/sampleWorkflows';
import { makePng } from './media';
import { client, errorCode, obj, startFast, uploadAsset, type Client } from './testing/testKit';

let sim: RunningSimulator;
let api: Client;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', timing: { dispatchMs: 60_000 } });
  api = client(sim.url, 'demo-key');
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

const submit = () => api.post('/api/v2/jobs', { workflow: audioWorkflow() });

async function postFaults(body: unknown): Promise<Response> {
  return fetch(`${sim.origin}/_sim/faults`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
}

describe('submission faults', () => {
  it('queue_full: 429 with Retry-After in seconds', async () => {
    expect((await postFaults({ queueFull: { retryAfterSeconds: 7 } })).status).toBe(200);
    const response = await submit();
    expect(response.status).toBe(429);
    expect(errorCode(response)).toBe('queue_full');
    expect(response.headers.get('retry-after')).toBe('7');
  });

  it('deployment_not_ready for a window, then accepted', async () => {
    await postFaults({ deploymentNotReady: { windowSeconds: 30, retryAfterSeconds: 4 } });
    const refused = await submit();
    expect(refused.status).toBe(429);
    expect(errorCode(refused)).toBe('deployment_not_ready');
    expect(refused.headers.get('retry-after')).toBe('4');
    await fetch(`${sim.origin}/_sim/clock`, { method: 'POST', body: JSON.stringify({ advanceMs: 31_000 }) });
    expect((await submit()).status).toBe(201);
  });

  it('deployment_unavailable and deployment_stopped', async () => {
    sim.control.setFaults({ deploymentUnavailable: true });
    const unavailable = await submit();
    expect([unavailable.status, errorCode(unavailable)]).toEqual([429, 'deployment_unavailable']);
    expect(unavailable.headers.get('retry-after')).not.toBeNull();
    sim.control.setFaults({ deploymentUnavailable: null, deploymentStopped: true });
    const stopped = await submit();
    expect([stopped.status, errorCode(stopped)]).toEqual([422, 'deployment_stopped']);
  });

  it('insufficient_credits exists on managed and serverless only', async () => {
    sim.control.setFaults({ insufficientCredits: true });
    expect(errorCode(await submit())).toBe('insufficient_credits');
    const local = await startFast({
      surface: 'self-hosted',
      faults: { insufficientCredits: true },
      timing: { dispatchMs: 60_000 },
    });
    try {
      expect((await client(local.url, null).post('/api/v2/jobs', { workflow: audioWorkflow() })).status).toBe(
        201,
      );
    } finally {
      await local.close();
    }
  });

  it('applies faults given at start', async () => {
    const faulty = await startFast({ surface: 'managed', faults: { queueFull: true } });
    try {
      expect(
        errorCode(await client(faulty.url, 'demo-key').post('/api/v2/jobs', { workflow: audioWorkflow() })),
      ).toBe('queue_full');
    } finally {
      await faulty.close();
    }
  });
});

describe('transport faults', () => {
  it('upstream_error on chosen routes for the next N requests, with a generic message', async () => {
    const id = String(obj((await submit()).body).id);
    sim.control.setFaults({ upstreamError: { routes: ['GET /api/v2/jobs/*'], count: 2 } });
    expect((await submit()).status).toBe(201); // a POST is not on the route
    for (let i = 0; i < 2; i++) {
      const failed = await api.get(`/api/v2/jobs/${id}`);
      expect(failed.status).toBe(500);
      expect(obj(obj(failed.body).error)).toEqual({
        code: 'upstream_error',
        message: 'The service had an unexpected problem. Please try again later.',
        details: null,
      });
    }
    expect((await api.get(`/api/v2/jobs/${id}`)).status).toBe(200);
  });

  it('upstream_error on every route until cleared', async () => {
    sim.control.setFaults({ upstreamError: true });
    expect((await api.get('/api/v2/jobs')).status).toBe(500);
    expect((await submit()).status).toBe(500);
    expect(sim.control.idempotency()).toEqual([]);
    sim.control.setFaults({ upstreamError: false });
    expect((await api.get('/api/v2/jobs')).status).toBe(200);
  });

  it('rate_limited on job reads, even for an unknown id', async () => {
    const id = String(obj((await submit()).body).id);
    sim.control.setFaults({ rateLimited: { retryAfterSeconds: 2, count: 5 } });
    for (const path of [
      `/api/v2/jobs/${id}`,
      '/api/v2/jobs/unknown',
      `/api/v2/jobs/${id}/workflow`,
      `/api/v2/jobs/${id}/logs`,
    ]) {
      const response = await api.get(path);
      expect(response.status).toBe(429);
      expect(errorCode(response)).toBe('rate_limited');
      expect(response.headers.get('retry-after')).toBe('2');
    }
    expect(errorCode(await api.post(`/api/v2/jobs/${id}/cancel`))).toBe('rate_limited');
    expect((await api.get(`/api/v2/jobs/${id}`)).status).toBe(200);
  });

  it('job_not_found: reads of a job that is there answer 404 for the next n, its other routes do not', async () => {
    const id = String(obj((await submit()).body).id);
    sim.control.setFaults({ jobNotFound: { count: 2 } });
    expect((await api.get(`/api/v2/jobs/${id}/workflow`)).status).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const response = await api.get(`/api/v2/jobs/${id}`);
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('not_found');
    }
    expect((await api.get(`/api/v2/jobs/${id}`)).status).toBe(200);
    expect(sim.control.faults()).toMatchObject({ jobNotFound: null });
  });

  it('slow responses', async () => {
    sim.control.setFaults({ delayMs: 120 });
    const started = Date.now();
    await api.get('/api/v2/jobs');
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('a client that leaves during a slow response is logged as 499, and nothing was created', async () => {
    sim.control.setFaults({ delayMs: 1_000 });
    sim.control.clearRequests();
    const leaving = new AbortController();
    const posted = fetch(`${sim.url}/api/v2/jobs`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
      body: JSON.stringify({ workflow: audioWorkflow() }),
      signal: leaving.signal,
    });
    setTimeout(() => leaving.abort(), 100);
    await expect(posted).rejects.toThrow();
    await expect.poll(() => sim.control.requests().length).toBe(1);
    expect(sim.control.requests()[0]).toMatchObject({ method: 'POST', status: 499 });
    expect(sim.control.stats().jobs.total).toBe(0);
  });

  it('url TTL change shortens signed URLs, which then really expire', async () => {
    sim.control.setFaults({ urlTtlSeconds: 60 });
    const assetId = await uploadAsset(sim.url, 'demo-key', makePng(4, 4, 9));
    const asset = obj((await api.get(`/api/v2/assets/${assetId}`)).body);
    const lifetime = Date.parse(String(asset.url_expires_at)) - sim.control.now();
    expect(lifetime).toBeGreaterThan(50_000);
    expect(lifetime).toBeLessThanOrEqual(60_000);
    expect((await fetch(String(asset.url))).status).toBe(200);
    sim.control.advanceClock(61_000);
    expect((await fetch(String(asset.url))).status).toBeGreaterThanOrEqual(400);
  });

  it('refuses malformed fault settings with 400 and changes nothing', async () => {
    for (const body of [{ queueFull: 'yes' }, { nope: true }, { delayMs: -1 }]) {
      expect((await postFaults(body)).status).toBe(400);
    }
    const raw = await fetch(`${sim.origin}/_sim/faults`, { method: 'POST', body: '{' });
    expect(raw.status).toBe(400);
    expect((await submit()).status).toBe(201);
  });

  it('DELETE /_sim/faults clears everything', async () => {
    sim.control.setFaults({ queueFull: true, delayMs: 5 });
    const cleared = obj(await (await fetch(`${sim.origin}/_sim/faults`, { method: 'DELETE' })).json());
    expect(cleared).toMatchObject({ queueFull: null, delayMs: 0 });
    expect((await submit()).status).toBe(201);
  });
});

describe('router faults', () => {
  it('mirrors router switches into the Router', async () => {
    expect((await postFaults({ router: { unavailable: true } })).status).toBe(200);
    const response = await client(sim.url, 'demo-key').get('/v2/models');
    expect(response.status).toBe(503);
    expect(response.headers.get('x-svc-error-type')).toBe('service_unavailable');
    sim.control.clearFaults();
    expect((await client(sim.url, 'demo-key').get('/v2/models')).status).toBe(200);
  });
});

describe('fault parsing', () => {
  it('reads the CLI list', () => {
    expect(parseFaultList('queue_full,slow=250,upstream_error=3,sse_drop=2,url_ttl=30')).toEqual({
      ok: true,
      value: {
        queueFull: true,
        delayMs: 250,
        upstreamError: { count: 3 },
        sseDrop: { afterEvents: 2 },
        urlTtlSeconds: 30,
      },
    });
    expect(parseFaultList('router_unavailable,router_provider_error')).toEqual({
      ok: true,
      value: { router: { unavailable: true, providerError: true } },
    });
    expect(parseFaultList('bogus').ok).toBe(false);
    expect(parseFaultList('slow=abc').ok).toBe(false);
  });

  it('matches route patterns', () => {
    expect(routeMatches('GET /api/v2/jobs/*', 'GET', '/api/v2/jobs/abc')).toBe(true);
    expect(routeMatches('GET /api/v2/jobs/*', 'POST', '/api/v2/jobs/abc')).toBe(false);
    expect(routeMatches('/api/v2/jobs/*', 'POST', '/api/v2/jobs/abc/cancel')).toBe(false);
    expect(routeMatches('/api/v2/**', 'POST', '/api/v2/jobs/abc/cancel')).toBe(true);
    expect(routeMatches('/api/v2/jobs', 'GET', '/api/v2/jobs')).toBe(true);
  });
});
