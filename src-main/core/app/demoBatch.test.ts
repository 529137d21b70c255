// The Demo server's seeded sweep as one of the Demo profile's batches: recorded when the server starts (once),
// read through the contract like any batch (contact-sheet values, outputs, failures grouped), replaced when a
// relaunched server seeds new jobs, and "Retry failed" sends the failed items to the Demo server again.
import { afterEach, describe, expect, it } from 'vitest';
import { batchDetailSchema, batchesContract } from '../../../src-shared/contracts/batches';
import { createDemoLauncher } from '../../simulator/demoLauncher';
import { readSeededBatch } from '../../simulator/seededBatch';
import { startFast } from '../api/testing/conformance/simulatorHarness';
import { openTempStore, testProfile, type TempStore } from '../store/testing/tempStore';
import { recordDemoBatch, type DemoSeededBatch } from './demoBatch';
import { DemoSupervisor, type DemoLauncher } from './demoSupervisor';
import { callOk, createTestCore, type TestCore } from './testing/testCore';

let core: TestCore | null = null;
let temp: TempStore | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
  temp?.store.close();
  temp?.dir.remove();
  temp = null;
});

const listResult = batchesContract['batches.list'].result;
const failuresResult = batchesContract['batches.failures'].result;
const retryResult = batchesContract['batches.retryFailed'].result;

async function openDemo(launcher: DemoLauncher): Promise<TestCore> {
  core = await createTestCore({ demo: launcher });
  await callOk(core, 'profiles.setActive', { profileId: 'demo' });
  return core;
}

async function demoBatch(current: TestCore) {
  return batchDetailSchema.parse(
    await callOk(current, 'batches.get', { profileId: 'demo', batchId: 'demo-sweep' }),
  );
}

/** The Demo server at test speed: the same seed, read back the same way, with jobs that run in milliseconds. */
const fastDemo: DemoLauncher = {
  start: async () => {
    const sim = await startFast({ surface: 'serverless', seed: true, workers: 3 });
    const seededBatch = await readSeededBatch(sim.url, 'demo-key');
    return { baseUrl: sim.url, credential: 'demo-key', seededBatch, close: () => sim.close() };
  },
};

describe('the Demo profile’s seeded batch', () => {
  it('is recorded once when the server starts: twelve items on seed × cfg, ten images, two failures', async () => {
    const current = await openDemo(createDemoLauncher());
    const { batches } = listResult.parse(await callOk(current, 'batches.list', { profileId: 'demo' }));
    expect(batches).toEqual([
      expect.objectContaining({
        id: 'demo-sweep',
        name: 'Lighthouse study: seed × cfg',
        itemCount: 12,
        counts: { submitting: 0, submitFailed: 0, jobs: { succeeded: 10, failed: 2 } },
        outputsCount: 10,
        finished: true,
      }),
    ]);

    const detail = await demoBatch(current);
    // The contact sheet's axes: seed down, cfg across.
    expect(detail.items.map((item) => item.values)).toEqual(
      [1, 2, 3, 4].flatMap((seed) =>
        [4, 7, 10].map((cfg) => [
          { target: '3.seed', value: seed },
          { target: '3.cfg', value: cfg },
        ]),
      ),
    );
    expect(detail.items.every((item) => item.submission === 'created' && item.job !== null)).toBe(true);
    expect(new Set(detail.outputs.map((output) => output.jobId)).size).toBe(10);

    const { groups } = failuresResult.parse(
      await callOk(current, 'batches.failures', { profileId: 'demo', batchId: 'demo-sweep' }),
    );
    expect(groups).toEqual([
      expect.objectContaining({
        code: 'node_execution_error',
        message: expect.stringMatching(/^CUDA out of memory/) as unknown,
        positions: [5, 10],
      }),
    ]);

    // Its jobs are Loupe's own, with the workflow and labels they were sent with (a retry needs them).
    const [first] = detail.items;
    const job = current.store.jobs.get('demo', first?.jobId ?? '');
    expect(job).toMatchObject({
      submittedByUs: true,
      labels: { 'loupe.batch': 'demo-sweep', 'loupe.item': '0' },
    });
    expect(job?.workflow?.['3']).toMatchObject({ class_type: 'KSampler', inputs: { seed: 1, cfg: 4 } });

    // Choosing the Demo again while its server runs records nothing more.
    await callOk(current, 'profiles.setActive', { profileId: 'demo' });
    expect(
      listResult.parse(await callOk(current, 'batches.list', { profileId: 'demo' })).batches,
    ).toHaveLength(1);
    expect((await demoBatch(current)).items.map((item) => item.jobId)).toEqual(
      detail.items.map((item) => item.jobId),
    );
  });

  it('is replaced, with its old jobs, when a relaunched server seeds new ones', async () => {
    const current = await openDemo(createDemoLauncher());
    const before = (await demoBatch(current)).items.map((item) => item.jobId ?? '');

    await callOk(current, 'profiles.setActive', { profileId: 'local' });
    await callOk(current, 'profiles.setActive', { profileId: 'demo' });
    const after = await demoBatch(current);
    expect(
      listResult.parse(await callOk(current, 'batches.list', { profileId: 'demo' })).batches,
    ).toHaveLength(1);
    expect(after.items).toHaveLength(12);
    expect(after.items.filter((item) => before.includes(item.jobId ?? ''))).toEqual([]);
    expect(before.filter((jobId) => current.store.jobs.get('demo', jobId) !== null)).toEqual([]);
  });

  it('"Retry failed" sends the two failed items to the Demo server again, and they succeed', async () => {
    const current = await openDemo(fastDemo);
    const failedJobs = (await demoBatch(current)).items
      .filter((item) => item.job?.status === 'failed')
      .map((item) => item.jobId);

    const retry = retryResult.parse(
      await callOk(current, 'batches.retryFailed', { profileId: 'demo', batchId: 'demo-sweep' }),
    );
    expect(retry.retried).toBe(2);
    await expect
      .poll(async () => (await demoBatch(current)).counts.jobs, { timeout: 10_000 })
      .toEqual({ succeeded: 12 });
    const retried = (await demoBatch(current)).items.filter((item) => [5, 10].includes(item.position));
    expect(retried.map((item) => item.attempts)).toEqual([2, 2]);
    expect(retried.some((item) => failedJobs.includes(item.jobId))).toBe(false);

    // Choosing the Demo again while the same server runs keeps the retries: the seed is not recorded twice.
    await callOk(current, 'profiles.setActive', { profileId: 'demo' });
    expect((await demoBatch(current)).counts.jobs).toEqual({ succeeded: 12 });
  });
});

