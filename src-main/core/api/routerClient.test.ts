import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './http';
import { DiskOpenApiCache } from './openApiCache';
import { RetryPolicy } from './retry';
import { RouterClient } from './routerClient';
import { json, startTestServer, testConnection, type TestServer } from './testing/testServer';

const servers: TestServer[] = [];
const directories: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(directories.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}
function httpFor(apiOrigin: string, routerOrigin: string): HttpClient {
  return new HttpClient({
    connection: testConnection(apiOrigin, { routerBaseUrl: `${routerOrigin}/router` }),
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
  });
}

describe('RouterClient catalog', () => {
  it('pages the catalog under the router base URL with X-API-Key', async () => {
    const router = await server((_req, res) =>
      json(res, 200, {
        data: [
          {
            id: 'acme/img-1',
            provider: 'acme',
            model: 'img-1',
            billing: { charges_on_policy_rejection: 'unknown' },
          },
          { id: 'beta/v.2' },
          { nope: 1 },
        ],
        has_more: true,
        next_cursor: 'n1',
        limit: 3,
      }),
    );
    const client = new RouterClient(httpFor('http://127.0.0.1:9', router.origin));
    const page = await client.listModels({ limit: 3, cursor: 'c0' });
    expect(router.requests[0]?.url).toBe('/router/v2/models?cursor=c0&limit=3');
    expect(router.requests[0]?.headers['x-api-key']).toBe('secret-key');
    expect(page).toMatchObject({ hasMore: true, nextCursor: 'n1', skippedItems: 1 });
    expect(page.models[1]).toMatchObject({ id: 'beta/v.2', provider: 'beta', model: 'v.2' });
    await expect(client.listModels({ limit: 101 })).rejects.toMatchObject({ kind: 'invalid-request' });
    await expect(client.getModel('../etc')).rejects.toMatchObject({ code: 'invalid_model_id' });
  });
});

