import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { HttpClient, type HttpRequest } from './http';
import { RetryPolicy, type AttemptContext } from './retry';
import { json, recordingSleep, startTestServer, testConnection, type TestServer } from './testing/testServer';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function httpError(status: number, code: string, retryAfterMs: number | null = null): ApiError {
  return new ApiError({ kind: 'http', status, code, message: code, retryAfterMs });
}
const reset = new ApiError({
  kind: 'network',
  status: 0,
  code: 'network_error',
  message: 'reset',
  notSent: false,
});
const refused = new ApiError({
  kind: 'network',
  status: 0,
  code: 'network_error',
  message: 'refused',
  notSent: true,
});

/** A submit carrying its Idempotency-Key, as JobsClient sends one. */
function keyedSubmit(idempotencyKey: string): HttpRequest {
  return { family: 'v2', method: 'POST', target: 'x', idempotencyKey, body: { kind: 'json', value: {} } };
}

function context(overrides: Partial<AttemptContext>): AttemptContext {
  return {
    family: 'v2',
    method: 'GET',
    idempotencyKey: null,
    replayable: true,
    idempotent: false,
    ...overrides,
  };
}

describe('RetryPolicy.decide', () => {
  const policy = new RetryPolicy({ random: () => 0.5, baseDelayMs: 1000, maxDelayMs: 3000 });

  it('retries GETs on network errors and 5xx with capped full jitter, never on 4xx or 501', () => {
    const get = context({});
    expect(policy.decide(reset, get, 0)).toEqual({ retry: true, delayMs: 500 });
    expect(policy.decide(httpError(503, 'upstream_error'), get, 1)).toEqual({ retry: true, delayMs: 1000 });
    expect(policy.decide(httpError(500, 'upstream_error'), get, 5)).toEqual({ retry: true, delayMs: 1500 });
    expect(policy.decide(httpError(404, 'not_found'), get, 0)).toEqual({ retry: false });
    expect(policy.decide(httpError(501, 'not_implemented'), get, 0)).toEqual({ retry: false });
  });

  it('waits a 429 Retry-After, and hands back one longer than the cap', () => {
    expect(policy.decide(httpError(429, 'rate_limited', 4000), context({}), 0)).toEqual({
      retry: true,
      delayMs: 4000,
    });
    expect(policy.decide(httpError(429, 'rate_limited', 61_000), context({}), 0)).toEqual({ retry: false });
  });

  it('never retries a POST without an Idempotency-Key, whatever happened', () => {
    const post = context({ method: 'POST' });
    for (const error of [reset, refused, httpError(503, 'x'), httpError(429, 'queue_full', 1000)]) {
      expect(policy.decide(error, post, 0)).toEqual({ retry: false });
    }
  });

  it('retries a keyed v2 POST only when it certainly never reached submission', () => {
    const keyed = context({ method: 'POST', idempotencyKey: 'k' });
    expect(policy.decide(refused, keyed, 0)).toEqual({ retry: true, delayMs: 500 });
    expect(policy.decide(httpError(429, 'queue_full', 2000), keyed, 0)).toEqual({
      retry: true,
      delayMs: 2000,
    });
    expect(policy.decide(httpError(429, 'queue_full'), keyed, 0)).toEqual({ retry: false });
    expect(policy.decide(reset, keyed, 0)).toEqual({ retry: false });
    expect(policy.decide(httpError(500, 'upstream_error'), keyed, 0)).toEqual({ retry: false });
    expect(policy.decide(httpError(503, 'upstream_unreachable'), keyed, 0)).toEqual({ retry: false });
  });

  it('lets keyed Router calls (record and replay) retry after unknown outcomes', () => {
    const router = context({ family: 'router', method: 'POST', idempotencyKey: 'k' });
    expect(policy.decide(reset, router, 0).retry).toBe(true);
    expect(policy.decide(httpError(503, 'service_unavailable'), router, 0).retry).toBe(true);
    expect(policy.decide(httpError(409, 'concurrency_limit_exceeded', 3000), router, 0)).toEqual({
      retry: true,
      delayMs: 3000,
    });
    expect(policy.decide(httpError(409, 'invalid_input'), router, 0)).toEqual({ retry: false });
    expect(policy.decide(httpError(502, 'provider_error'), router, 0)).toEqual({ retry: false });
  });

  it('never retries a body that cannot be replayed, nor local or unreadable failures', () => {
    expect(policy.decide(reset, context({ replayable: false }), 0)).toEqual({ retry: false });
    expect(policy.decide(ApiError.invalidRequest('x', 'x'), context({}), 0)).toEqual({ retry: false });
    expect(policy.decide(ApiError.invalidResponse('x', 200, null), context({}), 0)).toEqual({ retry: false });
  });

  it('treats an operation documented idempotent (job cancel) like a read', () => {
    expect(policy.decide(reset, context({ method: 'POST', idempotent: true }), 0).retry).toBe(true);
  });
});

