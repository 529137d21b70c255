// Issue 19, fault 2: one error while sending must never kill the process, and two senders of one batch must
// never both send it. Against the real simulator: a second runtime over the same data file (as a second
// process would be) is refused by the batch's lease; a store write that fails mid-send (SQLITE_FULL) stops
// the run with that error and a paused-with-reason record, and the next run makes no second job.
import { afterEach, describe, expect, it } from 'vitest';
import { recordPlannedBatch, type PlannedItemInput } from './plannedBatch';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { connectionTo } from '../api/testing/conformance/simulatorHarness';
import { openStore } from '../store';
import { isDomainError } from '../errors';
import { jobsFixture, type JobsFixture } from '../jobs/testing/conformance/jobsHarness';
import { createProfileJobs, type ProfileJobs } from '../jobs/profileJobs';
import { BatchSenders } from './batchSenders';

let fixture: JobsFixture | null = null;
const extra: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of extra.splice(0)) await thing.close();
  await fixture?.dispose();
  fixture = null;
});

let ids = 0;
const newId = (): string => `id-${++ids}-${Math.random().toString(36).slice(2)}`;

function seeds(count: number, from = 0): PlannedItemInput[] {
  return Array.from({ length: count }, (_, i) => ({
    values: [{ target: '3.seed', value: from + i }],
    workflow: textToImageWorkflow({ seed: from + i, steps: 2 }),
  }));
}

function record(fx: JobsFixture, count: number, from = 0) {
  return recordPlannedBatch(
    { store: fx.store, profileId: fx.profileId, surface: 'serverless', newId },
    { name: 'b', plan: { axes: ['3.seed'] } },
    seeds(count, from),
  );
}

/** A second runtime over the same data file, with its own connection and its own lease owner. */
function secondSender(fx: JobsFixture): ProfileJobs {
  const store = openStore(fx.store.path);
  const jobs = createProfileJobs(fx.profileId, connectionTo(fx.sim), store, {
    leaseOwner: `elsewhere:${process.pid}:other`,
  });
  extra.push({
    close: async () => {
      await jobs.dispose();
      store.close();
    },
  });
  return jobs;
}

/** An error shaped like libsql's for a full disk. */
function diskFull(): Error {
  return Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
}

describe('one sender per batch', () => {
  it('a second sender of the same batch is told who sends it, and every item is sent once', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 10);
    const other = secondSender(fixture);
    const first = fixture.jobs.batches.run(batch.id, { window: 4, signal: new AbortController().signal });
    const second = other.batches.run(batch.id, { window: 4, signal: new AbortController().signal });
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('fulfilled');
    expect(b.status === 'rejected' && isDomainError(b.reason, 'batch_sending_elsewhere')).toBe(true);
    expect(b.status === 'rejected' && (b.reason as Error).message).toContain('already being sent');
    expect(fixture.sim.control.jobs()).toHaveLength(10);
    // Once the first has let go, the second may send (nothing is left, so nothing leaves).
    const after = await other.batches.run(batch.id, { window: 4, signal: new AbortController().signal });
    expect(after).toMatchObject({ total: 10, succeeded: 10 });
    expect(fixture.sim.control.jobs()).toHaveLength(10);
  });

  it('marks only items that still stand as the sender read them', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 3);
    const [a, b, c] = fixture.store.batchItems.listForBatch(batch.id).rows;
    if (a === undefined || b === undefined || c === undefined) throw new Error('three items expected');
    // Another sender marked `b` since it was read here.
    fixture.store.batchItems.markSentAll([b]);
    const marked = fixture.store.batchItems.markSentAll([a, b, c]);
    expect([...marked].sort()).toEqual([a.id, c.id].sort());
    expect(fixture.store.batchItems.get(b.id)?.attempts).toBe(1);
  });

  it('a lease whose owner process is gone is taken over at once', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 2);
    const { hostname } = await import('node:os');
    // A pid that cannot exist: the owner died without letting go.
    fixture.store.batchSending.acquire(
      batch.id,
      `${hostname()}:2147483646:dead`,
      Date.now(),
      60_000,
      () => false,
    );
    const done = await fixture.jobs.batches.run(batch.id, {
      window: 2,
      signal: new AbortController().signal,
    });
    expect(done).toMatchObject({ succeeded: 2 });
  });
});

