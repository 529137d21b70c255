// The batch runner against the simulator: every item written before it is sent and sent once, never more
// than the window in flight (counted on the service, not by the runner), a full queue slows it down
// without failing an item, labels only where the surface keeps them, and cancel stops sending and stops
// what runs.
import { afterEach, describe, expect, it } from 'vitest';
import { recordPlannedBatch, type PlannedItemInput } from './plannedBatch';
import { crashingWorkflow, failingWorkflow, textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { jobsFixture, type JobsFixture } from '../jobs/testing/conformance/jobsHarness';
import { DomainError } from '../errors';
import { BatchSenders } from './batchSenders';
import { systemTimers } from '../watch/timers';

let fixture: JobsFixture | null = null;
afterEach(async () => {
  await fixture?.dispose();
  fixture = null;
});

/** `count` items over seed; `steps` sets how long each job runs (400 and more: still running when looked at). */
function seeds(count: number, steps = 4): PlannedItemInput[] {
  return Array.from({ length: count }, (_, seed) => ({
    values: [{ target: '3.seed', value: seed }],
    workflow: textToImageWorkflow({ seed, steps }),
  }));
}

let ids = 0;
const newId = (): string => `id-${++ids}-${Math.random().toString(36).slice(2)}`;

/** Counts the service's queued and running jobs at the moment each submission arrives. */
function countingFetch(getFixture: () => JobsFixture | null, seen: number[]): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/api/v2/jobs')) {
      const live = getFixture()
        ?.sim.control.jobs()
        .filter((job) => job.status === 'queued' || job.status === 'running').length;
      seen.push(live ?? 0);
    }
    return fetch(request);
  };
}

