// Every V1Client call and the V1Socket against the simulator's managed surface (v1 exists there only),
// through real sockets: object_info, both uploads, prompt, job status, the job list, and the WebSocket's
// JSON and binary frames. v1 errors are {code, message}; their codes are the simulator's own (none are
// published), so only status and shape are held to the documents.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { failingWorkflow, textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import { V1Socket, type V1SocketMessage, type V1SocketState } from '../../v1Socket';
import { simulatorFixture } from './simulatorFixture';
import { apiErrorOf, clientsFor, connectionTo, eventually, setFaults, simRequests } from './simulatorHarness';

const env = simulatorFixture({ surface: 'managed', prefix: '/mount' });
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('v1 calls', () => {
  it('object_info lists node classes with their inputs, sent with X-API-Key', async () => {
    const info = await env.api.v1.objectInfo();
    expect(info.KSampler?.input?.required).toHaveProperty('steps');
    const [request] = await simRequests(env.sim);
    expect(request).toMatchObject({ path: '/mount/api/object_info', credentials: true, status: 200 });
  });

  it('upload/image and upload/mask answer a name and subfolder', async () => {
    const image = await env.api.v1.uploadImage({
      source: () => Readable.from([png]),
      fileName: 'photo.png',
      contentType: 'image/png',
      type: 'input',
      overwrite: true,
      size: png.byteLength,
    });
    expect(image.name).toMatch(/\.png$/);
    expect(image.subfolder).toBe('');
    const mask = await env.api.v1.uploadMask({
      source: Readable.from([png]),
      fileName: 'mask.png',
      contentType: 'image/png',
      originalRef: { filename: image.name, type: 'input' },
    });
    expect(mask.name).toMatch(/\.png$/);
  });

  it('prompt queues a job that job status, the v1 list and v2 all see', async () => {
    const queued = await env.api.v1.prompt({ prompt: textToImageWorkflow({ steps: 1 }) });
    expect(queued.nodeErrors).toEqual({});
    expect(queued.number).not.toBeNull();
    const finished = await eventually(async () => {
      const status = await env.api.v1.jobStatus(queued.promptId);
      return status.status === 'succeeded' ? status : null;
    });
    expect(finished.rawStatus).toBe('success');
    const list = await env.api.v1.listJobs({ status: ['completed'], limit: 10, sortOrder: 'desc' });
    expect(list.jobs.map((job) => job.id)).toContain(queued.promptId);
    expect(list.pagination).toMatchObject({ offset: 0, limit: 10, has_more: false });
    expect((await env.api.jobs.get(queued.promptId)).status).toBe('succeeded');
  });

  it('a failed run reads as failed with its execution error in the list', async () => {
    const queued = await env.api.v1.prompt({ prompt: failingWorkflow('boom') });
    await eventually(async () =>
      (await env.api.v1.jobStatus(queued.promptId)).status === 'failed' ? true : null,
    );
    const list = await env.api.v1.listJobs({ status: ['failed'] });
    const item = list.jobs.find((job) => job.id === queued.promptId);
    expect(item?.status).toBe('failed');
    expect(item?.execution_error?.exception_message).toContain('boom');
  });

  it('errors: 401 without a valid key, 404 for an unknown job, 400 with node_errors for a bad prompt', async () => {
    const stranger = clientsFor(connectionTo(env.sim, { key: 'nope' }));
    expect(await apiErrorOf(() => stranger.v1.objectInfo())).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(await apiErrorOf(() => env.api.v1.jobStatus(randomUUID()))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const invalid = await apiErrorOf(() =>
      env.api.v1.prompt({ prompt: { '1': { class_type: 'Nope', inputs: {} } } }),
    );
    expect(invalid).toMatchObject({ status: 400, code: 'INVALID_PROMPT' });
    expect(invalid.details).toHaveProperty('node_errors');
  });

  it('402 for credits, and capacity trouble as 503 with Retry-After; an unkeyed POST is never retried', async () => {
    await setFaults(env.sim, { insufficientCredits: true });
    const credits = await apiErrorOf(() => env.api.v1.prompt({ prompt: textToImageWorkflow() }));
    expect(credits).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    await setFaults(env.sim, { insufficientCredits: false, queueFull: { retryAfterSeconds: 7 } });
    const full = await apiErrorOf(() => env.api.v1.prompt({ prompt: textToImageWorkflow() }));
    expect(full).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', retryAfterMs: 7000 });
    expect(env.api.waits).toEqual([]);
  });
});

describe('the v1 WebSocket', () => {
  function openSocket(key: string): {
    socket: V1Socket;
    messages: V1SocketMessage[];
    states: V1SocketState[];
  } {
    const messages: V1SocketMessage[] = [];
    const states: V1SocketState[] = [];
    const socket = new V1Socket({
      connection: connectionTo(env.sim, { key }),
      onMessage: (message) => messages.push(message),
      onStateChange: (state) => states.push(state),
      maxFailures: 1,
      baseDelayMs: 5,
    });
    socket.start();
    return { socket, messages, states };
  }

  it('carries a run as JSON frames and PNG previews as binary frames, token in the query', async () => {
    const { socket, messages } = openSocket('demo-key');
    try {
      await eventually(async () => Promise.resolve(messages.some((m) => m.type === 'status') ? true : null));
      const { promptId } = await env.api.v1.prompt({ prompt: textToImageWorkflow({ steps: 3 }) });
      await eventually(async () =>
        Promise.resolve(
          messages.some((m) => m.type === 'execution_success' && m.data.prompt_id === promptId) ? true : null,
        ),
      );
      const types = new Set(messages.map((m) => m.type));
      for (const type of ['execution_start', 'executing', 'progress', 'executed', 'preview_image']) {
        expect(types).toContain(type);
      }
      const preview = messages.find((m) => m.type === 'preview_image');
      expect(preview).toMatchObject({ format: 'png' });
      const handshake = (await simRequests(env.sim)).find((r) => r.path === '/mount/ws');
      expect(handshake).toMatchObject({ status: 101, credentials: true });
    } finally {
      socket.close();
    }
  });

  it('a refused handshake (401) stops for good instead of reconnecting', async () => {
    const { socket, states } = openSocket('not-a-key');
    try {
      await eventually(async () => Promise.resolve(states.some((s) => s.state === 'closed') ? true : null));
      expect(states.at(-1)).toEqual({ state: 'closed', reason: 'unauthorized' });
    } finally {
      socket.close();
    }
  });
});