describe('retries over real sockets', () => {
  async function setup(statuses: Array<[number, unknown, Record<string, string>?]>) {
    let call = 0;
    const server = await startTestServer((_req, res) => {
      const [status, body, headers] = statuses[Math.min(call++, statuses.length - 1)] ?? [200, {}];
      json(res, status, body, headers);
    });
    servers.push(server);
    const { sleep, waits } = recordingSleep();
    const http = new HttpClient({
      connection: testConnection(server.origin),
      retryPolicy: new RetryPolicy({ sleep, random: () => 0 }),
    });
    return { server, http, waits };
  }

  it('retries a GET on 503 until it succeeds', async () => {
    const { server, http } = await setup([
      [503, { error: { code: 'upstream_error', message: '' } }],
      [200, { ok: 1 }],
    ]);
    await (await http.send({ family: 'v2', method: 'GET', target: 'x' })).discard();
    expect(server.requests).toHaveLength(2);
  });

  it('sends a POST without a key once, even on 503', async () => {
    const { server, http } = await setup([[503, { error: { code: 'upstream_error', message: '' } }]]);
    await expect(
      http.send({ family: 'v2', method: 'POST', target: 'x', body: { kind: 'json', value: {} } }),
    ).rejects.toMatchObject({
      status: 503,
      kind: 'http',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('resends a keyed submit after a 429 that released the key, with the same key', async () => {
    const { server, http, waits } = await setup([
      [429, { error: { code: 'queue_full', message: '' } }, { 'retry-after': '3' }],
      [201, { ok: 1 }],
    ]);
    await (await http.send(keyedSubmit('key-1'))).discard();
    expect(waits).toEqual([3000]);
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1']);
  });

  it('reports a keyed submit that hit a 5xx as maybe-created, without resending', async () => {
    const { server, http } = await setup([
      [500, { error: { code: 'upstream_error', message: 'try later' } }],
    ]);
    const error = await http.send(keyedSubmit('key-2')).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: 'maybe-created',
      code: 'outcome_unknown',
      details: { idempotencyKey: 'key-2', originalCode: 'upstream_error' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('reports idempotency_key_reuse as maybe-created, never as a plain failure', async () => {
    const { http } = await setup([[422, { error: { code: 'idempotency_key_reuse', message: 'used' } }]]);
    await expect(http.send(keyedSubmit('key-3'))).rejects.toMatchObject({
      kind: 'maybe-created',
      details: { originalCode: 'idempotency_key_reuse' },
    });
  });

  it('reports a keyed submit whose connection dropped mid-request as maybe-created', async () => {
    const server = await startTestServer((_req, res) => {
      res.socket?.destroy();
    });
    servers.push(server);
    const http = new HttpClient({
      connection: testConnection(server.origin),
      retryPolicy: new RetryPolicy({ sleep: () => Promise.resolve() }),
    });
    await expect(http.send(keyedSubmit('key-4'))).rejects.toMatchObject({
      kind: 'maybe-created',
      details: { originalCode: 'network_error' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a keyed submit whose connection was refused, and gives up with a plain network error', async () => {
    const gone = await startTestServer(() => undefined);
    await gone.close();
    const { sleep, waits } = recordingSleep();
    const http = new HttpClient({
      connection: testConnection(gone.origin),
      retryPolicy: new RetryPolicy({ sleep, maxAttempts: 3 }),
    });
    await expect(http.send(keyedSubmit('key-5'))).rejects.toMatchObject({ kind: 'network', notSent: true });
    expect(waits).toHaveLength(2);
  });
});
