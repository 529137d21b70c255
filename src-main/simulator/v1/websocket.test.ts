// Conformance: the v1 WebSocket — token auth, the JSON message types of a run, binary PNG previews,
// failure and interruption messages, and per-user delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningSimulator } from '../kernel';
import { failingWorkflow, textToImageWorkflow } from '../jobs/sampleWorkflows';
import { arr, client, obj, startFast, waitFor, type Client } from '../testing/testKit';

interface Capture {
  ws: WebSocket;
  messages: { type: string; data: Record<string, unknown> }[];
  binary: Buffer[];
}

let sim: RunningSimulator;
let v1: Client;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  sim = await startFast({ surface: 'managed', prefix: '/mount', timing: { stepMs: 5 } });
  v1 = client(sim.url, 'demo-key', 'x-api-key');
});
afterAll(async () => {
  sockets.forEach((ws) => ws.terminate());
  await sim.close();
});

function connect(token: string): Promise<Capture> {
  const wsUrl = `${sim.url.replace(/^http/, 'ws')}/ws?clientId=abc&token=${token}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl);
    sockets.push(ws);
    const capture: Capture = { ws, messages: [], binary: [] };
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) capture.binary.push(data);
      else capture.messages.push(obj(JSON.parse(data.toString())) as Capture['messages'][number]);
    });
    ws.on('open', () => resolve(capture));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode ?? 0}`)));
    ws.on('error', reject);
  });
}

async function prompt(workflow: unknown): Promise<string> {
  return String(obj((await v1.post('/api/prompt', { prompt: workflow })).body).prompt_id);
}

const ofJob = (capture: Capture, id: string) => capture.messages.filter((m) => m.data.prompt_id === id);

describe('v1 WebSocket', () => {
  it('refuses a missing or wrong token with 401', async () => {
    await expect(connect('wrong')).rejects.toThrow('status 401');
    await expect(connect('')).rejects.toThrow('status 401');
  });

  it('streams a run: status, execution_start, executing, progress, previews, executed, success', async () => {
    const capture = await connect('demo-key');
    const other = await connect('other-key');
    await waitFor(() => Promise.resolve(capture.messages.length > 0 ? true : null));
    expect(capture.messages[0]).toMatchObject({
      type: 'status',
      data: { status: { exec_info: { queue_remaining: 0 } } },
    });
    expect(typeof capture.messages[0]?.data.sid).toBe('string');

    const id = await prompt(textToImageWorkflow({ steps: 6 }));
    await waitFor(() =>
      Promise.resolve(ofJob(capture, id).some((m) => m.type === 'execution_success') ? true : null),
    );
    const types = ofJob(capture, id).map((m) => m.type);
    expect(types[0]).toBe('execution_start');
    expect(types[1]).toBe('execution_cached');
    expect(types).toEqual(expect.arrayContaining(['executing', 'progress', 'executed']));
    expect(types.at(-2)).toBe('executing');
    expect(ofJob(capture, id).at(-2)?.data.node).toBeNull();
    const progress = ofJob(capture, id).filter((m) => m.type === 'progress');
    expect(progress.at(-1)?.data).toMatchObject({ node: '3', value: 6, max: 6 });
    const executed = ofJob(capture, id).find((m) => m.type === 'executed');
    expect(executed?.data.node).toBe('9');
    const images = arr(obj(executed?.data.output).images).map(obj);
    expect(images[0]).toMatchObject({ subfolder: '', type: 'output' });
    expect(capture.binary.length).toBeGreaterThan(0);
    const frame = capture.binary[0] ?? Buffer.alloc(0);
    expect(frame.readUInt32BE(0)).toBe(1);
    expect(frame.readUInt32BE(4)).toBe(2);
    expect(frame.subarray(9, 12).toString('latin1')).toBe('PNG');
    // Another user's connection hears nothing about this job.
    expect(ofJob(other, id)).toEqual([]);
    expect(other.binary).toEqual([]);
  });

  it('sends execution_error for a failed node', async () => {
    const capture = await connect('demo-key');
    const id = await prompt(failingWorkflow('kaboom'));
    await waitFor(() =>
      Promise.resolve(ofJob(capture, id).some((m) => m.type === 'execution_error') ? true : null),
    );
    const error = ofJob(capture, id).find((m) => m.type === 'execution_error');
    expect(error?.data).toMatchObject({
      exception_message: 'kaboom',
      node_id: '2',
      node_type: 'FailNode',
      executed: ['1'],
    });
  });

  it('sends execution_interrupted when a running job is cancelled', async () => {
    const capture = await connect('demo-key');
    const id = await prompt(textToImageWorkflow({ steps: 400 }));
    await waitFor(() => Promise.resolve(ofJob(capture, id).some((m) => m.type === 'progress') ? true : null));
    await client(sim.url, 'demo-key').post(`/api/v2/jobs/${id}/cancel`);
    await waitFor(() =>
      Promise.resolve(ofJob(capture, id).some((m) => m.type === 'execution_interrupted') ? true : null),
    );
    expect(ofJob(capture, id).find((m) => m.type === 'execution_interrupted')?.data).toMatchObject({
      node_id: '3',
      node_type: 'KSampler',
    });
  });

  it('records the handshake in /_sim/requests with the token counted as a credential', async () => {
    const requests = arr(obj(await (await fetch(`${sim.origin}/_sim/requests`)).json()).requests).map(obj);
    expect(requests.find((r) => r.path === '/mount/ws' && r.status === 101)).toMatchObject({
      credentials: true,
    });
  });
});
