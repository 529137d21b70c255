// The upload route's shared rules, as both hosts apply them: what is accepted, what each refusal answers.
import { describe, expect, it } from 'vitest';
import { answerForError, checkBytesRequest, type BytesRouteRequest } from './bytesRoute';
import { UploadError } from './uploadErrors';

const CAPABILITY = 'cap-0123456789';
const ORIGIN = 'loupe-app://app';

function request(overrides: Partial<BytesRouteRequest> & { headers?: Record<string, string> } = {}) {
  const headers = overrides.headers ?? { 'x-loupe-length': '10' };
  return {
    pathname: `/upload-bytes/${CAPABILITY}/batch-1/f1`,
    method: 'PUT',
    origins: [ORIGIN],
    ...overrides,
    header: (name: string) => headers[name],
  };
}

const check = (overrides: Parameters<typeof request>[0] = {}) =>
  checkBytesRequest(request(overrides), CAPABILITY, ORIGIN);
const statusOf = (overrides: Parameters<typeof request>[0]) => {
  const checked = check(overrides);
  return checked.kind === 'refuse' ? checked.answer.status : 'accepted';
};

describe('the upload route’s checks', () => {
  it('takes the length from Content-Length, the page’s own header, or both when they agree', () => {
    expect(check({ headers: { 'content-length': '10' } })).toEqual({
      kind: 'accept',
      batchId: 'batch-1',
      fileId: 'f1',
      length: 10,
    });
    expect(check({ headers: { 'x-loupe-length': '0' } })).toMatchObject({ kind: 'accept', length: 0 });
    expect(statusOf({ headers: { 'content-length': '10', 'x-loupe-length': '10' } })).toBe('accepted');
    expect(check({ headers: { 'content-length': '10', 'x-loupe-length': '11' } })).toMatchObject({
      kind: 'refuse',
      answer: { status: 400, body: { error: { code: 'length_mismatch' } } },
    });
    const unreadable: Record<string, string>[] = [
      {},
      { 'x-loupe-length': '-1' },
      { 'x-loupe-length': '1e3' },
      { 'x-loupe-length': '' },
    ];
    for (const headers of unreadable) {
      expect(statusOf({ headers }), JSON.stringify(headers)).toBe(411);
    }
  });

  it('answers a wrong path or capability with a plain 404, before the method or length is looked at', () => {
    const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    for (const pathname of [
      `/upload-bytes/${CAPABILITY.replace('c', 'd')}/batch-1/f1`,
      `/upload-bytes/${CAPABILITY}x/batch-1/f1`,
      `/upload-bytes/${CAPABILITY}/batch-1`,
      `/upload-bytes/${CAPABILITY}/batch-1/f1/more`,
      `/upload-bytes/${CAPABILITY}/batch.1/f1`,
      `/other/${CAPABILITY}/batch-1/f1`,
    ]) {
      expect(check({ pathname, method: 'GET', headers: {} }), pathname).toEqual({
        kind: 'refuse',
        answer: notFound,
      });
    }
  });

  it('takes only PUT, and only from the page’s own origin, which must be named', () => {
    expect(check({ method: 'POST' })).toMatchObject({
      kind: 'refuse',
      answer: { status: 405, allow: 'PUT' },
    });
    expect(statusOf({ origins: ['https://evil.example'] })).toBe(403);
    expect(statusOf({ origins: [ORIGIN, 'null'] })).toBe(403);
    expect(statusOf({ origins: [undefined, undefined] })).toBe(403);
    expect(statusOf({ origins: [] })).toBe(403);
    expect(statusOf({ origins: [undefined, ORIGIN] })).toBe('accepted');
  });

  it('maps core’s refusals to the same statuses in both hosts, and leaves anything else to the host', () => {
    const statuses = [
      'not_found',
      'not_awaiting_bytes',
      'too_large',
      'size_mismatch',
      'no_active_profile',
      'odd',
    ].map((code) => answerForError(new UploadError(code, 'why'))?.status);
    expect(statuses).toEqual([404, 409, 413, 400, 409, 400]);
    expect(answerForError(new UploadError('too_large', 'Too big.'))?.body).toEqual({
      error: { code: 'too_large', message: 'Too big.' },
    });
    expect(answerForError(new Error('a bug'))).toBeNull();
  });
});
