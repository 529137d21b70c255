// Every JobsClient call against the simulator on each surface, with and without a mount prefix, through
// real sockets: submit, get (by id and by the job's own links), list with cursors and label filters,
// workflow, logs, cancel and the events link. Where the surfaces differ (job-and-asset-api.md, "Known
// differences between surfaces"), each is held to its own row of the table.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import type { Surface } from '../../connection';
import { simulatorFixture } from './simulatorFixture';
import { apiErrorOf, clientsFor, connectionTo, otherKey, untilTerminal } from './simulatorHarness';

const surfaces: readonly Surface[] = ['self-hosted', 'managed', 'serverless'];
/** Every surface, served at the root and under a mount prefix. */
const configurations = surfaces.flatMap((surface) => ['', '/mount'].map((prefix) => ({ surface, prefix })));

describe.each(configurations)('jobs on $surface, prefix "$prefix"', ({ surface, prefix }) => {
  const env = simulatorFixture({ surface, prefix }, { resetAfterEach: false });
  const workflow = textToImageWorkflow({ steps: 2 });

  it('submit answers 201 with a queued job whose links are absolute and carry the prefix exactly once', async () => {
    const job = await env.api.jobs.submit({ workflow });
    expect(['queued', 'running']).toContain(job.status);
    const self = `${env.sim.origin}${prefix}/api/v2/jobs/${job.id}`;
    expect(job.urls.self).toBe(self);
    expect(job.urls.events).toBe(`${self}/events`);
    expect(job.urls.cancel).toBe(`${self}/cancel`);
    // Only a surface that captures logs offers the link, and then on every job.
    expect(job.urls.logs).toBe(surface === 'serverless' ? `${self}/logs` : null);
  });

  it('get by id and by the job itself agree, and polling reaches succeeded with outputs to follow', async () => {
    const submitted = await env.api.jobs.submit({ workflow });
    const done = await untilTerminal(env.api.jobs, submitted.id);
    expect(done.status).toBe('succeeded');
    expect(done.completed_at).not.toBeNull();
    const viaLinks = await env.api.jobs.get(done);
    expect(viaLinks.id).toBe(done.id);
    expect(viaLinks.urls).toEqual(done.urls);
    const image = done.outputs.find((output) => output.type === 'image');
    expect(image?.content_type).toBe('image/png');
    expect(image?.url.startsWith('http://127.0.0.1:')).toBe(true);
    if (prefix !== '') expect(image?.url).not.toContain(`${prefix}${prefix}/`);
  });

  it('an unknown id and another account’s job both answer 404 not_found', async () => {
    const unknown = await apiErrorOf(() => env.api.jobs.get(randomUUID()));
    expect(unknown).toMatchObject({ kind: 'http', status: 404, code: 'not_found' });
    if (surface === 'self-hosted') return; // one open owner: no other account exists
    const mine = await env.api.jobs.submit({ workflow });
    const stranger = clientsFor(connectionTo(env.sim, { key: otherKey }));
    const foreign = await apiErrorOf(() => stranger.jobs.get(mine.id));
    expect(foreign).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('list pages newest first with an opaque cursor, or answers 501 on the managed service', async () => {
    await env.api.jobs.submit({ workflow });
    await env.api.jobs.submit({ workflow });
    if (surface === 'managed') {
      const refused = await apiErrorOf(() => env.api.jobs.list({ limit: 1 }));
      expect(refused).toMatchObject({ status: 501, code: 'not_implemented' });
      return;
    }
    const first = await env.api.jobs.list({ limit: 1 });
    expect(first.jobs).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await env.api.jobs.list({ limit: 1, cursor: first.nextCursor ?? '' });
    expect(second.jobs[0]?.id).not.toBe(first.jobs[0]?.id);
    expect(Date.parse(second.jobs[0]?.create_time ?? '')).toBeLessThanOrEqual(
      Date.parse(first.jobs[0]?.create_time ?? ''),
    );
    const all = await env.api.jobs.list();
    expect(all.nextCursor).toBeNull();
    expect(all.skippedItems).toBe(0);
  });

  it('labels: kept and filterable on serverless, dropped on self-hosted, refused on managed', async () => {
    const metadata = { batch: `b-${randomUUID().slice(0, 8)}` };
    if (surface === 'managed') {
      const refused = await apiErrorOf(() => env.api.jobs.submit({ workflow, metadata }));
      expect(refused).toMatchObject({ status: 422, code: 'metadata_not_supported' });
      return;
    }
    const job = await env.api.jobs.submit({ workflow, metadata });
    const filtered = await env.api.jobs.list({ metadata });
    if (surface === 'serverless') {
      expect(job.metadata).toEqual(metadata);
      expect(filtered.jobs.map((item) => item.id)).toEqual([job.id]);
      expect(filtered.jobs[0]?.metadata).toEqual(metadata);
    } else {
      expect(filtered.jobs).toEqual([]);
    }
  });

  it('workflow returns the executed graph as format "api"', async () => {
    const job = await env.api.jobs.submit({ workflow });
    const document = await env.api.jobs.workflow(job.id);
    expect(document.format).toBe('api');
    expect(document.workflow).toEqual(workflow);
  });

  it('logs: a log after the end on serverless; 204 by id elsewhere; no link means not captured', async () => {
    const job = await env.api.jobs.submit({ workflow });
    const early = await env.api.jobs.logs(job.id);
    expect(early).toEqual({ log: null, reason: 'no-content' });
    const done = await untilTerminal(env.api.jobs, job.id);
    const byLink = await env.api.jobs.logs(done);
    if (surface === 'serverless') {
      expect(byLink.reason).toBeNull();
      expect(byLink.log?.text.length).toBeGreaterThan(0);
      expect(byLink.log?.complete).toBe(true);
    } else {
      expect(byLink).toEqual({ log: null, reason: 'not-captured' });
      expect(await env.api.jobs.logs(done.id)).toEqual({ log: null, reason: 'no-content' });
    }
  });

  it('cancel: a queued job is canceled at once; a finished job is returned unchanged', async () => {
    // One worker: the second job waits behind the first.
    const running = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 40 }) });
    const queued = await env.api.jobs.submit({ workflow });
    const canceled = await env.api.jobs.cancel(queued);
    expect(canceled.status).toBe('canceled');
    const stopping = await env.api.jobs.cancel(running.id);
    expect(['canceling', 'canceled']).toContain(stopping.status);
    expect((await untilTerminal(env.api.jobs, running.id)).status).toBe('canceled');
    const again = await env.api.jobs.cancel(running.id);
    expect(again.status).toBe('canceled');
  });
});
