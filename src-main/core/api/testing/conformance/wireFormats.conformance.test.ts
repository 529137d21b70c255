// The two wire formats the API layer's author flagged as guesses, held against the simulator and, where the
// simulator is silent, against the reference server's layout:
//  - asset `tags` on a multipart upload: the client sends one `tags` part per tag (the usual form encoding
//    of an array); the simulator reads that, and also reads a single part holding a JSON array. The two
//    readings collide only for a tag whose text is itself a JSON array of strings.
//  - the v1 binary text frame (type 3): NOTES says "a node-id length, the node id, then the text" without a
//    width. The reference server packs the length as a 4-byte big-endian unsigned integer
//    (`struct.pack(">I", len(node_id_bytes))`), which is what the client reads. The simulator never sends
//    type 3, so a loopback WebSocket server sends it here.
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { bindCredential } from '../../connection';
import { V1Socket, type V1SocketMessage } from '../../v1Socket';
import { simulatorFixture } from './simulatorFixture';
import { eventually } from './simulatorHarness';

describe('asset tags on upload', () => {
  const env = simulatorFixture({ surface: 'serverless' }, { resetAfterEach: false });

  function upload(tags: string[]) {
    const bytes = createHash('sha256').update(randomUUID()).digest();
    return env.api.assets.upload({
      source: () => Readable.from([bytes]),
      size: bytes.byteLength,
      fileName: 'a.bin',
      contentType: 'application/octet-stream',
      tags,
    });
  }

  it('one part per tag is accepted, commas and brackets inside a tag included', async () => {
    const result = await upload(['input', 'portrait, close-up', '[draft]']);
    expect(result.created).toBe(true);
  });

  it('32 tags, one part each, are accepted', async () => {
    expect((await upload(Array.from({ length: 32 }, (_, i) => `t${i}`))).created).toBe(true);
  });

  // One form part is one tag, even when its text looks like a JSON array: 31 plain tags plus this one are
  // 32 (the most allowed); a server that split it into its two elements would count 33 and refuse.
  it('a single tag whose text is a JSON array stays one tag', async () => {
    const plain = Array.from({ length: 31 }, (_, i) => `t${i}`);
    expect((await upload([...plain, '["x","y"]'])).created).toBe(true);
  });
});

describe('v1 binary text frame (type 3)', () => {
  it('reads a 4-byte big-endian node-id length, the node id, then the text', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    server.on('connection', (ws) => {
      const nodeId = Buffer.from('12:sampler', 'utf8');
      const text = Buffer.from('step 3/20 — ok', 'utf8');
      const header = Buffer.alloc(8);
      header.writeUInt32BE(3, 0);
      header.writeUInt32BE(nodeId.byteLength, 4);
      ws.send(Buffer.concat([header, nodeId, text]), { binary: true });
    });
    const messages: V1SocketMessage[] = [];
    const socket = new V1Socket({
      connection: {
        surface: 'managed',
        baseUrl: `http://127.0.0.1:${port}`,
        credential: () => Promise.resolve(bindCredential('key', `http://127.0.0.1:${port}`)),
      },
      onMessage: (message) => messages.push(message),
    });
    try {
      socket.start();
      const message = await eventually(async () => Promise.resolve(messages[0] ?? null));
      expect(message).toEqual({ type: 'text', nodeId: '12:sampler', text: 'step 3/20 — ok' });
    } finally {
      socket.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('v1 socket token', () => {
  it('carries the key only to an origin the key was given for', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const here = `http://127.0.0.1:${port}`;
    const seen: string[] = [];
    server.on('connection', (_ws, request) => seen.push(request.url ?? ''));
    const open = async (origins: string[]): Promise<string> => {
      const socket = new V1Socket({
        connection: {
          surface: 'managed',
          baseUrl: here,
          credential: () => Promise.resolve({ secret: 'sk-v1', origins }),
        },
        onMessage: () => undefined,
      });
      const before = seen.length;
      socket.start();
      try {
        return await eventually(async () => Promise.resolve(seen[before] ?? null));
      } finally {
        socket.close();
      }
    };
    try {
      expect(new URL(await open([here]), here).searchParams.get('token')).toBe('sk-v1');
      expect(new URL(await open(['https://elsewhere.example']), here).searchParams.has('token')).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
