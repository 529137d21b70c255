// One runtime per profile, kept while it has work: a batch on one profile sends to its end while a window
// follows another, each simulator sees only its own profile's jobs, and runtimes without work are released.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import { recordPlannedBatch } from '../outbox';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { connectionTo, startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir } from '../store/testing/tempDir';
import type { ProfileChange } from '../profiles';
import { fastWatch } from './testing/conformance/jobsHarness';
import { ProfileRuntimes } from './profileRuntimes';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(profileCount: number, options: { discoverMs?: number } = {}) {
  const dir = makeTempDir('loupe-runtimes-');
  const store = openStore(dir.file('loupe.db'));
  cleanups.push(
    () => dir.remove(),
    () => store.close(),
  );
  const sims: RunningSimulator[] = [];
  for (let i = 0; i < profileCount; i++) {
    const sim = await startFast({ surface: 'serverless' });
    cleanups.push(() => sim.close());
    sims.push(sim);
    store.profiles.insert({
      id: `p${i}`,
      name: `P${i}`,
      surface: 'serverless',
      baseUrl: sim.url,
      routerBaseUrl: null,
      builtIn: null,
    });
  }
  const listeners = new Set<(change: ProfileChange) => void>();
  let clock = 0;
  const runtimes = new ProfileRuntimes({
    profiles: {
      exists: (id) => store.profiles.get(id) !== null,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    connect: (profileId) => Promise.resolve(connectionTo(sims[Number(profileId.slice(1))]!)),
    store,
    watch: fastWatch,
    idleMs: 1_000,
    sweepMs: 60_000,
    ...options,
    now: () => clock,
  });
  cleanups.push(() => runtimes.dispose());
  return { store, sims, runtimes, advance: (ms: number) => (clock += ms) };
}

function batchOn(store: LoupeStore, profileId: string, count: number) {
  return recordPlannedBatch(
    {
      store,
      profileId,
      surface: 'serverless',
      newId: () => `${profileId}-${Math.random().toString(36).slice(2)}`,
    },
    { name: 'sweep', plan: { axes: ['3.seed'] } },
    Array.from({ length: count }, (_, seed) => ({
      values: [{ target: '3.seed', value: seed }],
      workflow: textToImageWorkflow({ seed, steps: 3 }),
    })),
  );
}

describe('ProfileRuntimes', () => {
  it('sends a batch on one profile to its end while the window follows another; each service sees only its own', async () => {
    const { store, sims, runtimes, advance } = await setup(2);
    const batch = batchOn(store, 'p0', 12);
    const a = await runtimes.runtime('p0');
    a.senders.start(batch.id, 3);
    // The window now follows profile B and submits there.
    const heard: number[] = [];
    const stop = runtimes.updates('p1', (rows) => heard.push(rows.length));
    const b = await runtimes.runtime('p1');
    await b.service.submit({ workflowJson: JSON.stringify(textToImageWorkflow({ seed: 99, steps: 2 })) });
    // A is not followed by any window, but has work: it is never released while it sends.
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(0);
    expect(runtimes.work().find((w) => w.profileId === 'p0')?.batchesSending).toBe(1);
    await expect.poll(() => a.batches.progressOf(batch.id).succeeded, { timeout: 15_000 }).toBe(12);
    expect(sims[0]!.control.jobs()).toHaveLength(12);
    expect(sims[1]!.control.jobs()).toHaveLength(1);
    stop();
    // Once A's work is over and B is no longer followed, both are released.
    await expect.poll(() => a.senders.sendingCount(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => b.watcher.stats().ownInFlight, { timeout: 5_000 }).toBe(0);
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(2);
    expect(runtimes.live()).toEqual([]);
  });

  it('a batch run on the runtime itself (as the CLI sends) keeps it, between one job’s end and the next send too', async () => {
    const { store, sims, runtimes, advance } = await setup(1);
    const batch = batchOn(store, 'p0', 3);
    const a = await runtimes.runtime('p0');
    // Window 1: each job ends before the next item leaves. Right now the first item's POST is on its way, so
    // no job of Loupe's own is in flight and no app sender counts it: only the run itself is work.
    const running = a.batches.run(batch.id, { window: 1, signal: new AbortController().signal });
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(0);
    // Between the first job's end and the second send, likewise (the moment a CI run once stalled in).
    await expect.poll(() => a.batches.progressOf(batch.id).succeeded, { timeout: 10_000 }).toBe(1);
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(0);
    await expect(running).resolves.toMatchObject({ succeeded: 3, inFlight: 0 });
    expect(sims[0]!.control.jobs()).toHaveLength(3);
    // Its work over, it is released like any other.
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(1);
  });

  it('a single submission or retry on its way keeps the runtime until its job is followed', async () => {
    const { store, runtimes, advance } = await setup(1);
    const a = await runtimes.runtime('p0');
    const submitted = a.service.submit({
      workflowJson: JSON.stringify(textToImageWorkflow({ seed: 5, steps: 2 })),
    });
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(0);
    const job = await submitted;
    // Followed to its end by a live watcher: the record learns it succeeded (a released one would leave it queued).
    await expect.poll(() => store.jobs.get('p0', job.id)?.status, { timeout: 10_000 }).toBe('succeeded');

    // A retry likewise, from the moment it reads the job's workflow back.
    await expect.poll(() => a.watcher.stats().ownInFlight, { timeout: 5_000 }).toBe(0);
    const retried = a.service.retry(job.id);
    advance(10_000);
    expect(runtimes.releaseIdle()).toBe(0);
    const second = await retried;
    await expect.poll(() => store.jobs.get('p0', second.id)?.status, { timeout: 10_000 }).toBe('succeeded');
  });

  it('visiting twenty profiles leaves only the runtimes with work', async () => {
    const { runtimes, advance, store } = await setup(20);
    const batch = batchOn(store, 'p7', 40);
    (await runtimes.runtime('p7')).senders.start(batch.id, 1);
    for (let i = 0; i < 20; i++) {
      const stop = runtimes.updates(`p${i}`, () => undefined);
      await runtimes.runtime(`p${i}`);
      stop();
    }
    expect(runtimes.live()).toHaveLength(20);
    advance(10_000);
    runtimes.releaseIdle();
    expect(runtimes.live()).toEqual(['p7']);
  });

  it('refuses a profile that does not exist', async () => {
    const { runtimes } = await setup(1);
    await expect(runtimes.runtime('nope')).rejects.toMatchObject({ code: 'profile_not_found' });
  });

  it('counts Loupe’s own failures per profile until the profile is looked at', async () => {
    const { runtimes } = await setup(1);
    const a = await runtimes.runtime('p0');
    const { failingWorkflow } = await import('../../simulator/jobs/sampleWorkflows');
    await a.service.submit({ workflowJson: JSON.stringify(failingWorkflow()) });
    await expect
      .poll(() => runtimes.work().find((w) => w.profileId === 'p0')?.failuresSinceLooked, { timeout: 10_000 })
      .toBe(1);
    runtimes.markLooked('p0');
    expect(runtimes.work().find((w) => w.profileId === 'p0')?.failuresSinceLooked).toBe(0);
  });

  it('tells a window following a profile of jobs sent there by someone else, and reads nothing once none follows', async () => {
    const { sims, runtimes } = await setup(1, { discoverMs: 100 });
    const sim = sims[0]!;
    const lists = () =>
      sim.control.requests().filter((r) => r.method === 'GET' && r.path === '/api/v2/jobs').length;
    // Nobody follows the profile: no list is read for it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lists()).toBe(0);
    const heard: JobSummary[] = [];
    const stop = runtimes.updates('p0', (rows) => heard.push(...rows));
    // Sent behind Loupe's back (the service's own UI, a script): Loupe never submitted or listed it.
    const sent = await fetch(`${sim.url}/api/v2/jobs`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
      body: JSON.stringify({ workflow: textToImageWorkflow({ seed: 5, steps: 2 }) }),
    });
    const { id } = z.object({ id: z.string() }).parse(await sent.json());
    await expect.poll(() => heard.some((row) => row.id === id), { timeout: 5_000 }).toBe(true);
    expect(heard.find((row) => row.id === id)?.submittedByUs).toBe(false);
    // It is followed to its end like any listed job.
    await expect
      .poll(() => heard.filter((row) => row.id === id).at(-1)?.status, { timeout: 10_000 })
      .toBe('succeeded');
    // A row is told again only when its status moves: the reads in between tell nothing new.
    const toldBefore = heard.length;
    const readsBefore = lists();
    await expect.poll(lists, { timeout: 5_000 }).toBeGreaterThan(readsBefore + 2);
    expect(heard.length).toBe(toldBefore);
    stop();
    const readsAtStop = lists();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lists()).toBeLessThanOrEqual(readsAtStop + 1);
  });
});
