import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ApiError } from './errors';
import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import { json, recordingSleep, startTestServer, testConnection, type TestServer } from './testing/testServer';

const servers: TestServer[] = [];
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const noRetry = new RetryPolicy({ maxAttempts: 1 });

describe('credentials', () => {
  it('sends Bearer for v2 and X-API-Key for v1 and the Router, each only to its own origin', async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const router = await server((_req, res) => json(res, 200, {}));
    const http = new HttpClient({ connection: testConnection(api.origin, { routerBaseUrl: router.origin }) });

    await (await http.send({ family: 'v2', method: 'GET', target: 'api/v2/jobs/1' })).discard();
    await (await http.send({ family: 'v1', method: 'GET', target: 'api/jobs' })).discard();
    await (await http.send({ family: 'router', method: 'GET', target: 'v2/models' })).discard();
    // The Router's credential is for the Router's origin: a router-family call to the API host carries none.
    await (await http.send({ family: 'router', method: 'GET', target: `${api.origin}/v2/models` })).discard();

    const [v2, v1, foreignRouter] = api.requests;
    expect(v2?.headers.authorization).toBe('Bearer secret-key');
    expect(v2?.headers['x-api-key']).toBeUndefined();
    expect(v1?.headers['x-api-key']).toBe('secret-key');
    expect(v1?.headers.authorization).toBeUndefined();
    expect(foreignRouter?.headers['x-api-key']).toBeUndefined();
    expect(router.requests[0]?.headers['x-api-key']).toBe('secret-key');
  });

  it('sends the credential only to an origin it was given for, whatever the connection names now', async () => {
    const given = await server((_req, res) => json(res, 200, {}));
    const other = await server((_req, res) => json(res, 200, {}));
    // The connection points at `other`, but the secret was given for `given` (an address changed later).
    const http = new HttpClient({
      connection: {
        surface: 'managed',
        baseUrl: other.origin,
        routerBaseUrl: other.origin,
        credential: () => Promise.resolve({ secret: 'bound-key', origins: [given.origin] }),
      },
    });
    for (const family of ['v2', 'v1', 'router'] as const) {
      await (await http.send({ family, method: 'GET', target: 'api/v2/jobs/1' })).discard();
    }
    expect(other.requests).toHaveLength(3);
    for (const request of other.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
    }
  });

  it('never sends the credential to another origin named by an absolute link', async () => {
    const other = await server((_req, res) => json(res, 200, {}));
    const api = await server((_req, res) => json(res, 200, {}));
    const http = new HttpClient({ connection: testConnection(api.origin) });
    await (
      await http.send({ family: 'v2', method: 'GET', target: `${other.origin}/api/v2/jobs/1` })
    ).discard();
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('follows a redirect by hand and the redirect target sees no credential, even on the same origin', async () => {
    const storage = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('bytes');
    });
    const api = await server((req, res) => {
      if (req.url.startsWith('/same/')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('same-origin bytes');
        return;
      }
      const location = req.url.includes('same') ? '/same/object' : `${storage.origin}/bucket/object?sig=abc`;
      res.writeHead(302, { location });
      res.end();
    });
    const http = new HttpClient({ connection: testConnection(api.origin) });

    const response = await http.send({
      family: 'v2',
      method: 'GET',
      target: 'api/v2/assets/a/content',
      headers: { range: 'bytes=0-1' },
    });
    expect(await response.text('asset')).toBe('bytes');
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${storage.origin}/bucket/object?sig=abc`);
    expect(api.requests[0]?.headers.authorization).toBe('Bearer secret-key');
    expect(storage.requests[0]?.headers.authorization).toBeUndefined();
    expect(storage.requests[0]?.headers['x-api-key']).toBeUndefined();
    expect(storage.requests[0]?.headers.range).toBe('bytes=0-1');

    const same = await http.send({ family: 'v2', method: 'GET', target: 'api/v2/assets/same/content' });
    expect(await same.text('asset')).toBe('same-origin bytes');
    expect(api.requests.at(-1)?.url).toBe('/same/object');
    expect(api.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('drops credential headers a caller tries to set, and sends none when there is no credential', async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const http = new HttpClient({ connection: testConnection(api.origin, { credential: null }) });
    await (
      await http.send({
        family: 'v2',
        method: 'GET',
        target: 'x',
        headers: { Authorization: 'Bearer stolen', 'X-Api-Key': 'k' },
      })
    ).discard();
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
    expect(api.requests[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('reports an unreadable keychain as a credential error without sending', async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const connection = {
      ...testConnection(api.origin),
      credential: () => Promise.reject(new Error('locked')),
    };
    const http = new HttpClient({ connection });
    await expect(http.send({ family: 'v2', method: 'GET', target: 'x' })).rejects.toMatchObject({
      kind: 'credential',
      code: 'credential_unavailable',
    });
    expect(api.requests).toHaveLength(0);
  });

  it("says what to do in the vault's words when the keychain is locked", async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const locked = new DomainError('keychain_unavailable', 'Unlock or start the keychain.');
    const connection = { ...testConnection(api.origin), credential: () => Promise.reject(locked) };
    const http = new HttpClient({ connection });
    await expect(http.send({ family: 'v2', method: 'GET', target: 'x' })).rejects.toMatchObject({
      kind: 'credential',
      message: 'Unlock or start the keychain.',
    });
    expect(api.requests).toHaveLength(0);
  });
});

describe('link resolution with a mount prefix', () => {
  it('joins our own paths onto the prefix and resolves host-relative links against the origin only', async () => {
    const api = await server((_req, res) => json(res, 200, {}));
    const http = new HttpClient({ connection: testConnection(`${api.origin}/mount`) });
    await (
      await http.send({ family: 'v2', method: 'GET', target: 'api/v2/jobs', query: { limit: 5 } })
    ).discard();
    await (await http.send({ family: 'v2', method: 'GET', target: '/mount/api/v2/jobs/1' })).discard();
    expect(api.requests.map((r) => r.url)).toEqual(['/mount/api/v2/jobs?limit=5', '/mount/api/v2/jobs/1']);
    // Host-relative links carry the prefix already, so they are same-origin and authenticated.
    expect(api.requests[1]?.headers.authorization).toBe('Bearer secret-key');
  });

  it('keeps a query a link already has and adds ours', () => {
    const http = new HttpClient({ connection: testConnection('http://127.0.0.1:1/m/') });
    expect(http.urlFor('v2', '/m/x?a=1', [['metadata[k]', 'v w;']]).toString()).toBe(
      'http://127.0.0.1:1/m/x?a=1&metadata[k]=v%20w%3B',
    );
  });
});

describe('time limits and aborts', () => {
  it('turns a timeout into ApiError timeout', async () => {
    const api = await server(() => undefined);
    const http = new HttpClient({ connection: testConnection(api.origin), retryPolicy: noRetry });
    const error = await http
      .send({ family: 'v2', method: 'GET', target: 'slow', timeoutMs: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', code: 'timeout', status: 0 });
  });

  it('keeps the clock running while a JSON body is read', async () => {
    const api = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
    });
    const http = new HttpClient({ connection: testConnection(api.origin), retryPolicy: noRetry });
    const response = await http.send({ family: 'v2', method: 'GET', target: 'x', timeoutMs: 500 });
    await expect(response.json('job')).rejects.toMatchObject({ code: 'timeout' });
  });

  it('leaves a caller abort an abort, not an ApiError', async () => {
    const api = await server(() => undefined);
    const http = new HttpClient({ connection: testConnection(api.origin) });
    const controller = new AbortController();
    const pending = http.send({ family: 'v2', method: 'GET', target: 'slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });

  it('reports a refused connection as a network error that was not sent', async () => {
    const gone = await startTestServer(() => undefined);
    await gone.close();
    const http = new HttpClient({ connection: testConnection(gone.origin), retryPolicy: noRetry });
    await expect(http.send({ family: 'v2', method: 'GET', target: 'x' })).rejects.toMatchObject({
      kind: 'network',
      code: 'network_error',
      status: 0,
      notSent: true,
    });
  });
});

describe('response handling', () => {
  it('turns a body that does not match the schema into invalid_response', async () => {
    const api = await server((_req, res) => json(res, 200, { id: 5 }));
    const http = new HttpClient({ connection: testConnection(api.origin) });
    const { JobSchema } = await import('./schemas/job');
    const response = await http.send({ family: 'v2', method: 'GET', target: 'x' });
    await expect(response.parse(JobSchema, 'job')).rejects.toMatchObject({
      kind: 'invalid-response',
      code: 'invalid_response',
    });
  });

  it('retries a GET on 503 and waits for Retry-After on 429', async () => {
    let calls = 0;
    const api = await server((_req, res) => {
      calls++;
      if (calls === 1) json(res, 503, { error: { code: 'upstream_error', message: 'x' } });
      else if (calls === 2)
        json(res, 429, { error: { code: 'rate_limited', message: 'x' } }, { 'retry-after': '2' });
      else json(res, 200, { ok: true });
    });
    const { sleep, waits } = recordingSleep();
    const http = new HttpClient({
      connection: testConnection(api.origin),
      retryPolicy: new RetryPolicy({ sleep, random: () => 0.5 }),
    });
    expect(await (await http.send({ family: 'v2', method: 'GET', target: 'x' })).json('job')).toEqual({
      ok: true,
    });
    expect(api.requests).toHaveLength(3);
    expect(waits).toEqual([250, 2000]);
  });
});
