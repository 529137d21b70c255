import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import { json, startTestServer, testConnection, type TestServer } from './testing/testServer';
import { V1Client } from './v1Client';
import { V1Socket, type V1SocketMessage, type V1SocketState } from './v1Socket';

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function v1For(handler: Parameters<typeof startTestServer>[0]) {
  server = await startTestServer(handler);
  return {
    v1: new V1Client(
      new HttpClient({
        connection: testConnection(server.origin),
        retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
      }),
    ),
    server,
  };
}

describe('V1Client', () => {
  it('authenticates with X-API-Key and normalises every v1 status spelling', async () => {
    const statuses = [
      'success',
      'completed',
      'non_retryable_error',
      'lost',
      'cancelled',
      'in_progress',
      'waiting_to_dispatch',
      'cancel_requested',
      'quantum',
    ];
    const { v1, server } = await v1For((_req, res) => json(res, 200, { status: statuses.shift() }));
    const read: string[] = [];
    for (let i = 0; i < 9; i++) read.push((await v1.jobStatus('p1')).status);
    expect(read).toEqual([
      'succeeded',
      'succeeded',
      'failed',
      'failed',
      'canceled',
      'running',
      'queued',
      'canceling',
      'unknown',
    ]);
    expect(server.requests[0]?.headers['x-api-key']).toBe('secret-key');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.url).toBe('/api/job/p1/status');
  });

  it('lists with the documented query names and keeps the raw status', async () => {
    const { v1, server } = await v1For((_req, res) =>
      json(res, 200, {
        jobs: [
          { id: 'a', status: 'pending', create_time: 1700000000, outputs_count: 0, execution_error: 'weird' },
        ],
        pagination: { offset: 0, limit: 10, total: 1, has_more: false },
      }),
    );
    const list = await v1.listJobs({
      status: ['pending', 'in_progress'],
      outputType: 'image',
      sortBy: 'create_time',
      sortOrder: 'desc',
      offset: 0,
      limit: 10,
    });
    expect(server.requests[0]?.url).toBe(
      '/api/jobs?status=pending%2Cin_progress&output_type=image&sort_by=create_time&sort_order=desc&offset=0&limit=10',
    );
    expect(list.jobs[0]).toMatchObject({
      id: 'a',
      status: 'queued',
      rawStatus: 'pending',
      execution_error: null,
    });
    await expect(v1.listJobs({ limit: 1001 })).rejects.toMatchObject({ kind: 'invalid-request' });
  });

  it('queues a prompt, and turns an error body without prompt_id into an ApiError', async () => {
    const answers = [
      { prompt_id: 'p9', number: 3, node_errors: {} },
      { error: { type: 'prompt_no_outputs', message: 'No outputs' }, node_errors: {} },
    ];
    const { v1, server } = await v1For((_req, res) => json(res, 200, answers.shift()));
    expect(await v1.prompt({ prompt: { '1': {} }, extra_data: { api_key_svc_org: 'partner' } })).toEqual({
      promptId: 'p9',
      number: 3,
      nodeErrors: {},
    });
    expect(JSON.parse(server.requests[0]?.body.toString() ?? '')).toEqual({
      prompt: { '1': {} },
      extra_data: { api_key_svc_org: 'partner' },
    });
    await expect(v1.prompt({ prompt: {} })).rejects.toMatchObject({
      code: 'prompt_no_outputs',
      message: 'No outputs',
    });
  });

  it('uploads a mask with original_ref as a JSON string field', async () => {
    const { v1, server } = await v1For((_req, res) =>
      json(res, 200, { name: 'mask.png', subfolder: '', type: 'input' }),
    );
    const result = await v1.uploadMask({
      source: () => Readable.from([Buffer.from('png')]),
      fileName: 'mask.png',
      contentType: 'image/png',
      type: 'input',
      originalRef: { filename: 'orig.png', subfolder: '', type: 'input' },
    });
    expect(result.name).toBe('mask.png');
    const body = server.requests[0]?.body.toString() ?? '';
    expect(body).toContain(
      'name="original_ref"\r\n\r\n{"filename":"orig.png","subfolder":"","type":"input"}',
    );
    expect(body).toContain('name="image"; filename="mask.png"');
  });

  it('reads object_info, leaving out definitions it cannot read', async () => {
    const { v1 } = await v1For((_req, res) =>
      json(res, 200, {
        KSampler: { input: { required: { seed: ['INT', {}] } }, display_name: 'KSampler' },
        Broken: 7,
      }),
    );
    const info = await v1.objectInfo();
    expect(Object.keys(info)).toEqual(['KSampler']);
    expect(info.KSampler?.input?.required).toEqual({ seed: ['INT', {}] });
  });
});

