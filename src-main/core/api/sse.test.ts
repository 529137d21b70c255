import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http';
import { followJobEvents, type JobStreamEvent } from './sse';
import { json, recordingSleep, startTestServer, testConnection, type TestServer } from './testing/testServer';

let server: TestServer | undefined;
afterEach(async () => server?.close());

function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}
function send(res: ServerResponse, event: string, data: unknown): void {
  res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

async function follow(
  handler: Parameters<typeof startTestServer>[0],
  overrides: { poll?: () => Promise<boolean>; signal?: AbortSignal; keepaliveTimeoutMs?: number } = {},
) {
  server = await startTestServer(handler);
  const http = new HttpClient({ connection: testConnection(`${server.origin}/mount`) });
  const events: JobStreamEvent[] = [];
  let polls = 0;
  const { sleep, waits } = recordingSleep();
  const end = await followJobEvents({
    http,
    url: `${server.origin}/mount/api/v2/jobs/j1/events`,
    onEvent: (event) => events.push(event),
    poll: () => {
      polls++;
      return overrides.poll ? overrides.poll() : Promise.resolve(false);
    },
    sleep,
    random: () => 0,
    keepaliveTimeoutMs: overrides.keepaliveTimeoutMs ?? 45_000,
    terminalGraceMs: 200,
    ...(overrides.signal ? { signal: overrides.signal } : {}),
  });
  return { end, events, polls, waits, server };
}

describe('followJobEvents', () => {
  it('types every event, authenticates, and stops after a terminal status and its trailing outputs', async () => {
    const output = {
      id: 'a1',
      node_id: '9',
      name: 'out.png',
      type: 'image',
      content_type: 'image/png',
      size_bytes: 3,
      hash: null,
      url: '/mount/api/v2/assets/a1/content',
      url_expires_at: 't',
    };
    const { end, events, polls, server } = await follow((_req, res) => {
      openStream(res);
      res.write(': keepalive\n\n');
      send(res, 'status', { status: 'running', queue_position: null });
      send(res, 'progress', { value: 0.25, nodes_done: 1, nodes_total: 4, step: 3, steps: 20 });
      send(res, 'preview', { node_id: '9', content_type: 'image/jpeg', data_base64: 'AAAA' });
      send(res, 'hologram', { x: 1 });
      res.write('event: progress\ndata: {not json\n\n');
      send(res, 'status', { status: 'succeeded' });
      send(res, 'output', output);
      res.end();
    });
    expect(end).toEqual({ reason: 'terminal', status: 'succeeded' });
    expect(polls).toBe(0);
    expect(events.map((e) => e.type)).toEqual([
      'status',
      'progress',
      'preview',
      'unknown',
      'unknown',
      'status',
      'output',
    ]);
    expect(events[1]).toMatchObject({
      type: 'progress',
      progress: { value: 0.25, step: 3, current_node: null },
    });
    expect(events[3]).toEqual({ type: 'unknown', event: 'hologram', data: '{"x":1}' });
    expect(events[6]).toMatchObject({
      type: 'output',
      output: { url: `${server.origin}/mount/api/v2/assets/a1/content` },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer secret-key');
    expect(server.requests[0]?.headers.accept).toBe('text/event-stream');
  });

  it('treats 45 s of silence (here 150 ms) as a dead stream: polls once, then reconnects', async () => {
    let connections = 0;
    const { end, polls, waits } = await follow(
      (_req, res) => {
        openStream(res);
        if (++connections === 1) send(res, 'status', { status: 'running' });
        else {
          send(res, 'status', { status: 'failed' });
          res.end();
        }
      },
      { keepaliveTimeoutMs: 150 },
    );
    expect(end).toEqual({ reason: 'terminal', status: 'failed' });
    expect(connections).toBe(2);
    expect(polls).toBe(1);
    expect(waits).toEqual([100]);
  });

  it('reconnects after a stream that ends without a terminal status, unless the poll finds the job done', async () => {
    let connections = 0;
    const first = await follow((_req, res) => {
      openStream(res);
      send(res, 'status', { status: ++connections === 1 ? 'running' : 'canceled' });
      res.end();
    });
    expect(first.end).toEqual({ reason: 'terminal', status: 'canceled' });
    expect(first.polls).toBe(1);
    await server?.close();

    const second = await follow(
      (_req, res) => {
        openStream(res);
        send(res, 'status', { status: 'running' });
        res.end();
      },
      { poll: () => Promise.resolve(true) },
    );
    expect(second.end).toEqual({ reason: 'terminal-by-poll' });
    expect(second.server.requests).toHaveLength(1);
  });

  it('never takes an unknown status for the end', async () => {
    let connections = 0;
    const { end, polls } = await follow((_req, res) => {
      openStream(res);
      send(res, 'status', { status: ++connections === 1 ? 'vanished' : 'expired' });
      res.end();
    });
    expect(polls).toBe(1);
    expect(end).toEqual({ reason: 'terminal', status: 'expired' });
  });

  it('stops for good on 501', async () => {
    const { end, server } = await follow((_req, res) =>
      json(res, 501, { error: { code: 'not_implemented', message: 'no streams' } }),
    );
    expect(end).toEqual({ reason: 'not-supported' });
    expect(server.requests).toHaveLength(1);
  });

  it('waits Retry-After on 429 too_many_streams, capped at 60 s', async () => {
    let connections = 0;
    const { end, waits } = await follow((_req, res) => {
      connections++;
      if (connections === 1)
        json(res, 429, { error: { code: 'too_many_streams', message: '' } }, { 'retry-after': '2' });
      else if (connections === 2)
        json(res, 429, { error: { code: 'too_many_streams', message: '' } }, { 'retry-after': '600' });
      else {
        openStream(res);
        send(res, 'status', { status: 'succeeded' });
        res.end();
      }
    });
    expect(end).toEqual({ reason: 'terminal', status: 'succeeded' });
    expect(waits).toEqual([2000, 60_000]);
  });

  it('gives up on 404 and after repeated failures, leaving polling in charge', async () => {
    const notFound = await follow((_req, res) =>
      json(res, 404, { error: { code: 'not_found', message: '' } }),
    );
    expect(notFound.end).toMatchObject({ reason: 'failed', error: { code: 'not_found' } });
    await server?.close();
    const broken = await follow((_req, res) =>
      json(res, 502, { error: { code: 'upstream_error', message: '' } }),
    );
    expect(broken.end).toMatchObject({ reason: 'failed', error: { status: 502 } });
    expect(broken.server.requests).toHaveLength(5);
  });

  it('ends with aborted when the caller aborts mid-stream', async () => {
    const controller = new AbortController();
    const { end } = await follow(
      (_req, res) => {
        openStream(res);
        send(res, 'status', { status: 'running' });
        setTimeout(() => controller.abort(), 30);
      },
      { signal: controller.signal },
    );
    expect(end).toEqual({ reason: 'aborted' });
  });
});
