// The demo seed's finished sweep, as a client of the serverless surface sees it: twelve jobs labelled as one
// Loupe batch, ten with a PNG each (all different), two that ran out of memory in the sampler; each job's
// workflow carries its own seed and cfg, and running that workflow again succeeds. The description the Demo
// launcher hands to Loupe matches what the server holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSweepItems } from './demoSweep';
import type { RunningSimulator } from './kernel';
import { readSeededBatch } from './seededBatch';
import { arr, client, obj, startFast, waitForStatus, type Client } from './testing/testKit';

let sim: RunningSimulator;
let api: Client;
beforeAll(async () => {
  // Workers to spare, so a job sent again does not wait behind the seed's long live run.
  sim = await startFast({ surface: 'serverless', seed: true, workers: 3 });
  api = client(sim.url, 'demo-key');
});
afterAll(async () => {
  await sim.close();
});

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function sweepJobs(): Promise<Record<string, unknown>[]> {
  const listed = obj((await api.get('/api/v2/jobs?metadata%5Bloupe.batch%5D=demo-sweep')).body);
  return Promise.all(
    arr(listed.jobs).map(async (row) => obj((await api.get(`/api/v2/jobs/${String(obj(row).id)}`)).body)),
  );
}

function itemOf(job: Record<string, unknown>): number {
  return Number(obj(job.metadata)['loupe.item']);
}

describe('the demo seed’s sweep', () => {
  it('is twelve jobs of one batch: ten with one different image each, two out of memory in the sampler', async () => {
    const jobs = await sweepJobs();
    expect(jobs).toHaveLength(12);
    expect(jobs.map(itemOf).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const job of jobs) expect(obj(job.metadata)['loupe.batch']).toBe('demo-sweep');

    const succeeded = jobs.filter((job) => job.status === 'succeeded');
    expect(succeeded).toHaveLength(10);
    const outputs = succeeded.map((job) => arr(job.outputs).map(obj));
    for (const list of outputs) {
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ type: 'image', content_type: 'image/png', node_id: '9' });
    }
    // A picture per item: the seed and the cfg both change it.
    expect(new Set(outputs.map((list) => list[0]?.hash)).size).toBe(10);
    const bytes = await fetch(String(outputs[0]?.[0]?.url));
    expect([...new Uint8Array(await bytes.arrayBuffer()).subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    const failed = jobs.filter((job) => job.status === 'failed');
    expect(failed.map(itemOf).sort((a, b) => a - b)).toEqual([5, 10]);
    for (const job of failed) {
      expect(job.outputs).toEqual([]);
      expect(job.error).toMatchObject({
        code: 'node_execution_error',
        message: expect.stringMatching(/^CUDA out of memory\. Tried to allocate/) as unknown,
        node_id: '3',
        class_type: 'KSampler',
        traceback: expect.stringContaining('RuntimeError: CUDA out of memory') as unknown,
      });
    }
  });

  it('reports each job’s workflow as submitted, with its seed and cfg, and that workflow runs again', async () => {
    const planned = demoSweepItems();
    const jobs = await sweepJobs();
    for (const job of jobs) {
      const item = planned[itemOf(job)];
      const document = obj((await api.get(`/api/v2/jobs/${String(job.id)}/workflow`)).body);
      expect(document).toEqual({ format: 'api', workflow: item?.workflow });
      const sampler = obj(obj(obj(document.workflow)['3']).inputs);
      expect(item?.values).toEqual([
        { target: '3.seed', value: sampler.seed },
        { target: '3.cfg', value: sampler.cfg },
      ]);
    }
    expect(planned.map((item) => item.values.map((v) => v.value))).toEqual([
      [1, 4],
      [1, 7],
      [1, 10],
      [2, 4],
      [2, 7],
      [2, 10],
      [3, 4],
      [3, 7],
      [3, 10],
      [4, 4],
      [4, 7],
      [4, 10],
    ]);

    // "Retry failed" sends the failed item's workflow again: on a GPU with room it succeeds.
    const retried = obj((await api.post('/api/v2/jobs', { workflow: planned[5]?.workflow })).body);
    const done = await waitForStatus(api, String(retried.id), ['succeeded', 'failed'], 10_000);
    expect(done.status).toBe('succeeded');
  });

  it('is described for Loupe as the server holds it: items in order, with their jobs', async () => {
    const batch = await readSeededBatch(sim.url, 'demo-key');
    const jobs = await sweepJobs();
    expect(batch).toMatchObject({ id: 'demo-sweep', name: 'Lighthouse study: seed × cfg' });
    expect(batch.axes).toEqual([
      { kind: 'sweep', source: '3.seed=1..4', length: 4 },
      { kind: 'sweep', source: '3.cfg=4,7,10', length: 3 },
    ]);
    expect(batch.items.map((item) => item.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const item of batch.items) {
      const job = jobs.find((candidate) => itemOf(candidate) === item.position);
      expect(item.jobId).toBe(job?.id);
      expect(item.job).toMatchObject({ id: job?.id, status: job?.status, error: job?.error });
      expect(item.labels).toEqual({ 'loupe.batch': 'demo-sweep', 'loupe.item': String(item.position) });
      expect(item.values).toEqual(demoSweepItems()[item.position]?.values);
    }
    expect(batch.createdAt).toBe(jobs.find((job) => itemOf(job) === 0)?.created_at);
  });
});