describe('BatchRunner', () => {
  it('sends each item once, never more than the window in flight, and ends when every job has', async () => {
    const inFlightAtSend: number[] = [];
    fixture = await jobsFixture({
      sim: { surface: 'serverless' },
      fetch: countingFetch(() => fixture, inFlightAtSend),
    });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'seeds', plan: { axes: ['3.seed'] } },
      seeds(12),
    );
    // Written before anything was sent, with one key per item.
    const recorded = store.batchItems.listForBatch(batch.id).rows;
    expect(recorded.map((item) => item.state)).toEqual(Array(12).fill('pending'));
    expect(new Set(recorded.map((item) => item.idempotencyKey)).size).toBe(12);
    expect(recorded[3]?.values).toEqual([{ target: '3.seed', value: 3 }]);

    const done = await jobs.batches.run(batch.id, { window: 3, signal: new AbortController().signal });
    expect(done).toMatchObject({ succeeded: 12, failed: 0, inFlight: 0, pending: 0, total: 12 });
    expect(inFlightAtSend).toHaveLength(12);
    expect(Math.max(...inFlightAtSend)).toBeLessThanOrEqual(2);
    expect(sim.control.stats().jobs.total).toBe(12);
    // On serverless the service's own list can be filtered by the batch.
    const item = store.batchItems.listForBatch(batch.id).rows[5];
    expect(item?.request).toMatchObject({ metadata: { 'loupe.batch': batch.id, 'loupe.item': '5' } });
  });

  it('a full queue (429 queue_full) waits and narrows the window; no item fails', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'managed', faults: { queueFull: { retryAfterSeconds: 1 } } },
    });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'managed', newId },
      { name: 'q', plan: {} },
      seeds(4),
    );
    // Managed refuses labels: none were recorded to send.
    expect(store.batchItems.listForBatch(batch.id).rows[0]?.request).not.toHaveProperty('metadata');
    const windows: number[] = [];
    const waits: { reason: string; aheadMs: number }[] = [];
    setTimeout(() => sim.control.clearFaults(), 1_500);
    const done = await jobs.batches.run(batch.id, {
      window: 4,
      signal: new AbortController().signal,
      onProgress: (progress) => {
        windows.push(progress.window);
        if (progress.waiting !== null)
          waits.push({ reason: progress.waiting.reason, aheadMs: progress.waiting.retryAt - Date.now() });
      },
    });
    expect(done).toMatchObject({ succeeded: 4, failed: 0, waiting: null });
    expect(Math.min(...windows)).toBeLessThan(4);
    // While it waited, each round said why and until when (Retry-After: 1 s from the refusal).
    expect(waits.length).toBeGreaterThan(0);
    expect(new Set(waits.map((wait) => wait.reason))).toEqual(new Set(['queue_full']));
    expect(Math.max(...waits.map((wait) => wait.aheadMs))).toBeLessThanOrEqual(1_000);
    expect(sim.control.stats().jobs.total).toBe(4);
  });

  it('a locked keychain waits like a full queue: nothing is sent without the key, no item fails', async () => {
    let locked = true;
    const keyReads: boolean[] = [];
    fixture = await jobsFixture({
      sim: { surface: 'managed' },
      wrapCredential: (read) => () => {
        keyReads.push(locked);
        return locked
          ? Promise.reject(new DomainError('keychain_unavailable', 'Unlock or start the keychain.'))
          : read();
      },
    });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'managed', newId },
      { name: 'locked', plan: {} },
      seeds(3),
    );
    const keys = store.batchItems.listForBatch(batch.id).rows.map((item) => item.idempotencyKey);
    setTimeout(() => (locked = false), 1_000);
    const done = await jobs.batches.run(batch.id, { window: 3, signal: new AbortController().signal });
    expect(done).toMatchObject({ succeeded: 3, failed: 0, pending: 0 });
    expect(keyReads).toContain(true); // it did meet the lock
    expect(sim.control.stats().jobs.total).toBe(3);
    // Each item went once, under the key it was recorded with.
    expect(store.batchItems.listForBatch(batch.id).rows.map((item) => item.idempotencyKey)).toEqual(keys);
    const posts = (await fixture.requests(/\/api\/v2\/jobs$/)).filter((r) => r.method === 'POST');
    expect(posts.map((post) => post.credentials)).toEqual([true, true, true]);
  });

  it('a Retry-After of a day holds sending back five minutes at most, and the run stops when asked', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'managed', faults: { queueFull: { retryAfterSeconds: 86_400 } } },
    });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'managed', newId },
      { name: 'day', plan: {} },
      seeds(1),
    );
    const stop = new AbortController();
    let aheadMs: number | null = null;
    const run = jobs.batches.run(batch.id, {
      window: 1,
      signal: stop.signal,
      onProgress: (progress) => {
        if (progress.waiting === null || aheadMs !== null) return;
        aheadMs = progress.waiting.retryAt - Date.now();
        stop.abort();
      },
    });
    await expect(run).rejects.toThrow();
    expect(aheadMs).not.toBeNull();
    expect(aheadMs!).toBeGreaterThan(4 * 60_000);
    expect(aheadMs!).toBeLessThanOrEqual(5 * 60_000);
    // Nothing failed: the item waits to be sent again under its key.
    expect(store.batchItems.listForBatch(batch.id).rows.map((item) => item.state)).toEqual(['pending']);
  });

  it('batches.sending says a run held back by a locked keychain waits for it, until it is unlocked', async () => {
    let locked = true;
    fixture = await jobsFixture({
      sim: { surface: 'managed' },
      wrapCredential: (read) => () =>
        locked
          ? Promise.reject(new DomainError('keychain_unavailable', 'Unlock or start the keychain.'))
          : read(),
    });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'managed', newId },
      { name: 'locked', plan: {} },
      seeds(2),
    );
    // What the profile's work line is told each time it may have changed: the batches waiting of those sending.
    const told: string[] = [];
    const senders = new BatchSenders(
      jobs.batches,
      store,
      () => undefined,
      'test-owner',
      () => told.push(`${senders.waitingCount()} of ${senders.sendingCount()}`),
    );
    try {
      senders.start(batch.id, 2);
      await expect
        .poll(() => senders.describe(batch.id).waiting?.reason, { timeout: 10_000 })
        .toBe('keychain_locked');
      const said = senders.describe(batch.id);
      expect(said.state).toBe('sending');
      expect(said.waiting?.retryAt).toBeGreaterThan(Date.now());
      expect(sim.control.stats().jobs.total).toBe(0);
      expect(told.at(-1)).toBe('1 of 1');
      locked = false;
      await expect.poll(() => senders.describe(batch.id).state, { timeout: 20_000 }).toBe('idle');
      expect(senders.describe(batch.id).waiting).toBeNull();
      // Started, waiting, sending again, ended: each turn told once.
      expect(told).toEqual(['0 of 1', '1 of 1', '0 of 1', '0 of 0']);
      expect(sim.control.stats().jobs.total).toBe(2);
    } finally {
      await senders.dispose();
    }
  });

  it('cancel stops sending and cancels what is queued or running; a new run sends nothing', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'c', plan: {} },
      seeds(6, 400),
    );
    const controller = new AbortController();
    const running = jobs.batches.run(batch.id, { window: 2, signal: controller.signal });
    while (sim.control.stats().jobs.total < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    // Jobs already made are asked to stop at once; one whose answer was still on its way is stopped on arrival.
    expect(await jobs.batches.cancel(batch.id)).toBeGreaterThanOrEqual(1);
    const ended = await running;
    expect(ended.pending).toBe(4);
    expect(ended.canceled).toBe(2);
    expect(sim.control.stats().jobs.total).toBe(2);
    expect(store.batches.get(batch.id)?.canceledAt).not.toBeNull();
    const again = await jobs.batches.run(batch.id, { window: 2, signal: new AbortController().signal });
    expect(again.pending).toBe(4);
    expect(sim.control.stats().jobs.total).toBe(2);
  });

  it('a watcher stopped under a run (the profile’s address changed) ends the run with why, not a wait forever', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'long', plan: {} },
      seeds(3, 400),
    );
    const running = jobs.batches.run(batch.id, { window: 2, signal: new AbortController().signal });
    while (sim.control.stats().jobs.total < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await expect.poll(() => jobs.batches.progressOf(batch.id).inFlight).toBe(2);
    jobs.watcher.dispose(new DomainError('profile_changed', 'This profile’s address changed.'));
    await expect(running).rejects.toMatchObject({ code: 'profile_changed' });
    // What was sent is recorded and keeps running on the service; the third item was never sent.
    expect(store.batchItems.listForBatch(batch.id).rows.map((item) => item.state)).toEqual([
      'created',
      'created',
      'pending',
    ]);
  });

  it('a job handed to a watcher already stopped ends the run with why (released without a word)', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'late', plan: {} },
      seeds(1),
    );
    const running = jobs.batches.run(batch.id, { window: 1, signal: new AbortController().signal });
    // The POST is on its way; the watcher is stopped before the answer comes (an idle release is silent).
    jobs.watcher.dispose();
    await expect(running).rejects.toMatchObject({ code: 'watching_stopped' });
    expect(store.batchItems.listForBatch(batch.id).rows[0]?.state).toBe('created');
  });

  /**
   * Two long jobs in flight (one running, one queued behind it) on a simulator with a 60 s retention; then its
   * clock passes their deadline, and Loupe's with it when `loupeClockToo`. Resolves to the run under way.
   */
  async function twoJobsPastRetention(loupeClockToo: boolean) {
    let shiftMs = 0;
    fixture = await jobsFixture({
      sim: { surface: 'serverless', timing: { retentionMs: 60_000, stepMs: 10 } },
      timers: { ...systemTimers, now: () => Date.now() + shiftMs },
    });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'past retention', plan: {} },
      seeds(2, 500),
    );
    const running = jobs.batches.run(batch.id, { window: 2, signal: new AbortController().signal });
    await expect.poll(() => sim.control.jobs().some((job) => job.status === 'running')).toBe(true);
    await expect.poll(() => jobs.batches.progressOf(batch.id).inFlight).toBe(2);
    await expect
      .poll(() => store.jobs.list(profileId).rows.every((row) => row.snapshot?.expires_at !== undefined))
      .toBe(true);
    sim.control.advanceClock(61_000);
    if (loupeClockToo) shiftMs = 61_000;
    return { fixture, batch, running };
  }

  it('a job the service forgets while Loupe’s clock says its deadline is still ahead (404) is counted as not told; the run ends', async () => {
    const {
      fixture: { store, sim, profileId },
      batch,
      running,
    } = await twoJobsPastRetention(false);
    await expect(running).resolves.toMatchObject({ unknown: 2, inFlight: 0, succeeded: 0 });
    // The items keep their jobs: nothing is sent again.
    expect(store.batchItems.listForBatch(batch.id).rows.map((item) => item.state)).toEqual([
      'created',
      'created',
    ]);
    expect(sim.control.stats().jobs.total).toBe(2);
    // And so they stay after a restart: the store counts them unknown, not running, and resumes neither.
    expect(store.batchItems.positionsForBatch(batch.id).rows.map((item) => item.jobStatus)).toEqual([
      'unknown',
      'unknown',
    ]);
    expect(store.jobs.list(profileId, { openOnly: true }).rows).toEqual([]);
  });

  it('a job past the deadline its last read gave, on Loupe’s clock too, ends expired: counted, stored, never polled again', async () => {
    const {
      fixture: { store, profileId, jobs, sim },
      batch,
      running,
    } = await twoJobsPastRetention(true);
    await expect(running).resolves.toMatchObject({ failed: 2, unknown: 0, inFlight: 0 });
    await expect
      .poll(() => store.jobs.list(profileId).rows.map((row) => row.status))
      .toEqual(['expired', 'expired']);
    // Ended: a restart resumes neither, and the batch's page counts them as it counted them here.
    expect(store.jobs.list(profileId, { openOnly: true }).rows).toEqual([]);
    expect(jobs.batches.progressOf(batch.id)).toMatchObject({ failed: 2, inFlight: 0 });
    expect(sim.control.stats().jobs.total).toBe(2);
  });

  it('takes up items a killed sender left sent, under their own keys, without a second job', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'k', plan: {} },
      seeds(3),
    );
    const [first] = store.batchItems.listForBatch(batch.id).rows;
    if (first === undefined) throw new Error('no item');
    // What a sender killed right after its POST left: the item marked sent, the job made, no answer stored.
    store.batchItems.markSent(first.id);
    const made = await fetch(`${sim.url}/api/v2/jobs`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer demo-key',
        'content-type': 'application/json',
        'idempotency-key': first.idempotencyKey,
      },
      body: JSON.stringify(first.request),
    });
    expect(made.status).toBe(201);
    const done = await jobs.batches.run(batch.id, { window: 3, signal: new AbortController().signal });
    expect(done).toMatchObject({ succeeded: 3, unknown: 0 });
    expect(sim.control.stats().jobs.total).toBe(3);
    const firstJob = ((await made.json()) as { id: string }).id;
    expect(store.batchItems.get(first.id)).toMatchObject({ state: 'created', jobId: firstJob });
  });

  it("a planned batch is not the crash resumer's: only the runner sends it, a window at a time", async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'p', plan: {} },
      seeds(3),
    );
    const [first] = store.batchItems.listForBatch(batch.id).rows;
    store.batchItems.markSent(first?.id ?? '');
    expect(store.batchItems.listResumable(profileId).rows).toEqual([]);
  });

  it('automatic retry (opt-in) sends a transient failure again up to K attempts, never a workflow error', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, profileId, jobs, sim } = fixture;
    const batch = recordPlannedBatch(
      { store, profileId, surface: 'serverless', newId },
      { name: 'r', plan: {} },
      [
        { values: [{ target: '2.after', value: 'crash' }], workflow: crashingWorkflow() },
        {
          values: [{ target: '2.message', value: 'bad' }],
          workflow: failingWorkflow('ValueError: bad input'),
        },
      ],
    );
    const done = await jobs.batches.run(batch.id, {
      window: 2,
      signal: new AbortController().signal,
      autoRetry: 3,
    });
    expect(done).toMatchObject({ failed: 2, total: 2 });
    // The crash (worker lost) was tried three times; the workflow error once.
    expect(sim.control.stats().jobs.total).toBe(4);
    const [crashed] = store.batchItems.listForBatch(batch.id).rows;
    expect(crashed?.retryOfJob).not.toBeNull();
  });
});
