// Conformance: queue positions, cancel paths, failures, logs per surface, workflow documents, retention.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { client, obj, startFast, waitFor, waitForStatus, type Client } from '../testing/testKit';
import { audioWorkflow, crashingWorkflow, failingWorkflow, textToImageWorkflow } from './sampleWorkflows';

let serverless: RunningSimulator;
let selfHosted: RunningSimulator;
let legacy: RunningSimulator;
let api: Client;

beforeAll(async () => {
  [serverless, selfHosted, legacy] = await Promise.all([
    startFast({ surface: 'serverless', timing: { stepMs: 10 } }),
    startFast({ surface: 'self-hosted' }),
    startFast({ surface: 'self-hosted', legacySelfHosted: true }),
  ]);
  api = client(serverless.url, 'demo-key');
});
afterAll(() => Promise.all([serverless.close(), selfHosted.close(), legacy.close()]));

async function submit(as: Client, workflow: unknown): Promise<string> {
  const response = await as.post('/api/v2/jobs', { workflow });
  expect(response.status).toBe(201);
  return String(obj(response.body).id);
}

describe('queue and cancel', () => {
  it('reports queue positions and moves them as the queue drains', async () => {
    // A slow dispatch keeps all three queued long enough to read their positions, even on a loaded
    // machine; it also keeps the second queued for a while after the first finishes.
    const sim = await startFast({ surface: 'serverless', timing: { dispatchMs: 800, stepMs: 10 } });
    try {
      const own = client(sim.url, 'demo-key');
      const first = await submit(own, textToImageWorkflow({ steps: 30 }));
      const second = await submit(own, audioWorkflow());
      const third = await submit(own, audioWorkflow());
      expect(obj((await own.get(`/api/v2/jobs/${first}`)).body).queue_position).toBe(0);
      expect(obj((await own.get(`/api/v2/jobs/${third}`)).body).queue_position).toBe(2);
      await waitForStatus(own, first, ['running']);
      expect(obj((await own.get(`/api/v2/jobs/${second}`)).body).queue_position).toBe(0);
      expect(obj((await own.get(`/api/v2/jobs/${third}`)).body).queue_position).toBe(1);
      expect(obj((await own.get(`/api/v2/jobs/${first}`)).body).queue_position).toBeNull();
      await waitForStatus(own, third, ['succeeded']);
    } finally {
      await sim.close();
    }
  });

  it('cancels a queued job straight to canceled', async () => {
    const blocker = await submit(api, textToImageWorkflow({ steps: 40 }));
    const queued = await submit(api, audioWorkflow());
    const canceled = await api.post(`/api/v2/jobs/${queued}/cancel`);
    expect(canceled.status).toBe(200);
    expect(obj(canceled.body)).toMatchObject({ status: 'canceled', queue_position: null, started_at: null });
    expect(obj(canceled.body).completed_at).not.toBeNull();
    await api.post(`/api/v2/jobs/${blocker}/cancel`);
    // No log for a job that never ran.
    expect((await api.get(`/api/v2/jobs/${queued}/logs`)).status).toBe(204);
  });

  it('cancels a running job through canceling at the next step boundary, idempotently', async () => {
    const id = await submit(api, textToImageWorkflow({ steps: 200 }));
    await waitFor(async () => {
      const job = obj((await api.get(`/api/v2/jobs/${id}`)).body);
      return obj(job.progress ?? {}).step !== undefined && obj(job.progress ?? {}).step !== null ? job : null;
    });
    const first = await api.post(`/api/v2/jobs/${id}/cancel`);
    expect(obj(first.body).status).toBe('canceling');
    const again = await api.post(`/api/v2/jobs/${id}/cancel`);
    expect(['canceling', 'canceled']).toContain(obj(again.body).status);
    const done = await waitForStatus(api, id, ['canceled']);
    expect(done.completed_at).not.toBeNull();
    const log = obj((await api.get(`/api/v2/jobs/${id}/logs`)).body);
    expect(String(log.text)).toContain('Processing interrupted');
    // Cancel on a terminal job is a no-op that returns the terminal state.
    expect(obj((await api.post(`/api/v2/jobs/${id}/cancel`)).body).status).toBe('canceled');
  });

  it('cancel on a succeeded job returns it unchanged', async () => {
    const id = await submit(api, audioWorkflow());
    await waitForStatus(api, id, ['succeeded']);
    const response = await api.request('POST', `/api/v2/jobs/${id}/cancel`, { rawBody: 'ignored body' });
    expect(obj(response.body).status).toBe('succeeded');
  });
});

