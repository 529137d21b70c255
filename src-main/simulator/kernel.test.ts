// Conformance: the kernel — mount prefix and host-relative links, dispatch and 404s, auth per surface,
// malformed input, thrown errors, and the demo seed.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetService } from './assets/assetService';
import { startKernel, type RunningSimulator } from './kernel';
import { makeLatent, makePng, makeWav, makeWebm } from './media';
import { audioWorkflow } from './jobs/sampleWorkflows';
import {
  arr,
  client,
  errorCode,
  fastTiming,
  obj,
  startFast,
  waitFor,
  waitForStatus,
} from './testing/testKit';

describe('mount prefix', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless', prefix: '/mount' });
  });
  afterAll(() => sim.close());

  it('serves below the prefix and builds links that include it', async () => {
    expect(sim.url).toBe(`${sim.origin}/mount`);
    const api = client(sim.url, 'demo-key');
    const job = obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body);
    const urls = obj(job.urls);
    expect(String(urls.self)).toBe(`/mount/api/v2/jobs/${String(job.id)}`);
    for (const link of Object.values(urls)) expect(String(link).startsWith('/mount/api/v2/jobs/')).toBe(true);
    // Resolved against the origin (scheme + authority), the link works.
    const right = await fetch(new URL(String(urls.self), sim.url), {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(right.status).toBe(200);
  });

  it('a client that joins a host-relative link onto the prefixed base URL gets a 404', async () => {
    const api = client(sim.url, 'demo-key');
    const job = obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body);
    const joined = `${sim.url}${String(obj(job.urls).self)}`;
    expect(joined).toContain('/mount/mount/');
    const wrong = await fetch(joined, { headers: { authorization: 'Bearer demo-key' } });
    expect(wrong.status).toBe(404);
    expect(obj(await wrong.json()).error).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 outside the mount, while storage and /_sim live at the root', async () => {
    const outside = await fetch(`${sim.origin}/api/v2/jobs`, {
      headers: { authorization: 'Bearer demo-key' },
    });
    expect(outside.status).toBe(404);
    const api = client(sim.url, 'demo-key');
    const id = String(obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body).id);
    const done = await waitForStatus(api, id, ['succeeded']);
    const output = obj(arr(done.outputs)[0]);
    const storage = await fetch(String(output.url));
    expect(storage.status).toBe(200);
    expect(new URL(String(output.url)).pathname.startsWith('/_storage/')).toBe(true);
    expect((await fetch(`${sim.origin}/_sim/stats`)).status).toBe(200);
  });
});

describe('dispatch and robustness', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startFast({ surface: 'managed' });
  });
  afterAll(() => sim.close());

  it('answers unknown paths with the not_found envelope', async () => {
    const response = await client(sim.url, 'demo-key').get('/api/v3/whatever');
    expect(response.status).toBe(404);
    expect(obj(response.body).error).toMatchObject({ code: 'not_found', details: null });
    expect((await fetch(`${sim.origin}//evil.example/api/v2/jobs`)).status).toBe(404);
  });

  it('v2 takes Bearer only: X-API-Key alone is 401', async () => {
    const response = await client(sim.url, 'demo-key', 'x-api-key').get('/api/v2/jobs/x');
    expect(response.status).toBe(401);
  });

  it('refuses an oversized submit body with 413 and keeps serving', async () => {
    const huge = JSON.stringify({ workflow: audioWorkflow(), pad: 'x'.repeat(11 * 1024 * 1024) });
    const response = await client(sim.url, 'demo-key').request('POST', '/api/v2/jobs', { rawBody: huge });
    expect(response.status).toBe(413);
    expect(errorCode(response)).toBe('payload_too_large');
    expect(
      (await client(sim.url, 'demo-key').post('/api/v2/jobs', { workflow: audioWorkflow() })).status,
    ).toBe(201);
  });

  it('survives a client that disconnects mid-body', async () => {
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${sim.url}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-key', 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"workflow":');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 20);
    });
    expect((await client(sim.url, 'demo-key').get('/api/v2/jobs/x')).status).toBe(404);
  });
});