describe('recordDemoBatch', () => {
  function seeded(jobIds: readonly string[]): DemoSeededBatch {
    return {
      id: 'demo-sweep',
      name: 'Sweep',
      axes: [{ kind: 'sweep', source: '3.seed=1..2', length: 2 }],
      items: jobIds.map((jobId, position) => ({
        position,
        jobId,
        values: [{ target: '3.seed', value: position + 1 }],
        workflow: { '3': { class_type: 'KSampler', inputs: { seed: position + 1 } } },
        labels: { 'loupe.batch': 'demo-sweep', 'loupe.item': String(position) },
        job: { id: jobId, status: 'succeeded' },
      })),
    };
  }

  it('records a batch once, and replaces it (and its jobs) when its jobs are new', () => {
    temp = openTempStore({ profile: testProfile });
    const { store } = temp;
    expect(recordDemoBatch(store, 'p', seeded(['a', 'b']))).toBe('recorded');
    expect(recordDemoBatch(store, 'p', seeded(['a', 'b']))).toBe('unchanged');
    expect(store.batches.list('p').rows).toHaveLength(1);
    expect(store.batchItems.listForBatch('demo-sweep').rows.map((item) => [item.state, item.jobId])).toEqual([
      ['created', 'a'],
      ['created', 'b'],
    ]);

    expect(recordDemoBatch(store, 'p', seeded(['c', 'd']))).toBe('replaced');
    expect(store.batches.list('p').rows).toHaveLength(1);
    expect(store.batchItems.listForBatch('demo-sweep').rows.map((item) => item.jobId)).toEqual(['c', 'd']);
    expect(store.jobs.get('p', 'a')).toBeNull();
    expect(store.jobs.get('p', 'c')).toMatchObject({ submittedByUs: true, status: 'succeeded' });
  });

  it('refuses a description out of order, naming another job, or with a body the service refuses', () => {
    temp = openTempStore({ profile: testProfile });
    const { store } = temp;
    const batch = seeded(['a', 'b']);
    const swapped = { ...batch, items: [...batch.items].reverse() };
    expect(() => recordDemoBatch(store, 'p', swapped)).toThrow(/position order/);
    const [first, second] = batch.items;
    if (!first || !second) throw new Error('the fixture has two items');
    const foreignJob = { ...batch, items: [first, { ...second, job: { id: 'x', status: 'failed' } }] };
    expect(() => recordDemoBatch(store, 'p', foreignJob)).toThrow(/another job/);
    // A body the service would refuse (a label key with a space) is never recorded as sendable.
    const badLabel = { ...batch, items: [first, { ...second, labels: { 'not a key': 'x' } }] };
    expect(() => recordDemoBatch(store, 'p', badLabel)).toThrow();
    expect(store.batches.get('demo-sweep')).toBeNull();
    expect(store.jobs.get('p', 'a')).toBeNull();
  });
});

describe('DemoSupervisor.takeSeededBatch', () => {
  it('hands out a launch’s seeded batch once, and a new launch’s again', async () => {
    const batch: DemoSeededBatch = { id: 'demo-sweep', name: 'Sweep', axes: [], items: [] };
    let launches = 0;
    const supervisor = new DemoSupervisor({
      start: () => {
        launches += 1;
        return Promise.resolve({
          baseUrl: 'http://127.0.0.1:1',
          seededBatch: batch,
          close: () => Promise.resolve(),
        });
      },
    });
    expect(supervisor.takeSeededBatch()).toBeNull();
    await supervisor.ensureRunning();
    expect(supervisor.takeSeededBatch()).toBe(batch);
    await supervisor.ensureRunning();
    expect(supervisor.takeSeededBatch()).toBeNull();
    await supervisor.stop();
    await supervisor.ensureRunning();
    expect(launches).toBe(2);
    expect(supervisor.takeSeededBatch()).toBe(batch);
  });
});
