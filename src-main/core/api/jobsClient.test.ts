import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { HttpClient } from './http';
import { JobsClient } from './jobsClient';
import { RetryPolicy } from './retry';
import { jobDocument, json, startTestServer, testConnection, type TestServer } from './testing/testServer';

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function clientFor(handler: Parameters<typeof startTestServer>[0], base = '') {
  server = await startTestServer(handler);
  const http = new HttpClient({
    connection: testConnection(server.origin + base),
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
  });
  return { jobs: new JobsClient(http), server };
}

describe('JobsClient', () => {
  it('follows job.urls.self rather than building URLs', async () => {
    const { jobs, server } = await clientFor((_req, res) =>
      json(res, 200, jobDocument('j2', {}, '/elsewhere')),
    );
    const job = await jobs.get('j2');
    await jobs.get(job);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v2/jobs/j2',
      'GET /elsewhere/api/v2/jobs/j2',
    ]);
    expect(job.urls.events).toBe(`${server.origin}/elsewhere/api/v2/jobs/j2/events`);
  });

  it('reads an unknown status as unknown, never as done', async () => {
    const { jobs } = await clientFor((_req, res) =>
      json(res, 200, jobDocument('j3', { status: 'teleporting' })),
    );
    expect((await jobs.get('j3')).status).toBe('unknown');
  });

  it('lists with cursor, limit and label filters in the documented form', async () => {
    const { jobs, server } = await clientFor((_req, res) =>
      json(res, 200, {
        jobs: [
          {
            id: 'a',
            status: 'succeeded',
            create_time: 't',
            update_time: 't',
            release_version: 1,
            metadata: { batch: 'b 1' },
          },
          { id: 42 },
        ],
        next_cursor: 'c2',
      }),
    );
    const page = await jobs.list({ limit: 50, cursor: 'c1', metadata: { batch: 'b 1;x', 'run.id': 'ü' } });
    expect(server.requests[0]?.url).toBe(
      '/api/v2/jobs?limit=50&cursor=c1&metadata[batch]=b%201%3Bx&metadata[run.id]=%C3%BC',
    );
    expect(page).toMatchObject({
      nextCursor: 'c2',
      skippedItems: 1,
      jobs: [{ id: 'a', metadata: { batch: 'b 1' } }],
    });
  });

  it.each([
    [{ a: '1', b: '2', c: '3', d: '4' }],
    [{ 'bad key': 'x' }],
    [{ ['k'.repeat(41)]: 'x' }],
    [{ '': 'x' }],
    [{ k: 'tab\there' }],
    [{ k: 'evil\u202etxt' }],
    [{ k: 'iso\u2066late' }],
  ])('refuses label filters %j before sending', async (metadata) => {
    const { jobs, server } = await clientFor((_req, res) => json(res, 200, { jobs: [] }));
    await expect(jobs.list({ metadata })).rejects.toMatchObject({
      kind: 'invalid-request',
      code: 'invalid_metadata_filter',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a limit outside 1..500 before sending', async () => {
    const { jobs } = await clientFor((_req, res) => json(res, 200, { jobs: [] }));
    await expect(jobs.list({ limit: 0 })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(jobs.list({ limit: 501 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('passes 501 not_implemented through for the caller to fall back', async () => {
    const { jobs } = await clientFor((_req, res) =>
      json(res, 501, { error: { code: 'not_implemented', message: 'no' } }),
    );
    await expect(jobs.list()).rejects.toMatchObject({ status: 501, code: 'not_implemented' });
  });

  it('branches the workflow document on format', async () => {
    const formats = ['api', 'save', 'hologram'];
    const { jobs } = await clientFor((_req, res) =>
      json(res, 200, { format: formats.shift(), workflow: { a: 1 } }),
    );
    expect((await jobs.workflow('j')).format).toBe('api');
    expect((await jobs.workflow('j')).format).toBe('save');
    expect(await jobs.workflow('j')).toEqual({
      format: 'unknown',
      rawFormat: 'hologram',
      workflow: { a: 1 },
    });
  });

  it('reads logs: 200 document, 204 no content, routing 404 unsupported, missing link not captured', async () => {
    const answers: Array<(res: Parameters<typeof json>[0]) => void> = [
      (res) => json(res, 200, { text: 'line\n', truncated: true, captured_at: 't', complete: true }),
      (res) => {
        res.writeHead(204);
        res.end();
      },
      (res) => json(res, 404, { detail: 'Not Found' }),
      (res) => json(res, 404, { error: { code: 'not_found', message: 'gone' } }),
    ];
    const { jobs, server } = await clientFor((_req, res) => answers.shift()?.(res));
    expect(await jobs.logs('j')).toEqual({
      log: { text: 'line\n', truncated: true, captured_at: 't', complete: true },
      reason: null,
    });
    expect(await jobs.logs('j')).toEqual({ log: null, reason: 'no-content' });
    expect(await jobs.logs('j')).toEqual({ log: null, reason: 'not-supported' });
    await expect(jobs.logs('j')).rejects.toBeInstanceOf(ApiError);
    const job = { id: 'j', urls: { self: '/s', events: '/e', cancel: '/c', logs: null } };
    expect(await jobs.logs(job)).toEqual({ log: null, reason: 'not-captured' });
    expect(server.requests).toHaveLength(4);
  });

  it('refuses an id that would change the path', async () => {
    const { jobs, server } = await clientFor((_req, res) => json(res, 200, {}));
    await expect(jobs.get('..')).rejects.toMatchObject({ code: 'invalid_path_segment' });
    await expect(jobs.get('%2e%2E')).rejects.toMatchObject({ code: 'invalid_path_segment' });
    await expect(jobs.get('a/b')).rejects.toBeInstanceOf(ApiError);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v2/jobs/a%2Fb']);
  });
});
