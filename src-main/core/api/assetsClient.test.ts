import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AssetsClient } from './assetsClient';
import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import {
  json,
  startTestServer,
  testConnection,
  type RecordedRequest,
  type TestServer,
} from './testing/testServer';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}
function assetsFor(origin: string, retryPolicy = new RetryPolicy({ maxAttempts: 1 })): AssetsClient {
  return new AssetsClient(new HttpClient({ connection: testConnection(origin), retryPolicy }));
}

const hash = `blake3:${'ab'.repeat(32)}`;
function assetDocument(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'asset-1',
    hash,
    size_bytes: 5,
    content_type: 'image/png',
    created_at: '2025-01-01T00:00:00Z',
    url: '/api/v2/assets/asset-1/content',
    url_expires_at: null,
    created_new: true,
    ...overrides,
  };
}

interface FormPart {
  headers: string;
  body: Buffer;
}
/** Just enough multipart parsing to check what the client wrote. */
function parseMultipart(request: RecordedRequest): FormPart[] {
  const boundary = /boundary=(.+)$/.exec(request.headers['content-type'] ?? '')?.[1] ?? '';
  const text = request.body.toString('latin1');
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const split = chunk.indexOf('\r\n\r\n');
      return { headers: chunk.slice(2, split), body: Buffer.from(chunk.slice(split + 4, -2), 'latin1') };
    });
}

