// ServiceJobs is Loupe's one writer of v2 jobs (the outbox sends through it): what it puts on the wire, what it
// refuses before sending, and how a cancel whose answer is lost still counts.
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient, RetryPolicy, type SubmitJobBody } from '../api';
import {
  jobDocument,
  json,
  startTestServer,
  testConnection,
  type TestServer,
} from '../api/testing/testServer';
import { ServiceJobs } from './serviceJobs';

let server: TestServer | undefined;
afterEach(async () => server?.close());

async function serviceFor(handler: Parameters<typeof startTestServer>[0], base = '') {
  server = await startTestServer(handler);
  const http = new HttpClient({
    connection: testConnection(server.origin + base),
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
  });
  return { jobs: new ServiceJobs(http), server };
}

describe('ServiceJobs writes', () => {
  it('submits the workflow with its Idempotency-Key and resolves the returned links under a mount prefix', async () => {
    const { jobs, server } = await serviceFor((_req, res) => {
      json(res, 201, jobDocument('j1', { status: 'queued' }, '/mount'));
    }, '/mount');
    const outcome = await jobs.submit(
      { workflow: { '1': { class_type: 'KSampler', inputs: {} } } },
      'idem-1',
    );
    const request = server.requests[0];
    expect(request?.url).toBe('/mount/api/v2/jobs');
    expect(request?.headers['idempotency-key']).toBe('idem-1');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body.toString() ?? '')).toEqual({
      workflow: { '1': { class_type: 'KSampler', inputs: {} } },
    });
    expect(outcome.kind).toBe('created');
    if (outcome.kind !== 'created') return;
    expect(outcome.value).toMatchObject({
      id: 'j1',
      status: 'queued',
      urls: {
        self: `${server.origin}/mount/api/v2/jobs/j1`,
        events: `${server.origin}/mount/api/v2/jobs/j1/events`,
      },
    });
  });

  it('refuses reserved fields, UI-format exports and a bad key before sending', async () => {
    const { jobs, server } = await serviceFor((_req, res) => json(res, 201, {}));
    const bad = [
      { workflow: {}, webhook_url: 'https://x' },
      { workflow: {}, inputs: {} },
      { workflow: {}, extra_data: { other: 'x' } },
    ];
    // Thrown, not an outcome: nothing left, so there is nothing to reconcile.
    const submitting = async (body: unknown, key = 'k') => jobs.submit(body as SubmitJobBody, key);
    for (const body of bad) {
      await expect(submitting(body)).rejects.toMatchObject({ kind: 'invalid-request' });
    }
    await expect(submitting({ workflow: { nodes: [], links: [] } })).rejects.toMatchObject({
      kind: 'invalid-request',
      code: 'workflow_format_ui',
    });
    await expect(submitting({ workflow: {} }, '')).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(server.requests).toHaveLength(0);
  });

  it('cancels by the job’s path and hands back the job the service answered', async () => {
    const { jobs, server } = await serviceFor((_req, res) =>
      json(res, 200, jobDocument('j2', { status: 'canceling' })),
    );
    expect((await jobs.cancel('j2')).status).toBe('canceling');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v2/jobs/j2/cancel']);
  });

  it('a cancel follows the urls.cancel the job’s last read gave, not a path Loupe composes (rule 3)', async () => {
    const { jobs, server } = await serviceFor((req, res) => {
      const moved = { urls: { ...linksOf('j4'), cancel: '/elsewhere/j4/stop' } };
      json(
        res,
        200,
        jobDocument('j4', { ...moved, status: req.method === 'POST' ? 'canceling' : 'running' }),
      );
    });
    await jobs.read('j4');
    expect((await jobs.cancel('j4')).status).toBe('canceling');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v2/jobs/j4',
      'POST /elsewhere/j4/stop',
    ]);
  });

  it('a cancel whose 2xx answer is lost was still taken: the job is read afresh, not failed', async () => {
    const { jobs, server } = await serviceFor((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"id": "j3", "sta');
      } else json(res, 200, jobDocument('j3', { status: 'canceled' }));
    });
    expect((await jobs.cancel('j3')).status).toBe('canceled');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v2/jobs/j3/cancel',
      'GET /api/v2/jobs/j3',
    ]);
  });
});

function linksOf(id: string): Record<string, unknown> {
  return jobDocument(id)['urls'] as Record<string, unknown>;
}