describe('failures and logs', () => {
  it('sets job.error with node_execution_error and a traceback, and captures a log', async () => {
    const id = await submit(api, failingWorkflow('boom \u202e txt.exe'));
    const failed = await waitForStatus(api, id, ['failed']);
    expect(obj(failed.error)).toMatchObject({
      code: 'node_execution_error',
      message: 'boom \u202e txt.exe',
      node_id: '2',
      class_type: 'FailNode',
    });
    expect(String(obj(failed.error).traceback)).toMatch(/^Traceback \(most recent call last\):/);
    const log = await api.get(`/api/v2/jobs/${id}/logs`);
    expect(log.status).toBe(200);
    expect(obj(log.body)).toMatchObject({ truncated: false, complete: true });
    expect(String(obj(log.body).text)).toContain('RuntimeError: boom');
  });

  it('a platform-killed run is failed and has no log', async () => {
    const id = await submit(api, crashingWorkflow());
    const failed = await waitForStatus(api, id, ['failed']);
    expect(obj(failed.error).code).toBe('worker_lost');
    expect((await api.get(`/api/v2/jobs/${id}/logs`)).status).toBe(204);
  });

  it('answers 204 while a job is unfinished and 200 after', async () => {
    const id = await submit(api, textToImageWorkflow({ steps: 20 }));
    const early = await api.get(`/api/v2/jobs/${id}/logs`);
    expect(early.status).toBe(204);
    expect(early.text).toBe('');
    await waitForStatus(api, id, ['succeeded']);
    const late = await api.get(`/api/v2/jobs/${id}/logs`);
    expect(late.status).toBe(200);
    expect(Number.isNaN(Date.parse(String(obj(late.body).captured_at)))).toBe(false);
  });

  it('self-hosted serves logs as 204 and offers no logs link; unauthenticated by default', async () => {
    const local = client(selfHosted.url, null);
    const id = await submit(local, audioWorkflow());
    const done = await waitForStatus(local, id, ['succeeded']);
    expect(obj(done.urls).logs).toBeUndefined();
    expect(done.metadata).toBeUndefined();
    expect((await local.get(`/api/v2/jobs/${id}/logs`)).status).toBe(204);
    // Self-hosted outputs report a null URL expiry (no signed URLs).
    const output = obj((done.outputs as unknown[])[0]);
    expect(output.url_expires_at).toBeNull();
  });

  it('an older self-hosted build answers a routing 404 for logs and the list', async () => {
    const local = client(legacy.url, null);
    const id = await submit(local, audioWorkflow());
    for (const path of [`/api/v2/jobs/${id}/logs`, '/api/v2/jobs']) {
      const response = await local.get(path);
      // A bare routing 404 (the framework's own), not the v2 envelope an unknown job gets.
      expect(response.status).toBe(404);
      expect(response.text).toBe('404: Not Found');
    }
    expect((await local.get(`/api/v2/jobs/${id}`)).status).toBe(200);
  });
});

describe('workflow and retention', () => {
  it('returns the submitted graph in api format', async () => {
    const workflow = textToImageWorkflow({ prompt: 'workflow echo' });
    const id = await submit(api, workflow);
    expect(obj((await api.get(`/api/v2/jobs/${id}/workflow`)).body)).toEqual({ workflow, format: 'api' });
  });

  it('answers 404 once a job is past expires_at', async () => {
    const sim = await startFast({ surface: 'serverless', timing: { retentionMs: 60_000 } });
    try {
      const own = client(sim.url, 'demo-key');
      const id = await submit(own, audioWorkflow());
      const done = await waitForStatus(own, id, ['succeeded']);
      expect(Date.parse(String(done.expires_at)) - Date.parse(String(done.created_at))).toBe(60_000);
      sim.control.advanceClock(61_000);
      for (const path of ['', '/workflow', '/logs', '/events']) {
        expect((await own.get(`/api/v2/jobs/${id}${path}`)).status).toBe(404);
      }
      expect((await own.get('/api/v2/jobs')).body).toEqual({ jobs: [] });
    } finally {
      await sim.close();
    }
  });

  it('a running job that outlives retention ends expired', async () => {
    const sim = await startFast({ surface: 'serverless', timing: { retentionMs: 60_000, stepMs: 10 } });
    try {
      const own = client(sim.url, 'demo-key');
      const id = await submit(own, textToImageWorkflow({ steps: 500 }));
      await waitForStatus(own, id, ['running']);
      sim.control.advanceClock(61_000);
      await waitFor(() =>
        Promise.resolve(sim.control.jobs().find((j) => j.id === id)?.status === 'expired' ? true : null),
      );
    } finally {
      await sim.close();
    }
  });
});
