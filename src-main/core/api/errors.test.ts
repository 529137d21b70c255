import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorFromParts } from './errorBody';
import { ApiError } from './errors';
import { HttpClient } from './http';
import { RetryPolicy } from './retry';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retryAfter';
import { startTestServer, testConnection, type TestServer } from './testing/testServer';

const now = Date.parse('2025-06-01T12:00:00Z');

function fromParts(status: number, body: unknown, headers: Record<string, string> = {}): ApiError {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return apiErrorFromParts({ status, statusText: '', headers: new Headers(headers), bodyText }, now);
}

describe('error shapes', () => {
  it('reads the v2 envelope, keeping details and an unknown code as it came', () => {
    const details = { node_errors: { '3': [{ field: 'seed', reason: 'bad' }] } };
    expect(
      fromParts(422, { error: { code: 'invalid_workflow', message: 'Graph invalid', details } }),
    ).toMatchObject({
      kind: 'http',
      status: 422,
      code: 'invalid_workflow',
      message: 'Graph invalid',
      details,
    });
    expect(fromParts(418, { error: { code: 'brand_new_code', message: 'm', details: null } }).code).toBe(
      'brand_new_code',
    );
  });

  it('reads the v1 {code, message} body', () => {
    expect(fromParts(400, { code: 'FORMAT_NOT_ALLOWED', message: 'nope', field: 'file' })).toMatchObject({
      code: 'FORMAT_NOT_ALLOWED',
      message: 'nope',
      details: { code: 'FORMAT_NOT_ALLOWED', message: 'nope', field: 'file' },
    });
  });

  it('reads the Router body, preferring error_type, and keeps upstream detail', () => {
    const error = fromParts(
      400,
      { detail: 'Provider said no', error_type: 'invalid_input', upstream_detail: 'seed out of range' },
      { 'x-svc-error-type': 'invalid_input', 'x-svc-request-id': 'req-1' },
    );
    expect(error).toMatchObject({ code: 'invalid_input', message: 'Provider said no', requestId: 'req-1' });
    expect(error.details).toMatchObject({ upstreamDetail: 'seed out of range' });
  });

  it('takes the Router code from X-Svc-Error-Type when the body has none', () => {
    expect(fromParts(503, { detail: 'busy' }, { 'x-svc-error-type': 'service_unavailable' }).code).toBe(
      'service_unavailable',
    );
  });

  it('reads the Router 422 list, code from the header, details keep the list', () => {
    const list = [
      { loc: ['body', 'prompt'], msg: 'field required', type: 'missing' },
      { loc: ['body', 'steps'], msg: 'too big', type: 'less_than_equal', ctx: { le: 50 }, input: 80 },
    ];
    const error = fromParts(422, { detail: list }, { 'x-svc-error-type': 'invalid_input' });
    expect(error).toMatchObject({ code: 'invalid_input', details: list });
    expect(error.message).toBe('body.prompt: field required (and 1 more)');
    expect(fromParts(422, { detail: list }).code).toBe('http_422');
  });

  it('gives non-JSON and unrecognised bodies an http_<status> code', () => {
    const html = fromParts(502, '<html><body>Bad gateway</body></html>');
    expect(html).toMatchObject({
      code: 'http_502',
      details: { body: '<html><body>Bad gateway</body></html>' },
    });
    expect(fromParts(500, { surprise: true }).code).toBe('http_500');
    expect(fromParts(404, '').code).toBe('http_404');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(
      fromParts(429, { error: { code: 'queue_full', message: '' } }, { 'retry-after': '7' }).retryAfterMs,
    ).toBe(7000);
    const date = new Date(now + 30_000).toUTCString();
    expect(
      fromParts(429, { error: { code: 'queue_full', message: '' } }, { 'retry-after': date }).retryAfterMs,
    ).toBe(30_000);
  });

  it('serialises to plain data for the contract', () => {
    const error = fromParts(402, { error: { code: 'insufficient_credits', message: 'Top up' } });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({
      name: 'ApiError',
      code: 'insufficient_credits',
      status: 402,
    });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['120', 120_000],
    ['1.5', 1500],
    [' 3 ', 3000],
  ])('reads delta-seconds %j', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('holds a wait a broken or hostile server asks for to a day at most, and never Infinity', () => {
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('86401', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(86_400_000);
  });

  it('reads IMF-fixdate and the obsolete formats, and clamps past dates to 0', () => {
    expect(parseRetryAfter('Sun, 01 Jun 2025 12:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sunday, 01-Jun-25 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0);
  });

  it.each([null, undefined, '', 'soon', '-5', '1e3', '12abc'])('returns null for %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});

describe('error shapes through a real server', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  it('builds the same ApiError from the wire, with the request id', async () => {
    server = await startTestServer((_req, res) => {
      res.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': new Date(Date.now() + 5_000).toUTCString(),
        'x-svc-request-id': 'abc-123',
      });
      res.end(
        JSON.stringify({ error: { code: 'deployment_not_ready', message: 'starting', details: null } }),
      );
    });
    const http = new HttpClient({
      connection: testConnection(server.origin),
      retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
    });
    const error = await http.send({ family: 'v2', method: 'GET', target: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'deployment_not_ready', requestId: 'abc-123' });
    expect((error as ApiError).retryAfterMs).toBeGreaterThan(2_000);
    expect((error as ApiError).retryAfterMs).toBeLessThanOrEqual(5_000);
  });
});
