// Conformance: the SSE stream GET /api/v2/jobs/{id}/events — event order, snapshots on connect,
// throttling, keepalive comments, end after the terminal status, the stream cap, the drop fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import {
  client,
  errorCode,
  obj,
  readSse,
  startFast,
  waitForStatus,
  type Client,
  type SseFrame,
} from '../testing/testKit';
import { audioWorkflow, textToImageWorkflow } from './sampleWorkflows';

let sim: RunningSimulator;
let api: Client;
const auth = { authorization: 'Bearer demo-key' };

beforeAll(async () => {
  sim = await startFast({
    surface: 'serverless',
    timing: { stepMs: 10, progressThrottleMs: 100, previewThrottleMs: 100 },
  });
  api = client(sim.url, 'demo-key');
});
afterAll(() => sim.close());

async function submit(as: Client, workflow: unknown): Promise<string> {
  return String(obj((await as.post('/api/v2/jobs', { workflow })).body).id);
}

const statuses = (frames: SseFrame[]) => frames.filter((f) => f.event === 'status').map((f) => obj(f.data));

describe('event stream', () => {
  it('streams status, progress, preview and output, then ends after the terminal status', async () => {
    const id = await submit(api, textToImageWorkflow({ steps: 30 }));
    const capture = await readSse(`${sim.url}/api/v2/jobs/${id}/events`, auth);
    expect(capture.status).toBe(200);
    expect(capture.endedByServer).toBe(true);
    expect(capture.rawHasIdLines).toBe(false);
    const { frames } = capture;
    expect(frames[0]?.event).toBe('status');
    expect(frames.at(-1)).toEqual({ event: 'status', data: { status: 'succeeded' } });
    expect(statuses(frames).map((s) => s.status)).toEqual(expect.arrayContaining(['running', 'succeeded']));
    const progress = frames.filter((f) => f.event === 'progress').map((f) => obj(f.data));
    expect(progress.length).toBeGreaterThan(0);
    // Throttled: 30 steps over ~300 ms at ≤ 1 per 100 ms, plus node boundaries and the final flush.
    expect(progress.length).toBeLessThan(12);
    for (const snapshot of progress) {
      expect(Object.keys(snapshot).sort()).toEqual(
        [
          'current_node',
          'current_node_class',
          'message',
          'nodes_done',
          'nodes_total',
          'step',
          'steps',
          'value',
        ].sort(),
      );
    }
    expect(progress.at(-1)).toMatchObject({ value: 1, nodes_done: 7 });
    const preview = frames.find((f) => f.event === 'preview');
    expect(obj(preview?.data)).toMatchObject({ node_id: '3', content_type: 'image/png' });
    expect(
      Buffer.from(String(obj(preview?.data).data_base64), 'base64')
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const output = frames.find((f) => f.event === 'output');
    expect(obj(output?.data)).toMatchObject({ node_id: '9', type: 'image', job_id: id });
    // The final progress arrives before the terminal status.
    const lastProgress = frames.map((f) => f.event).lastIndexOf('progress');
    expect(lastProgress).toBeLessThan(frames.length - 1);
  });

  it('sends the latest progress and preview right after status when joining mid-run', async () => {
    const id = await submit(api, textToImageWorkflow({ steps: 100 }));
    await waitForStatus(api, id, ['running']);
    await new Promise((resolve) => setTimeout(resolve, 120));
    const capture = await readSse(`${sim.url}/api/v2/jobs/${id}/events`, auth, 60);
    expect(capture.frames.slice(0, 3).map((f) => f.event)).toEqual(['status', 'progress', 'preview']);
    expect(capture.frames[0]?.data).toEqual({ status: 'running' });
    await api.post(`/api/v2/jobs/${id}/cancel`);
  });

  it('sends the status and closes when the job is already terminal', async () => {
    const id = await submit(api, audioWorkflow());
    await waitForStatus(api, id, ['succeeded']);
    const capture = await readSse(`${sim.url}/api/v2/jobs/${id}/events`, auth);
    expect(capture.endedByServer).toBe(true);
    expect(capture.frames).toEqual([{ event: 'status', data: { status: 'succeeded' } }]);
  });

  it('reports canceling and canceled', async () => {
    const id = await submit(api, textToImageWorkflow({ steps: 200 }));
    await waitForStatus(api, id, ['running']);
    const reading = readSse(`${sim.url}/api/v2/jobs/${id}/events`, auth);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await api.post(`/api/v2/jobs/${id}/cancel`);
    const capture = await reading;
    expect(statuses(capture.frames).map((s) => s.status)).toEqual(['running', 'canceling', 'canceled']);
  });

  it('announces queue position changes', async () => {
    const slow = await startFast({ surface: 'serverless', timing: { dispatchMs: 80, stepMs: 5 } });
    try {
      const own = client(slow.url, 'demo-key');
      await submit(own, textToImageWorkflow({ steps: 10 }));
      const second = await submit(own, audioWorkflow());
      const capture = await readSse(`${slow.url}/api/v2/jobs/${second}/events`, auth);
      expect(statuses(capture.frames)).toEqual([
        { status: 'queued', queue_position: 1 },
        { status: 'queued', queue_position: 0 },
        { status: 'running' },
        { status: 'succeeded' },
      ]);
    } finally {
      await slow.close();
    }
  });

  it('writes keepalive comments while nothing happens', async () => {
    const idle = await startFast({ surface: 'serverless', timing: { dispatchMs: 60_000, keepaliveMs: 20 } });
    try {
      const id = await submit(client(idle.url, 'demo-key'), audioWorkflow());
      const capture = await readSse(`${idle.url}/api/v2/jobs/${id}/events`, auth, 150);
      expect(capture.endedByServer).toBe(false);
      expect(capture.comments.filter((c) => c === 'keepalive').length).toBeGreaterThanOrEqual(2);
    } finally {
      await idle.close();
    }
  });

  it('caps concurrent streams with 429 too_many_streams and Retry-After', async () => {
    const capped = await startFast({ surface: 'serverless', maxStreams: 2, timing: { dispatchMs: 60_000 } });
    const controllers: AbortController[] = [];
    // Keep every response referenced: undici cancels the body of a Response that is garbage-collected
    // unread, which would close a stream behind the test's back.
    const responses: Response[] = [];
    try {
      const own = client(capped.url, 'demo-key');
      const id = await submit(own, audioWorkflow());
      const open = async (): Promise<Response> => {
        const controller = new AbortController();
        controllers.push(controller);
        const response = await fetch(`${capped.url}/api/v2/jobs/${id}/events`, {
          headers: auth,
          signal: controller.signal,
        });
        responses.push(response);
        return response;
      };
      expect((await open()).status).toBe(200);
      expect((await open()).status).toBe(200);
      const refused = await own.get(`/api/v2/jobs/${id}/events`);
      expect(refused.status).toBe(429);
      expect(errorCode(refused)).toBe('too_many_streams');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      controllers[0]?.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(capped.control.stats().activeStreams).toBe(1);
      expect((await open()).status).toBe(200);
    } finally {
      controllers.forEach((c) => c.abort());
      await capped.close();
    }
  });

  it('the sse_drop fault ends a stream mid-run without a terminal status', async () => {
    sim.control.setFaults({ sseDrop: { afterEvents: 3 } });
    try {
      const id = await submit(api, textToImageWorkflow({ steps: 100 }));
      await waitForStatus(api, id, ['running']);
      const capture = await readSse(`${sim.url}/api/v2/jobs/${id}/events`, auth);
      expect(capture.endedByServer).toBe(true);
      expect(capture.frames).toHaveLength(3);
      expect(statuses(capture.frames).map((s) => s.status)).not.toContain('succeeded');
      expect(obj((await api.get(`/api/v2/jobs/${id}`)).body).status).toBe('running');
      await api.post(`/api/v2/jobs/${id}/cancel`);
    } finally {
      sim.control.setFaults({ sseDrop: null });
    }
  });
});