describe('V1Socket', () => {
  let httpServer: Server | undefined;
  let wss: WebSocketServer | undefined;
  afterEach(async () => {
    wss?.close();
    httpServer?.closeAllConnections();
    await new Promise<void>((resolve) => (httpServer ? httpServer.close(() => resolve()) : resolve()));
  });

  async function wsServer(
    onConnection: (socket: WebSocket, url: string, count: number) => void,
    refuse = false,
  ) {
    httpServer = createServer();
    let count = 0;
    if (refuse) {
      httpServer.on('upgrade', (_req, socket) => {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
      });
    } else {
      wss = new WebSocketServer({ server: httpServer });
      wss.on('connection', (socket, request) => onConnection(socket, request.url ?? '', ++count));
    }
    await new Promise<void>((resolve) => httpServer?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  }

  it('passes token and clientId, types JSON and binary frames, and reconnects after a drop', async () => {
    const urls: string[] = [];
    const origin = await wsServer((socket, url, count) => {
      urls.push(url);
      socket.send(JSON.stringify({ type: 'progress', data: { prompt_id: 'p', node: 3, value: 2, max: 10 } }));
      socket.send(JSON.stringify({ type: 'mystery', data: { x: 1 } }));
      const frame = Buffer.alloc(8 + 4);
      frame.writeUInt32BE(1, 0);
      frame.writeUInt32BE(2, 4);
      Buffer.from([0x89, 0x50, 0x4e, 0x47]).copy(frame, 8);
      socket.send(frame, { binary: true });
      if (count === 1) setTimeout(() => socket.terminate(), 20);
      else socket.send(JSON.stringify({ type: 'execution_success', data: { prompt_id: 'p', timestamp: 1 } }));
    });
    const messages: V1SocketMessage[] = [];
    const states: V1SocketState['state'][] = [];
    const done = new Promise<void>((resolve) => {
      const socket = new V1Socket({
        connection: testConnection(origin),
        clientId: 'client-1',
        random: () => 0,
        onStateChange: (state) => states.push(state.state),
        onMessage: (message) => {
          messages.push(message);
          if (message.type === 'execution_success') {
            socket.close();
            resolve();
          }
        },
      });
      socket.start();
    });
    await done;
    expect(urls[0]).toBe('/ws?clientId=client-1&token=secret-key');
    expect(urls).toHaveLength(2);
    expect(messages[0]).toEqual({ type: 'progress', data: { prompt_id: 'p', node: '3', value: 2, max: 10 } });
    expect(messages[1]).toEqual({ type: 'unknown', rawType: 'mystery', data: { x: 1 } });
    expect(messages[2]).toMatchObject({ type: 'preview_image', format: 'png', meta: null });
    expect(states).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open', 'closed']);
  });

  it('opens nothing while the key cannot be read, and connects with it once it can', async () => {
    const urls: string[] = [];
    const origin = await wsServer((socket, url) => {
      urls.push(url);
      socket.send(JSON.stringify({ type: 'execution_success', data: { prompt_id: 'p', timestamp: 1 } }));
    });
    let locked = 2;
    const states: V1SocketState[] = [];
    await new Promise<void>((resolve) => {
      const socket = new V1Socket({
        connection: {
          ...testConnection(origin),
          credential: () =>
            locked-- > 0
              ? Promise.reject(new Error('keychain locked'))
              : Promise.resolve({ secret: 'k', origins: [origin] }),
        },
        clientId: 'c',
        random: () => 0,
        baseDelayMs: 1,
        onStateChange: (state) => states.push(state),
        onMessage: () => {
          socket.close();
          resolve();
        },
      });
      socket.start();
    });
    expect(urls).toEqual(['/ws?clientId=c&token=k']);
    expect(states.map((state) => state.state)).toEqual([
      'connecting',
      'waiting',
      'connecting',
      'waiting',
      'connecting',
      'open',
      'closed',
    ]);
  });

  it('stops for good when the handshake is refused with 401', async () => {
    const origin = await wsServer(() => undefined, true);
    const closed = await new Promise<V1SocketState>((resolve) => {
      new V1Socket({
        connection: testConnection(origin),
        onMessage: () => undefined,
        onStateChange: (state) => {
          if (state.state === 'closed') resolve(state);
        },
      }).start();
    });
    expect(closed).toEqual({ state: 'closed', reason: 'unauthorized' });
  });
});