describe('authentication per surface', () => {
  it('self-hosted with a static token requires it', async () => {
    const sim = await startFast({ surface: 'self-hosted', apiKeys: ['static-token'] });
    try {
      expect((await client(sim.url, null).post('/api/v2/jobs', { workflow: audioWorkflow() })).status).toBe(
        401,
      );
      expect(
        (await client(sim.url, 'static-token').post('/api/v2/jobs', { workflow: audioWorkflow() })).status,
      ).toBe(201);
    } finally {
      await sim.close();
    }
  });

  it('self-hosted without a token accepts everyone as one owner', async () => {
    const sim = await startFast({ surface: 'self-hosted' });
    try {
      const id = String(
        obj((await client(sim.url, null).post('/api/v2/jobs', { workflow: audioWorkflow() })).body).id,
      );
      expect((await client(sim.url, 'anything').get(`/api/v2/jobs/${id}`)).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe('Router credentials', () => {
  it('takes X-API-Key or Bearer, and X-API-Key wins when both are sent', async () => {
    const sim = await startFast({ surface: 'managed' });
    try {
      const models = (headers: Record<string, string>) => fetch(`${sim.url}/v2/models`, { headers });
      expect((await models({ 'x-api-key': 'demo-key' })).status).toBe(200);
      expect((await models({ authorization: 'Bearer demo-key' })).status).toBe(200);
      expect((await models({ 'x-api-key': 'demo-key', authorization: 'Bearer wrong' })).status).toBe(200);
      expect((await models({ 'x-api-key': 'wrong', authorization: 'Bearer demo-key' })).status).toBe(401);
      expect((await models({})).status).toBe(401);
    } finally {
      await sim.close();
    }
  });
});

describe('a thrown error', () => {
  it('becomes 500 upstream_error with a generic message', async () => {
    const sim = await startKernel({ surface: 'serverless', timing: fastTiming }, (context) => ({
      assets: new AssetService({
        surface: context.surface,
        urlTtlSeconds: context.urlTtlSeconds,
        now: context.now,
      }),
      media: { makePng, makeWav, makeWebm, makeLatent },
      router: {
        handle: () => Promise.reject(new Error('secret upstream detail: db password hunter2')),
        reset: () => undefined,
      },
    }));
    try {
      const response = await client(sim.url, 'demo-key').get('/v2/models');
      expect(response.status).toBe(500);
      expect(errorCode(response)).toBe('upstream_error');
      expect(response.text).not.toContain('hunter2');
      expect((await client(sim.url, 'demo-key').get('/api/v2/jobs')).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});

describe('demo seed', () => {
  it('pre-fills finished, failed, killed, labelled, save-format and live jobs', async () => {
    const sim = await startFast({ surface: 'serverless', seed: true, timing: { dispatchMs: 60_000 } });
    try {
      const api = client(sim.url, 'demo-key');
      const items = arr(obj((await api.get('/api/v2/jobs')).body).jobs).map(obj);
      expect(items.length).toBeGreaterThanOrEqual(9);
      const jobs = await Promise.all(
        items.map(async (item) => obj((await api.get(`/api/v2/jobs/${String(item.id)}`)).body)),
      );
      const byStatus = (status: string) => jobs.filter((j) => j.status === status);
      expect(byStatus('succeeded').length).toBeGreaterThanOrEqual(4);
      // Two failures in the history, two in the seed × cfg sweep (demoSweep.test.ts).
      expect(byStatus('failed')).toHaveLength(4);
      expect(byStatus('queued').length + byStatus('running').length).toBe(2);
      const outputTypes = new Set(jobs.flatMap((j) => arr(j.outputs).map((o) => obj(o).type)));
      expect([...outputTypes].sort()).toEqual(['audio', 'image', 'latent', 'text']);
      expect(jobs.some((j) => Object.keys(obj(j.metadata)).length > 0)).toBe(true);
      const failed = byStatus('failed').map((j) => obj(j.error));
      expect(failed.map((e) => e.code).sort()).toEqual([
        'node_execution_error',
        'node_execution_error',
        'node_execution_error',
        'worker_lost',
      ]);
      const docs = await Promise.all(
        jobs.map(async (j) => obj((await api.get(`/api/v2/jobs/${String(j.id)}/workflow`)).body)),
      );
      expect(docs.filter((d) => d.format === 'save')).toHaveLength(1);
      const logs = await Promise.all(jobs.map((j) => api.get(`/api/v2/jobs/${String(j.id)}/logs`)));
      expect(logs.filter((l) => l.status === 200 && obj(l.body).truncated === true)).toHaveLength(1);
      // Seeded jobs belong to the first key only.
      expect(arr(obj((await client(sim.url, 'other-key').get('/api/v2/jobs')).body).jobs)).toEqual([]);
      // Reset brings the seed back.
      sim.control.reset();
      expect(sim.control.jobs().length).toBe(items.length);
    } finally {
      await sim.close();
    }
  });

  it('seeds live work: one job runs while another waits', async () => {
    const sim = await startFast({ surface: 'self-hosted', seed: true });
    try {
      const live = await waitFor(() => {
        const jobs = sim.control.jobs();
        return Promise.resolve(jobs.some((j) => j.status === 'running') ? jobs : null);
      });
      expect(live.filter((j) => j.status === 'queued')).toHaveLength(1);
    } finally {
      await sim.close();
    }
  });
});
