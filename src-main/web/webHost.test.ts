import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  serverMessageSchema,
  type ServerMessage,
} from '../../src-shared/protocol';
import { createTestCore, type TestCore } from '../core/app/testing/testCore';
import type { ContractDispatcher } from '../core/rpc/dispatcher';
import { startWebHost, type WebHost } from './webHost';

const TOKEN = 'test-token-0123456789abcdef';

function makeRendererRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'loupe-renderer-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Loupe</title>');
  writeFileSync(join(tmpdir(), 'outside-secret.txt'), 'secret');
  return root;
}

interface Opened {
  socket: WebSocket;
  messages: ServerMessage[];
  next(predicate: (message: ServerMessage) => boolean): Promise<ServerMessage>;
}

function open(host: WebHost, init: { origin?: string; protocols?: string[] } = {}): Promise<Opened> {
  const protocols = init.protocols ?? [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${TOKEN}`];
  const socket = new WebSocket(`${host.origin.replace('http', 'ws')}${WS_PATH}`, protocols, {
    origin: init.origin ?? host.origin,
  });
  const messages: ServerMessage[] = [];
  const waiters: { predicate: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = serverMessageSchema.parse(JSON.parse(data.toString('utf8')));
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.predicate(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (predicate: (message: ServerMessage) => boolean): Promise<ServerMessage> => {
    const seen = messages.find(predicate);
    return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ predicate, resolve }));
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, next }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode ?? 0}`)));
    socket.once('error', reject);
  });
}

describe('browser shell host', () => {
  let host: WebHost;
  let core: TestCore;
  let dispatcher: ContractDispatcher;
  let rendererRoot: string;

  beforeEach(async () => {
    core = await createTestCore();
    dispatcher = core.dispatcher;
    rendererRoot = makeRendererRoot();
    host = await startWebHost({ rendererRoot, dispatcher, token: TOKEN });
  });
  afterEach(async () => {
    await host.close();
    await core.dispose();
    rmSync(rendererRoot, { recursive: true, force: true });
  });

  it('listens on loopback only, on a free port, and prints the token in the fragment', () => {
    expect(host.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.url).toBe(`${host.origin}/#token=${TOKEN}`);
  });

  it('refuses a missing token, a wrong token, a foreign Origin and a missing Origin', async () => {
    await expect(open(host, { protocols: [WS_PROTOCOL] })).rejects.toThrow('refused 401');
    await expect(
      open(host, { protocols: [WS_PROTOCOL, `${WS_TOKEN_PREFIX}wrong-token-0123456789abcd`] }),
    ).rejects.toThrow('refused 401');
    await expect(open(host, { origin: 'http://evil.example' })).rejects.toThrow('refused 403');
    await expect(open(host, { origin: host.origin.replace('127.0.0.1', 'localhost') })).rejects.toThrow(
      'refused 403',
    );
  });

  it('refuses requests that name another host (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${host.origin}/`, { headers: { host: 'rebind.example:80' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(421);
  });

  it('carries a call and answers bad arguments with a typed validation error', async () => {
    const client = await open(host);
    client.socket.send(JSON.stringify({ type: 'call', requestId: 1, name: 'app.info', args: {} }));
    client.socket.send(
      JSON.stringify({ type: 'call', requestId: 2, name: 'profiles.setActive', args: { profileId: 7 } }),
    );
    const info = await client.next((m) => m.type === 'reply' && m.requestId === 1);
    const invalid = await client.next((m) => m.type === 'reply' && m.requestId === 2);
    expect(info).toMatchObject({ result: { ok: true, value: { name: 'Loupe', shell: 'browser' } } });
    expect(invalid).toMatchObject({ result: { ok: false, error: { code: 'invalid_arguments' } } });
    client.socket.close();
  });

  it('streams events in sequence and stops the stream when the page goes away', async () => {
    const client = await open(host);
    const subscriptionId = 'heartbeat-test-1';
    client.socket.send(
      JSON.stringify({
        type: 'subscribe',
        requestId: 1,
        name: 'app.heartbeat',
        subscriptionId,
        args: { intervalMs: 50 },
      }),
    );
    await client.next((m) => m.type === 'event' && m.seq === 3);
    const events = client.messages.filter((m) => m.type === 'event');
    expect(events.slice(0, 3).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(dispatcher.activeSubscriptionCount()).toBe(1);
    client.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dispatcher.activeSubscriptionCount()).toBe(0);
  });

  it('carries a workflow file of several MiB (the contract allows 50) instead of dropping the socket', async () => {
    const client = await open(host);
    const workflowJson = JSON.stringify({
      '1': { class_type: 'Note', inputs: { text: 'x'.repeat(3 * 1024 * 1024) } },
    });
    client.socket.send(
      JSON.stringify({
        type: 'call',
        requestId: 9,
        name: 'jobs.submit',
        args: { profileId: 'local', workflowJson },
      }),
    );
    const reply = await client.next((m) => m.type === 'reply' && m.requestId === 9);
    // Nothing listens on the local proxy's address, so the answer is a typed refusal: what matters is that it
    // arrived.
    expect(reply).toMatchObject({ type: 'reply', result: { ok: false } });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });

  it('closes the connection on a malformed message instead of guessing', async () => {
    const client = await open(host);
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    client.socket.send('{not json');
    expect(await closed).toBe(1007);
  });

  it('serves the renderer with a strict CSP and refuses paths outside it', async () => {
    const index = await fetch(`${host.origin}/`);
    expect(index.status).toBe(200);
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    // WebAssembly may compile (the uploader's blake3); JavaScript eval may not.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain('unsafe-inline');
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const escape = await fetch(`${host.origin}/..%2f..%2foutside-secret.txt`);
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('secret');
    expect((await fetch(`${host.origin}/`, { method: 'POST' })).status).toBe(405);
  });
});
