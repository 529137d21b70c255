// Issue 19, fault 1: once a 2xx status line has arrived the job exists, so whatever happens to the body can
// only make the outcome "created, details missing", never "failed", and "Retry failed" never sends it again.
// A hostile front passes each submission to the real simulator (which creates the job) and then spoils the
// answer; the simulator's own job list counts the jobs per item.
import { afterEach, describe, expect, it } from 'vitest';
import { recordPlannedBatch, type PlannedItemInput } from './plannedBatch';
import { failingWorkflow, textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { jobsFixture, type JobsFixture } from '../jobs/testing/conformance/jobsHarness';
import { startManglingFront, type AnswerFault, type ManglingFront } from '../jobs/testing/manglingFront';

let fixture: JobsFixture | null = null;
let front: ManglingFront | null = null;
let sim: RunningSimulator | null = null;
afterEach(async () => {
  await fixture?.dispose();
  await front?.close();
  await sim?.close();
  fixture = front = sim = null;
});

const isSubmit = (method: string, path: string): boolean =>
  method === 'POST' && path.endsWith('/api/v2/jobs');

async function throughFront(
  options: Partial<Parameters<typeof jobsFixture>[0]> = {},
  isWrite = isSubmit,
): Promise<{ fixture: JobsFixture; front: ManglingFront; sim: RunningSimulator }> {
  sim = await startFast({ surface: 'serverless' });
  front = await startManglingFront(sim.url, isWrite);
  fixture = await jobsFixture({
    sim: { surface: 'serverless' },
    running: sim,
    baseUrl: front.url,
    // A body that stalls is given up on quickly; the service's list answers the reconciler at once.
    requestTimeoutMs: 1_500,
    reconcileAttempts: 3,
    reconcileDelayMs: 50,
    ...options,
  });
  return { fixture, front, sim };
}

/** The only item of the profile's only batch (jobs.submit records a batch of one). */
function onlyItem(fixture: JobsFixture) {
  const batch = fixture.store.batches.list(fixture.profileId).rows[0];
  return fixture.store.batchItems.listForBatch(batch?.id ?? '').rows[0];
}

let ids = 0;
const newId = (): string => `id-${++ids}-${Math.random().toString(36).slice(2)}`;

function seeds(count: number): PlannedItemInput[] {
  return Array.from({ length: count }, (_, seed) => ({
    values: [{ target: '3.seed', value: seed }],
    workflow: textToImageWorkflow({ seed: 500 + seed, steps: 2 }),
  }));
}

const bodyFaults: AnswerFault[] = ['cut-mid-body', 'not-json', 'empty-body', 'slow-body'];

describe('a 2xx whose answer is lost', () => {
  it.each(bodyFaults)(
    '%s: jobs.submit finds the one job it made and never records it failed',
    async (fault) => {
      const { fixture, front, sim } = await throughFront();
      front.spoil(fault);
      const job = await fixture.jobs.service.submit({
        workflowJson: JSON.stringify(textToImageWorkflow({ seed: 7, steps: 2 })),
      });
      expect(front.spoiled()).toBe(1);
      expect(sim.control.jobs().map((j) => j.id)).toEqual([job.id]);
      expect(onlyItem(fixture)).toMatchObject({ state: 'created', jobId: job.id });
      // Nothing is left to take up after a restart.
      expect(fixture.store.batchItems.listResumable(fixture.profileId).rows).toEqual([]);
    },
  );

  it('a batch whose every other answer is spoiled ends with one job per item, and Retry failed sends none', async () => {
    const { fixture, front, sim } = await throughFront();
    const { store, profileId, jobs } = fixture;
    front.spoil('cut-mid-body', 'not-json', 'empty-body', 'slow-body', 'cut-before-status');
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'spoiled', plan: { axes: ['3.seed'] } },
      seeds(8),
    );
    const done = await jobs.batches.run(batch.id, { window: 8, signal: new AbortController().signal });
    expect(front.spoiled()).toBe(5);
    expect(done).toMatchObject({ total: 8, failed: 0, pending: 0, sending: 0 });
    expect(sim.control.jobs()).toHaveLength(8);
    const items = store.batchItems.listForBatch(batch.id).rows;
    // Never failed; every item names its own job (found by the reconciler where the answer was lost).
    expect(items.map((item) => item.state)).toEqual(Array(8).fill('created'));
    expect(new Set(items.map((item) => item.jobId)).size).toBe(8);
    expect(jobs.batches.retryFailed(batch.id)).toBe(0);
    expect(sim.control.jobs()).toHaveLength(8);
  });

  it('an item whose job exists but cannot be found yet stays created, is never retried, and is found later', async () => {
    // The answer is lost and the service's list fails for a while: the job cannot be found.
    const listing = /\/api\/v2\/jobs$/;
    let listDown = true;
    const { fixture, front, sim } = await throughFront({
      reconcileAttempts: 1,
      reconcileDelayMs: 10,
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (listDown && request.method === 'GET' && listing.test(new URL(request.url).pathname)) {
          const refusal = '{"error":{"code":"upstream_error","message":"down"}}';
          return Promise.resolve(new Response(refusal, { status: 500 }));
        }
        return fetch(request);
      },
    });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'hidden', plan: { axes: ['3.seed'] } },
      seeds(2),
    );
    front.spoil('not-json');
    const run = (): ReturnType<typeof jobs.batches.run> =>
      jobs.batches.run(batch.id, { window: 1, signal: new AbortController().signal });
    expect(await run()).toMatchObject({ total: 2, unknown: 1, failed: 0 });
    const lost = store.batchItems.listForBatch(batch.id).rows.find((item) => item.jobId === null);
    expect(lost).toMatchObject({ state: 'created', jobId: null });
    expect(lost?.lastError).toContain('answer could not be read');
    // Retry failed leaves it alone: its job exists.
    expect(jobs.batches.retryFailed(batch.id)).toBe(0);
    expect(sim.control.jobs()).toHaveLength(2);
    // The next run looks for it (never a send) and names it.
    listDown = false;
    const posts = async (): Promise<number> =>
      (await fixture.requests(listing)).filter((r) => r.method === 'POST').length;
    const before = await posts();
    expect(await run()).toMatchObject({ total: 2, unknown: 0, failed: 0 });
    expect(await posts()).toBe(before);
    expect(store.batchItems.get(lost?.id ?? '')?.jobId).toEqual(expect.any(String));
    expect(sim.control.jobs()).toHaveLength(2);
  });

  it('a bare 422 (the key refused, its reason lost) is an unknown outcome, never a refusal', async () => {
    const { fixture, front, sim } = await throughFront();
    front.spoil('unreadable-422');
    const job = await fixture.jobs.service.submit({
      workflowJson: JSON.stringify(textToImageWorkflow({ seed: 9, steps: 2 })),
    });
    expect(sim.control.jobs().map((j) => j.id)).toEqual([job.id]);
  });

  it('a cancel whose answer is lost was still taken: the job is read afresh, not an error', async () => {
    const isCancel = (method: string, path: string): boolean => method === 'POST' && path.endsWith('/cancel');
    const { fixture, front, sim } = await throughFront({}, isCancel);
    const job = await fixture.jobs.service.submit({
      workflowJson: JSON.stringify(textToImageWorkflow({ seed: 11, steps: 400 })),
    });
    front.spoil('not-json');
    const canceled = await fixture.jobs.service.cancel(job.id);
    expect(front.spoiled()).toBe(1);
    expect(canceled.id).toBe(job.id);
    expect(['canceling', 'canceled']).toContain(canceled.status);
    expect(sim.control.jobs()).toHaveLength(1);
  });

  it('a retried item whose new answer is lost is matched to its new job, never to its failed earlier attempt', async () => {
    const { fixture, front, sim } = await throughFront();
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'retried', plan: { axes: ['3.seed'] } },
      [{ values: [{ target: '1.message', value: 'x' }], workflow: failingWorkflow('always fails') }],
    );
    const run = (): ReturnType<typeof jobs.batches.run> =>
      jobs.batches.run(batch.id, { window: 1, signal: new AbortController().signal });
    expect(await run()).toMatchObject({ failed: 1 });
    const [first] = store.batchItems.listForBatch(batch.id).rows;
    expect(jobs.batches.retryFailed(batch.id)).toBe(1);
    front.spoil('not-json');
    expect(await run()).toMatchObject({ failed: 1, unknown: 0 });
    const [second] = store.batchItems.listForBatch(batch.id).rows;
    expect(sim.control.jobs()).toHaveLength(2);
    expect(second?.jobId).toEqual(expect.any(String));
    expect(second?.jobId).not.toBe(first?.jobId);
    expect(second?.retryOfJob).toBe(first?.jobId);
  });

  it('a lost job far down the list (hundreds of newer jobs) is still found, page after page', async () => {
    const listing = /\/api\/v2\/jobs$/;
    let listDown = true;
    const { fixture, front, sim } = await throughFront({
      reconcileAttempts: 1,
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (listDown && request.method === 'GET' && listing.test(new URL(request.url).pathname)) {
          return Promise.resolve(
            new Response('{"error":{"code":"upstream_error","message":"down"}}', { status: 500 }),
          );
        }
        return fetch(request);
      },
    });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'early', plan: { axes: ['3.seed'] } },
      seeds(1),
    );
    front.spoil('empty-body');
    const run = (): ReturnType<typeof jobs.batches.run> =>
      jobs.batches.run(batch.id, { window: 1, signal: new AbortController().signal, until: 'sent' });
    expect(await run()).toMatchObject({ unknown: 1 });
    // 250 newer jobs, made by someone else on the same account.
    for (let i = 0; i < 250; i++) {
      const answer = await fetch(`${sim.url}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
        body: JSON.stringify({ workflow: textToImageWorkflow({ seed: 10_000 + i, steps: 1 }) }),
      });
      await answer.arrayBuffer();
    }
    listDown = false;
    expect(await run()).toMatchObject({ unknown: 0 });
    expect(store.batchItems.listForBatch(batch.id).rows[0]?.jobId).toEqual(expect.any(String));
    expect(sim.control.jobs()).toHaveLength(251);
  });
});
