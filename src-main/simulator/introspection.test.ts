// Conformance: the /_sim API — requests seen (with credentials), idempotency, stats, jobs, reset,
// clock, and the loopback guard.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from './kernel';
import { audioWorkflow } from './jobs/sampleWorkflows';
import { makePng } from './media';
import { arr, client, obj, startFast, uploadAsset, waitForStatus } from './testing/testKit';

let sim: RunningSimulator;

beforeAll(async () => {
  sim = await startFast({ surface: 'managed', prefix: '/p' });
});
afterAll(() => sim.close());

async function simGet(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.origin}/_sim/${path}`);
  expect(response.status).toBe(200);
  return obj(await response.json());
}

describe('/_sim', () => {
  it('records every request, including storage fetches, with whether credentials were sent', async () => {
    sim.control.reset();
    const api = client(sim.url, 'demo-key');
    const id = String(obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body).id);
    const done = await waitForStatus(api, id, ['succeeded']);
    const storageUrl = String(obj(arr(done.outputs)[0]).url);
    expect((await fetch(storageUrl)).status).toBe(200);
    await fetch(`${sim.url}/api/v2/jobs?limit=3`);
    const requests = arr((await simGet('requests')).requests).map(obj);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/p/api/v2/jobs',
      query: '',
      credentials: true,
      status: 201,
    });
    const storage = requests.find((r) => String(r.path).startsWith('/_storage/'));
    expect(storage).toMatchObject({ method: 'GET', credentials: false, status: 200 });
    expect(requests.at(-1)).toMatchObject({
      path: '/p/api/v2/jobs',
      query: 'limit=3',
      credentials: false,
      status: 401,
    });
    for (const entry of requests) expect(Number.isNaN(Date.parse(String(entry.time)))).toBe(false);
    // Introspection itself is not recorded.
    expect(requests.some((r) => String(r.path).startsWith('/_sim'))).toBe(false);
  });

  it('counts upload bytes, requests, jobs and idempotency keys', async () => {
    sim.control.reset();
    const bytes = makePng(16, 16, 3);
    await uploadAsset(sim.url, 'demo-key', bytes);
    await client(sim.url, 'demo-key').post(
      '/api/v2/jobs',
      { workflow: audioWorkflow() },
      { 'idempotency-key': 'abc' },
    );
    const stats = await simGet('stats');
    expect(stats.uploadBytesReceived).toBe(bytes.length);
    expect(obj(stats.requests).total).toBe(2);
    expect(obj(obj(stats.requests).byStatus)['201']).toBe(2);
    expect(obj(stats.jobs).total).toBe(1);
    expect(stats.idempotencyKeys).toBe(1);
    expect(arr((await simGet('idempotency')).keys)).toHaveLength(1);
    expect(arr((await simGet('jobs')).jobs)).toHaveLength(1);
  });

  it('resets jobs, assets, requests and keys', async () => {
    await client(sim.url, 'demo-key').post('/api/v2/jobs', { workflow: audioWorkflow() });
    const reset = await fetch(`${sim.origin}/_sim/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(await simGet('jobs')).toEqual({ jobs: [] });
    expect(await simGet('idempotency')).toEqual({ keys: [] });
    const stats = await simGet('stats');
    expect(stats).toMatchObject({ assets: 0, uploadBytesReceived: 0, requests: { total: 0, byStatus: {} } });
  });

  it('moves the clock forward and refuses moving it back', async () => {
    const before = Date.parse(String((await simGet('clock')).now));
    const moved = await fetch(`${sim.origin}/_sim/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: 3_600_000 }),
    });
    expect(Date.parse(String(obj(await moved.json()).now)) - before).toBeGreaterThanOrEqual(3_600_000);
    const back = await fetch(`${sim.origin}/_sim/clock`, {
      method: 'POST',
      body: JSON.stringify({ advanceMs: -5 }),
    });
    expect(back.status).toBe(400);
    sim.control.reset();
  });

  it('answers 404 for an unknown control and is not reachable through the mount', async () => {
    expect((await fetch(`${sim.origin}/_sim/nope`)).status).toBe(404);
    expect((await fetch(`${sim.url}/_sim/stats`)).status).toBe(404);
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${sim.origin}/_sim/stats`, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });
});
