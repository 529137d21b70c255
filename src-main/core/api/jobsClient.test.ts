import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { HttpClient } from './http';
import { ConformanceJobs } from './testing/conformance/conformanceJobs';
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
  return { jobs: new ConformanceJobs(http), server };
}

describe('JobsClient', () => {
  it('submits the workflow with its Idempotency-Key and resolves the returned links under a mount prefix', async () => {
    const { jobs, server } = await clientFor((req, res) => {
      json(res, 201, jobDocument('j1', { status: 'queued' }, '/mount'));
    }, '/mount');
    const job = await jobs.submit(
      { workflow: { '1': { class_type: 'KSampler', inputs: {} } } },
      { idempotencyKey: 'idem-1' },
    );
    const request = server.requests[0];
    expect(request?.url).toBe('/mount/api/v2/jobs');
    expect(request?.headers['idempotency-key']).toBe('idem-1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({
      workflow: { '1': { class_type: 'KSampler', inputs: {} } },
    });
    expect(job.urls.self).toBe(`${server.origin}/mount/api/v2/jobs/j1`);
    expect(job.urls.events).toBe(`${server.origin}/mount/api/v2/jobs/j1/events`);
  });

  it('refuses reserved fields and UI-format exports before sending', async () => {
    const { jobs, server } = await clientFor((_req, res) => json(res, 201, {}));
    const bad = [
      { workflow: {}, webhook_url: 'https://x' },
      { workflow: {}, inputs: {} },
      { workflow: { nodes: [], links: [] } },
      { workflow: {}, extra_data: { other: 'x' } },
    ];
    for (const body of bad) {
      // @ts-expect-error -- deliberately outside the writer's type
      await expect(jobs.submit(body)).rejects.toMatchObject({ kind: 'invalid-request' });
    }
    expect(server.requests).toHaveLength(0);
  });

  it('follows job.urls.self and job.urls.cancel rather than building URLs', async () => {
    const { jobs, server } = await clientFor((req, res) => {
      if (req.url.endsWith('/cancel'))
        json(res, 200, jobDocument('j2', { status: 'canceling' }, '/elsewhere'));
      else json(res, 200, jobDocument('j2', {}, '/elsewhere'));
    });
    const job = await jobs.get('j2');
    await jobs.get(job);
    const canceled = await jobs.cancel(job);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v2/jobs/j2',
      'GET /elsewhere/api/v2/jobs/j2',
      'POST /elsewhere/api/v2/jobs/j2/cancel',
    ]);
    expect(canceled.status).toBe('canceling');
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
