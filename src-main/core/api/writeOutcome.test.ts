// The one place that decides what became of a write: each kind of failure before a 2xx, and any failure
// after one.
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import type { HttpResponse } from './httpResponse';
import { classifyFailedWrite, mayExist, performWrite } from './writeOutcome';

const http = (status: number, code: string): ApiError =>
  new ApiError({ kind: 'http', status, code, message: code });

describe('classifyFailedWrite', () => {
  it.each([
    [ApiError.invalidRequest('invalid_request', 'bad'), 'not-sent'],
    [
      new ApiError({ kind: 'credential', status: 0, code: 'credential_unavailable', message: 'x' }),
      'not-sent',
    ],
    [Object.assign(ApiError.network(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))), 'not-sent'],
    [ApiError.network(Object.assign(new Error('x'), { code: 'ECONNRESET' })), 'unknown'],
    [ApiError.timeout(10), 'unknown'],
    [ApiError.maybeCreated(http(500, 'upstream_error'), 'k'), 'unknown'],
    [http(429, 'queue_full'), 'refused'],
    [http(422, 'invalid_workflow'), 'refused'],
    [http(402, 'insufficient_credits'), 'refused'],
    [http(422, 'idempotency_key_reuse'), 'unknown'],
    [http(503, 'upstream_unreachable'), 'unknown'],
    [http(302, 'http_302'), 'unknown'],
    [new Error('not an ApiError'), 'unknown'],
  ] as const)('%o → %s', (error, kind) => {
    expect(classifyFailedWrite(error, 'single-use')).toBe(kind);
  });

  it('a bare 422 (its body lost) may be the key refused as used: unknown under single-use keys only', () => {
    expect(classifyFailedWrite(http(422, 'http_422'), 'single-use')).toBe('unknown');
    expect(classifyFailedWrite(http(422, 'http_422'), 'none')).toBe('refused');
  });

  it('says which outcomes may have made the thing', () => {
    expect(
      ['created', 'created-unread', 'unknown', 'refused', 'not-sent'].map((k) => mayExist(k as never)),
    ).toEqual([true, true, true, false, false]);
  });
});

describe('performWrite', () => {
  const response = {
    status: 201,
    requestId: 'r1',
    discard: () => Promise.resolve(),
  } as unknown as HttpResponse;

  it('any failure after the 2xx is created-unread, with what was lost', async () => {
    const outcome = await performWrite(
      () => Promise.resolve(response),
      () => Promise.reject(ApiError.timeout(30_000)),
      'single-use',
    );
    expect(outcome).toMatchObject({ kind: 'created-unread', status: 201, requestId: 'r1' });
    expect(outcome.kind === 'created-unread' && outcome.error.message).toContain('No answer within 30000 ms');
  });

  it('a failure before it is classified', async () => {
    const outcome = await performWrite(
      () => Promise.reject(http(429, 'queue_full')),
      () => Promise.resolve(1),
      'single-use',
    );
    expect(outcome.kind).toBe('refused');
  });
});
