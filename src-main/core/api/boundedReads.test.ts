// Every body from a server is read only up to its kind's limit, while it streams (issue 19, fault 4): a job
// read or a list page that never ends stops at the limit with 'response_too_large', a declared length over it
// is refused unread, a slow endless trickle ends at the deadline, an endless error body still gives its error,
// and an SSE line that never ends gives up that connection. Real sockets against small hostile servers.
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { ServiceJobs } from '../jobSources/serviceJobs';
import { BODY_LIMITS } from './bodyLimits';
import { ApiError } from './errors';
import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import { followJobEvents } from './sse';
import { startTestServer, testConnection, type TestServer } from './testing/testServer';
import { openV1WebSocket } from './v1Socket';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const noRetry = new RetryPolicy({ maxAttempts: 1 });

/** Writes 64 KiB chunks for as long as the client reads, counting what left. */
function endless(res: ServerResponse, sent: { bytes: number }, contentType = 'application/json'): void {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  res.writeHead(200, { 'content-type': contentType });
  res.write('{"id":"j1","status":"running","x":"');
  const pump = (): void => {
    while (!res.destroyed && !res.writableEnded) {
      sent.bytes += chunk.byteLength;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
}

async function serve(handler: Parameters<typeof startTestServer>[0]): Promise<ServiceJobs> {
  const server = await startTestServer(handler);
  servers.push(server);
  return new ServiceJobs(new HttpClient({ connection: testConnection(server.origin), retryPolicy: noRetry }));
}

describe('bounded reads', () => {
  it('stops reading a job body that never ends at the job limit, and says response_too_large', async () => {
    const sent = { bytes: 0 };
    const jobs = await serve((_req, res) => endless(res, sent));
    const error = await jobs.read('j1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'response_too_large',
      kind: 'invalid-response',
      details: { body: 'job', maxBytes: BODY_LIMITS.job },
    });
    // The server stopped soon after the limit: what left it is the limit plus what the sockets buffer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.bytes).toBeLessThan(BODY_LIMITS.job + 16 * 1024 * 1024);
  });

  it('stops a list page at the list limit', async () => {
    const sent = { bytes: 0 };
    const jobs = await serve((_req, res) => endless(res, sent));
    await expect(jobs.listV2({})).rejects.toMatchObject({
      code: 'response_too_large',
      details: { body: 'jobList', maxBytes: BODY_LIMITS.jobList },
    });
  });

  it('refuses a body whose declared length is over the limit without reading it', async () => {
    let wrote = 0;
    const jobs = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 50 * 1024 * 1024 });
      // A few bytes only: a read would hang waiting for the rest.
      res.write('{"id":');
      wrote += 6;
    });
    await expect(jobs.read('j1')).rejects.toMatchObject({ code: 'response_too_large' });
    expect(wrote).toBe(6);
  });

  it('ends a slow endless trickle at the deadline', async () => {
    const server = await startTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"j1","x":"');
      const timer = setInterval(() => res.write('a'), 20);
      res.on('close', () => clearInterval(timer));
    });
    servers.push(server);
    const http = new HttpClient({ connection: testConnection(server.origin), retryPolicy: noRetry });
    const response = await http.send({ family: 'v2', method: 'GET', target: 'x', timeoutMs: 300 });
    await expect(response.json('job')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('builds an error from the first 64 KiB of an error body that never ends', async () => {
    const server = await startTestServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    servers.push(server);
    const http = new HttpClient({ connection: testConnection(server.origin), retryPolicy: noRetry });
    const error = await http.send({ family: 'v2', method: 'GET', target: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 500, code: 'http_500' });
  });

  it('gives up an event stream whose line never ends, at the SSE limit', async () => {
    const sent = { bytes: 0 };
    const server = await startTestServer((_req, res) => endless(res, sent, 'text/event-stream'));
    servers.push(server);
    const end = await followJobEvents({
      http: new HttpClient({ connection: testConnection(server.origin), retryPolicy: noRetry }),
      url: `${server.origin}/events`,
      onEvent: () => undefined,
      poll: () => Promise.resolve(false),
      maxConsecutiveFailures: 1,
    });
    expect(end).toMatchObject({
      reason: 'failed',
      error: { code: 'response_too_large', details: { body: 'sseEvent' } },
    });
    expect(sent.bytes).toBeLessThan(BODY_LIMITS.sseEvent + 16 * 1024 * 1024);
  });

  it('closes the v1 socket on a message over its limit, and offers no compression', async () => {
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    const offered: (string | undefined)[] = [];
    wss.on('connection', (socket, request) => {
      offered.push(request.headers['sec-websocket-extensions']);
      socket.send(Buffer.alloc(BODY_LIMITS.v1SocketMessage + 1));
    });
    await new Promise((resolve) => wss.once('listening', resolve));
    const { port } = wss.address() as { port: number };
    const client = openV1WebSocket(`ws://127.0.0.1:${port}/ws`);
    let messages = 0;
    const errors: unknown[] = [];
    client.on('message', () => messages++);
    client.on('error', (error) => errors.push(error));
    await new Promise((resolve) => client.on('close', resolve));
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    expect(errors).toMatchObject([{ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }]);
    expect(messages).toBe(0);
    expect(offered).toEqual([undefined]);
  });
});