describe('RouterClient runs', () => {
  it('branches a sync run on Content-Type and reads the metering headers', async () => {
    let call = 0;
    const router = await server((_req, res) => {
      if (call++ === 0) {
        json(
          res,
          200,
          { images: [1] },
          {
            'x-svc-credits-used': '12.5',
            'x-svc-router-dropped-params': 'seed, style',
            'idempotent-replayed': 'false',
            'x-committed-spend-remaining': '900',
          },
        );
      } else {
        res.writeHead(200, { 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
        res.end(Buffer.from([1, 2, 3]));
      }
    });
    const client = new RouterClient(httpFor('http://127.0.0.1:9', router.origin));
    const first = await client.run(
      'acme/img-1',
      { prompt: 'cat' },
      { modelProvider: 'alt', strictMode: false, idempotencyKey: 'run-1' },
    );
    expect(first).toMatchObject({
      kind: 'json',
      data: { images: [1] },
      meta: {
        creditsUsed: 12.5,
        droppedParams: ['seed', 'style'],
        replayed: false,
        committedSpend: { remaining: 900, limit: null },
      },
    });
    expect(router.requests[0]?.url).toBe('/router/v2/models/acme/img-1?model_provider=alt&strict_mode=false');
    expect(router.requests[0]?.headers['idempotency-key']).toBe('run-1');
    const second = await client.run('acme/img-1', { prompt: 'dog' });
    if (second.kind !== 'bytes') throw new Error('expected bytes');
    expect(second.contentType).toBe('image/png');
    expect([...new Uint8Array(await new Response(second.body).arrayBuffer())]).toEqual([1, 2, 3]);
    // Router keys record and replay, so a key is always sent.
    expect(router.requests[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows the queue URLs it is given: submit, status, pending result, result, cancel', async () => {
    const queue = await server((req, res) => {
      const handle = {
        request_id: '0b1c2d3e-0000-4000-8000-000000000001',
        status_url: `${queue.origin}/q/status`,
        response_url: `${queue.origin}/q/result`,
        cancel_url: `${queue.origin}/q/cancel`,
      };
      if (req.url === '/q/status')
        json(res, 200, { ...handle, status: 'IN_QUEUE', queue_position: 2 }, { 'retry-after': '3' });
      else if (req.url === '/q/result' && queue.requests.filter((r) => r.url === '/q/result').length === 1)
        json(res, 202, { ...handle, status: 'IN_PROGRESS' }, { 'retry-after': '1' });
      else if (req.url === '/q/result') json(res, 200, { text: 'done' });
      else if (req.url === '/q/cancel')
        json(res, 409, { request_id: handle.request_id, status: 'ALREADY_COMPLETED' });
      else json(res, 404, { detail: 'no' });
    });
    const router = await server((_req, res) =>
      json(res, 201, {
        request_id: '0b1c2d3e-0000-4000-8000-000000000001',
        status: 'IN_QUEUE',
        queue_position: 2,
        status_url: `${queue.origin}/q/status`,
        response_url: `${queue.origin}/q/result`,
        cancel_url: `${queue.origin}/q/cancel`,
      }),
    );
    const viaRouter = new RouterClient(httpFor('http://127.0.0.1:9', router.origin));
    const submitted = await viaRouter.submit('acme/img-1', { prompt: 'x' });
    expect(router.requests[0]?.url).toBe('/router/v2/models/acme/img-1/requests');
    const status = await viaRouter.status(submitted);
    expect(status).toMatchObject({ status: { status: 'IN_QUEUE', queue_position: 2 }, retryAfterMs: 3000 });
    expect(await viaRouter.result(submitted)).toMatchObject({
      kind: 'pending',
      status: { status: 'IN_PROGRESS' },
      retryAfterMs: 1000,
    });
    expect(await viaRouter.result(submitted)).toMatchObject({ kind: 'json', data: { text: 'done' } });
    expect(await viaRouter.cancel(submitted)).toEqual({
      request_id: '0b1c2d3e-0000-4000-8000-000000000001',
      status: 'ALREADY_COMPLETED',
    });
    const queueCalls = queue.requests;
    expect(queueCalls.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /q/status',
      'GET /q/result',
      'GET /q/result',
      'PUT /q/cancel',
    ]);
    // A queue URL on another origin than the Router's never gets the Router's credential.
    expect(queueCalls.every((r) => r.headers['x-api-key'] === undefined)).toBe(true);
  });

  it('reads a cancelled result as ApiError cancelled', async () => {
    const router = await server((_req, res) =>
      json(res, 409, { detail: 'cancelled', error_type: 'cancelled' }, { 'x-svc-error-type': 'cancelled' }),
    );
    const client = new RouterClient(httpFor('http://127.0.0.1:9', router.origin));
    await expect(client.result({ response_url: `${router.origin}/r` })).rejects.toMatchObject({
      status: 409,
      code: 'cancelled',
    });
  });
});

describe('RouterClient openapi.json ETag cache on disk', () => {
  it('stores the document, revalidates with If-None-Match, survives a new client, and ignores a corrupt file', async () => {
    const document = { openapi: '3.1.0', paths: { '/run': {} } };
    const router = await server((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'private, max-age=300' });
        res.end();
      } else json(res, 200, document, { etag: '"v1"' });
    });
    const directory = await mkdtemp(join(tmpdir(), 'loupe-openapi-'));
    directories.push(directory);

    const first = new RouterClient(
      httpFor('http://127.0.0.1:9', router.origin),
      new DiskOpenApiCache(directory),
    );
    expect(await first.openApi('acme/img-1')).toEqual({ document, etag: '"v1"', fromCache: false });
    expect(await readdir(directory)).toEqual(['acme%2Fimg-1.json']);

    const second = new RouterClient(
      httpFor('http://127.0.0.1:9', router.origin),
      new DiskOpenApiCache(directory),
    );
    expect(await second.openApi('acme/img-1')).toEqual({ document, etag: '"v1"', fromCache: true });
    expect(router.requests[1]?.headers['if-none-match']).toBe('"v1"');

    await writeFile(join(directory, 'acme%2Fimg-1.json'), '{"modelId":"acme/img-1","etag":5}');
    expect(await second.openApi('acme/img-1')).toMatchObject({ fromCache: false });
    expect(router.requests[2]?.headers['if-none-match']).toBeUndefined();
  });
});