describe('AssetsClient upload', () => {
  it('streams a multipart body from a Readable with Content-Length, progress and the key', async () => {
    const api = await server((_req, res) => json(res, 201, assetDocument()));
    const file = Buffer.alloc(300_000, 7);
    const progress: Array<[number, number | null]> = [];
    const result = await assetsFor(api.origin).upload({
      source: Readable.from([file.subarray(0, 100_000), file.subarray(100_000)]),
      size: file.byteLength,
      fileName: 'pic "1".png',
      contentType: 'image/png',
      filePath: 'inputs/pic.png',
      expectedHash: hash,
      tags: ['input', 'portrait'],
      expiresIn: 3600,
      idempotencyKey: 'upload-1',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(result.created).toBe(true);
    expect(result.asset.url).toBe(`${api.origin}/api/v2/assets/asset-1/content`);

    const request = api.requests[0];
    if (request === undefined) throw new Error('no request');
    expect(request.headers['idempotency-key']).toBe('upload-1');
    expect(Number(request.headers['content-length'])).toBe(request.body.byteLength);
    const parts = parseMultipart(request);
    const fields: Record<string, string> = Object.fromEntries(
      parts
        .filter((p) => !p.headers.includes('filename'))
        .map((p): [string, string] => [/name="([^"]+)"/.exec(p.headers)?.[1] ?? '', p.body.toString()]),
    );
    expect(fields).toEqual({
      content_type: 'image/png',
      file_path: 'inputs/pic.png',
      expected_hash: hash,
      expires_in: '3600',
      tags: 'portrait',
    });
    expect(parts.filter((p) => p.headers.includes('name="tags"')).map((p) => p.body.toString())).toEqual([
      'input',
      'portrait',
    ]);
    const filePart = parts.find((p) => p.headers.includes('filename'));
    expect(filePart?.headers).toContain('filename="pic %221%22.png"');
    expect(filePart?.body.equals(file)).toBe(true);
    expect(progress.at(-1)).toEqual([300_000, 300_000]);
  });

  it('goes chunked when the size is unknown', async () => {
    const api = await server((_req, res) => json(res, 200, assetDocument({ created_new: false })));
    const result = await assetsFor(api.origin).upload({
      source: () => Readable.from(['hello']),
      fileName: 'a.txt',
      contentType: 'text/plain',
    });
    expect(result.created).toBe(false);
    expect(api.requests[0]?.headers['transfer-encoding']).toBe('chunked');
  });

  it('refuses bad fields before sending', async () => {
    const api = await server((_req, res) => json(res, 201, assetDocument()));
    const assets = assetsFor(api.origin);
    const base = { source: () => Readable.from(['x']), fileName: 'a', contentType: 'text/plain' };
    await expect(assets.upload({ ...base, expectedHash: 'md5:abc' })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    await expect(assets.upload({ ...base, expiresIn: 59 })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    await expect(assets.upload({ ...base, contentType: 'text/plain\r\nX-Evil: 1' })).rejects.toMatchObject({
      kind: 'invalid-request',
    });
    expect(api.requests).toHaveLength(0);
  });

  it('does not resend a one-shot stream, and resends an openable file after a released key', async () => {
    let calls = 0;
    const api = await server((_req, res) => {
      calls++;
      if (calls % 2 === 1)
        json(res, 429, { error: { code: 'queue_full', message: '' } }, { 'retry-after': '0' });
      else json(res, 201, assetDocument());
    });
    const assets = assetsFor(api.origin, new RetryPolicy({ sleep: () => Promise.resolve() }));
    const base = { fileName: 'a', contentType: 'text/plain' };
    await expect(assets.upload({ ...base, source: Readable.from(['x']) })).rejects.toMatchObject({
      status: 429,
    });
    expect(api.requests).toHaveLength(1);
    calls = 0;
    await assets.upload({ ...base, source: () => Readable.from(['x']) });
    expect(api.requests).toHaveLength(3);
  });
});

describe('AssetsClient other calls', () => {
  it('mints from hash, checks by hash with HEAD, reads and deletes', async () => {
    const api = await server((req, res) => {
      if (req.url === '/api/v2/assets/from-hash') json(res, 200, assetDocument({ created_new: false }));
      else if (req.method === 'HEAD') {
        res.writeHead(req.url.endsWith(hash) ? 200 : 404);
        res.end();
      } else if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
      } else json(res, 200, assetDocument());
    });
    const assets = assetsFor(api.origin);
    const minted = await assets.fromHash({ hash, file_path: 'x.png', tags: ['a'], expires_in: 60 });
    expect(minted.created).toBe(false);
    expect(JSON.parse(api.requests[0]?.body.toString() ?? '')).toEqual({
      hash,
      file_path: 'x.png',
      tags: ['a'],
      expires_in: 60,
    });
    expect(await assets.existsByHash(hash)).toBe(true);
    expect(await assets.existsByHash(`blake3:${'cd'.repeat(32)}`)).toBe(false);
    expect(api.requests[1]?.url).toBe(`/api/v2/assets/by-hash/${hash}`);
    expect((await assets.get('asset-1')).hash).toBe(hash);
    await assets.delete('asset-1');
    expect(api.requests.at(-1)?.method).toBe('DELETE');
  });

  it('downloads content through a 302 to storage, with Range, and storage sees no credential', async () => {
    const storage = await server((req, res) => {
      res.writeHead(206, {
        'content-type': 'image/png',
        'content-length': '3',
        'content-range': 'bytes 2-4/10',
      });
      res.end('cde');
    });
    const api = await server((_req, res) => {
      res.writeHead(302, { location: `${storage.origin}/blob/xyz?X-Signature=s` });
      res.end();
    });
    const assets = assetsFor(api.origin);
    const content = await assets.content('asset-1', { range: { start: 2, end: 4 } });
    expect(content).toMatchObject({
      status: 206,
      contentLength: 3,
      contentRange: 'bytes 2-4/10',
      redirected: true,
    });
    expect(Buffer.from(await new Response(content.body).arrayBuffer()).toString()).toBe('cde');
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret-key');
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
    expect(storage.requests[0]?.headers.range).toBe('bytes=2-4');

    const location = await assets.resolveContentLocation('asset-1');
    expect(location).toEqual({ url: `${storage.origin}/blob/xyz?X-Signature=s`, signed: true });
    expect(storage.requests).toHaveLength(1);
  });

  it('reads self-hosted content directly (200, no signed URL)', async () => {
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('direct');
    });
    const assets = assetsFor(api.origin);
    const content = await assets.content({ url: `${api.origin}/api/v2/assets/a/content` });
    expect(await new Response(content.body).text()).toBe('direct');
    expect(await assets.resolveContentLocation('a')).toEqual({
      url: `${api.origin}/api/v2/assets/a/content`,
      signed: false,
    });
  });
});