describe('an error while sending', () => {
  it('SQLITE_FULL recording an answer stops the run with that error, not the process; the next run makes no second job', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 6);
    const items = fixture.store.batchItems;
    const original = items.markResult.bind(items);
    let failures = 1;
    items.markResult = (id, result) => {
      if (result.outcome === 'created' && failures > 0) {
        failures -= 1;
        throw diskFull();
      }
      return original(id, result);
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      await expect(
        fixture.jobs.batches.run(batch.id, { window: 6, signal: new AbortController().signal }),
      ).rejects.toMatchObject({ code: 'SQLITE_FULL' });
      // The disk has room again: the item whose answer was not recorded is taken up under its own key.
      const done = await fixture.jobs.batches.run(batch.id, {
        window: 6,
        signal: new AbortController().signal,
      });
      expect(done).toMatchObject({ total: 6, succeeded: 6, failed: 0 });
      expect(fixture.sim.control.jobs()).toHaveLength(6);
      expect(new Set(items.listForBatch(batch.id).rows.map((item) => item.jobId)).size).toBe(6);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it('the app records it as paused with the reason, and Resume takes it up with its window and retry', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 4);
    const items = fixture.store.batchItems;
    const original = items.markResult.bind(items);
    let failures = 1;
    items.markResult = (id, result) => {
      if (failures > 0) {
        failures -= 1;
        throw diskFull();
      }
      return original(id, result);
    };
    const logged: string[] = [];
    const senders = new BatchSenders(
      fixture.jobs.batches,
      fixture.store,
      (message) => logged.push(message),
      'test-owner',
    );
    senders.start(batch.id, 3, 2);
    await expect.poll(() => senders.describe(batch.id).state, { timeout: 10_000 }).toBe('paused');
    expect(senders.describe(batch.id)).toMatchObject({
      state: 'paused',
      window: 3,
      autoRetry: 2,
      reason: 'The disk is full, so Loupe cannot record what it sends.',
    });
    expect(logged).toEqual([`Sending batch ${batch.id} stopped`]);
    // What the user left is on disk: a new process's senders take it up with the same settings.
    expect(fixture.store.batchSending.get(batch.id)).toMatchObject({
      wanted: 'paused',
      window: 3,
      autoRetry: 2,
    });
    senders.start(batch.id, 3);
    await expect.poll(() => senders.describe(batch.id).state, { timeout: 10_000 }).toBe('idle');
    expect(fixture.sim.control.jobs()).toHaveLength(4);
    expect(fixture.store.batchSending.get(batch.id)).toMatchObject({ wanted: 'idle', autoRetry: 2 });
    await senders.dispose();
  });

  it('a batch left sending is taken up after a restart with its window and automatic retry', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const batch = record(fixture, 3);
    fixture.store.batchSending.save(batch.id, { window: 2, autoRetry: 3, wanted: 'sending' });
    const restarted = openStore(fixture.store.path);
    const jobs = createProfileJobs(fixture.profileId, connectionTo(fixture.sim), restarted, {
      resumeSubmissionsBefore: Date.now(),
    });
    extra.push({
      close: async () => {
        await jobs.dispose();
        restarted.close();
      },
    });
    const described = jobs.senders.describe(batch.id);
    expect(described).toMatchObject({ state: 'sending', window: 2, autoRetry: 3 });
    await expect.poll(() => fixture?.sim.control.jobs().length, { timeout: 10_000 }).toBe(3);
  });
});
