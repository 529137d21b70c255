// The bulk transport behind HttpClient: the same answers as the built-in fetch (status, headers, body, content
// coding undone, redirects left to the client, null bodies where the standard says so), the body handed over as
// the Node stream it arrived in, and an abort that stops the request before the answer and the body after it.
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http';
import { nodeFetch, takeNodeBody } from './nodeFetch';
import { RetryPolicy } from './retry';
import { json, startTestServer, testConnection, type TestServer } from './testing/testServer';

const servers: TestServer[] = [];
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function drain(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('nodeFetch', () => {
  it('answers with the status, headers and body the built-in fetch would, the body read as a web stream', async () => {
    const api = await server((_req, res) => json(res, 201, { ok: true }, { 'x-svc-request-id': 'r1' }));
    const response = await nodeFetch(`${api.origin}/a`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(201);
    expect(response.headers.get('x-svc-request-id')).toBe('r1');
    expect(await response.json()).toEqual({ ok: true });
    expect(api.requests[0]?.headers.accept).toBe('application/json');
    // Read through the web body, it can no longer be taken as a Node stream.
    expect(takeNodeBody(response)).toBeNull();
  });

  it('hands the untouched body over as its Node stream, every byte of it', async () => {
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-length': bytes.length });
      res.end(bytes);
    });
    const response = await nodeFetch(`${api.origin}/bytes`);
    const body = takeNodeBody(response);
    expect(body).not.toBeNull();
    expect(takeNodeBody(response)).toBeNull();
    expect((await drain(body as AsyncIterable<Buffer>)).equals(bytes)).toBe(true);
  });

  it('undoes gzip as the built-in fetch does', async () => {
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync('hello'));
    });
    expect(await (await nodeFetch(`${api.origin}/z`)).text()).toBe('hello');
  });

  it('leaves a redirect to the caller and gives a 204 and a HEAD no body', async () => {
    const api = await server((req, res) => {
      if (req.url === '/moved') res.writeHead(302, { location: '/there' }).end('go');
      else
        res
          .writeHead(req.url === '/empty' ? 204 : 200, { 'content-length': 5 })
          .end(req.method === 'HEAD' ? undefined : 'bytes');
    });
    const moved = await nodeFetch(`${api.origin}/moved`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([302, '/there']);
    await moved.body?.cancel();
    expect((await nodeFetch(`${api.origin}/empty`)).body).toBeNull();
    expect((await nodeFetch(`${api.origin}/x`, { method: 'HEAD' })).body).toBeNull();
    expect(api.requests.map((r) => r.url)).toEqual(['/moved', '/empty', '/x']);
  });

  it('an abort fails the request before the answer, and the body after it', async () => {
    const api = await server((req, res) => {
      if (req.url === '/slow') return; // never answers
      res.writeHead(200, { 'content-length': 1_000_000 });
      res.write(Buffer.alloc(1000)); // and never finishes
    });
    const early = new AbortController();
    const pending = nodeFetch(`${api.origin}/slow`, { signal: early.signal });
    early.abort(new Error('gone away'));
    await expect(pending).rejects.toThrow('gone away');

    const late = new AbortController();
    const response = await nodeFetch(`${api.origin}/body`, { signal: late.signal });
    const body = takeNodeBody(response);
    const read = drain(body as AsyncIterable<Buffer>);
    late.abort(new Error('stopped reading'));
    await expect(read).rejects.toThrow('stopped reading');
  });

  it('carries HttpClient unchanged: its credential goes to its own origin only, and the stream comes out whole', async () => {
    const bytes = Buffer.alloc(200_000, 3);
    const storage = await server((_req, res) => {
      res.writeHead(200, { 'content-length': bytes.length }).end(bytes);
    });
    const api = await server((_req, res) => {
      res.writeHead(302, { location: `${storage.origin}/signed` }).end();
    });
    const http = new HttpClient({
      connection: testConnection(api.origin),
      fetch: nodeFetch,
      retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
    });
    const response = await http.send({ family: 'v2', method: 'GET', target: 'api/v2/assets/a/content' });
    expect((await drain(response.nodeStream())).equals(bytes)).toBe(true);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret-key');
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
  });
});
