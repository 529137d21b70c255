// A job the service forgets while it runs (a local proxy restarted and lost its queue; the key is now another
// account's): its 404 comes before any retention deadline Loupe knows, so how it ended cannot be known. It
// reads 'unknown' with when the service said so, in the row, the list and the store, and a restart does not
// take it up again (before, the store kept it running for good and every start read it once more).
import { expect, it } from 'vitest';
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import type { WatchConfig } from './config';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { connectionTo } from '../api/testing/conformance/simulatorHarness';
import { createProfileJobs } from '../jobs/profileJobs';
import {
  clearSimRequests,
  fastWatch,
  disposedAfterEach,
  jobsFixture,
  until,
  type JobsFixture,
} from '../jobs/testing/conformance/jobsHarness';

const runs = disposedAfterEach();

/** A job of `steps` steps sent and seen running, with every row the watcher told of from the start. */
async function runningJob(
  steps: number,
  watch: Partial<WatchConfig> = {},
): Promise<{ started: JobsFixture; jobId: string; rows: JobSummary[] }> {
  const started = await jobsFixture({ sim: { surface: 'serverless', timing: { stepMs: 20 } }, watch });
  runs.fixture = started;
  const rows: JobSummary[] = [];
  started.jobs.watcher.onUpdates((changed) => rows.push(...changed));
  const workflowJson = JSON.stringify(textToImageWorkflow({ steps }));
  const jobId = (await started.jobs.service.submit({ workflowJson })).id;
  await until(() => (started.store.jobs.get('p1', jobId)?.status === 'running' ? true : null));
  return { started, jobId, rows };
}

/** A long job running, then the service restarted with nothing: Loupe's next read of the job is a 404. */
async function forgottenWhileRunning(): Promise<{ started: JobsFixture; jobId: string; rows: JobSummary[] }> {
  const running = await runningJob(5_000);
  running.started.sim.control.reset();
  await until(() => running.started.store.jobs.get('p1', running.jobId)?.goneAt ?? null);
  return running;
}

it('a job the service forgets while it runs reads unknown, with when, in its row, the list and the store', async () => {
  const { started, jobId, rows } = await forgottenWhileRunning();

  const stored = started.store.jobs.get('p1', jobId);
  // The store keeps the last status the service gave, never an end it did not give.
  expect(stored).toMatchObject({ status: 'running', terminalAt: null });
  const goneAt = stored?.goneAt ?? '';
  expect(Number.isFinite(Date.parse(goneAt))).toBe(true);
  await until(() => (rows.some((row) => row.id === jobId && row.status === 'unknown') ? true : null));
  expect(rows.filter((row) => row.id === jobId).at(-1)).toMatchObject({
    status: 'unknown',
    rawStatus: 'running',
    goneAt,
  });
  const listed = (await started.jobs.service.list({})).jobs.find((job) => job.id === jobId);
  expect(listed).toMatchObject({ status: 'unknown', rawStatus: 'running', goneAt });
  // Not followed any more, and not work that keeps the profile busy.
  expect(started.jobs.watcher.stats().inFlight).toBe(0);
  expect(started.store.jobs.list('p1', { openOnly: true }).rows).toEqual([]);
});

it('a restart does not read a forgotten job again; the list still says what became of it', async () => {
  const { started, jobId } = await forgottenWhileRunning();
  await started.jobs.dispose();

  await clearSimRequests(started.sim);
  runs.restarted = createProfileJobs('p1', connectionTo(started.sim), started.store, { watch: fastWatch });
  expect(runs.restarted.watcher.stats().tracked).toBe(0);
  const listed = (await runs.restarted.service.list({})).jobs.find((job) => job.id === jobId);
  expect(listed).toMatchObject({ status: 'unknown', rawStatus: 'running' });
  // Several of the fast watcher's ticks and polls: nothing asks for the job.
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await started.requests(new RegExp(`/api/v2/jobs/${jobId}`))).toEqual([]);
});

it('a job that ended before the service forgot it keeps its end', async () => {
  const started = await jobsFixture({ sim: { surface: 'serverless', timing: { stepMs: 1 } } });
  runs.fixture = started;
  const workflowJson = JSON.stringify(textToImageWorkflow({ steps: 4 }));
  const jobId = (await started.jobs.service.submit({ workflowJson })).id;
  await until(() => (started.store.jobs.get('p1', jobId)?.status === 'succeeded' ? true : null));
  started.sim.control.reset();
  // A 404 now (a window opening it) changes nothing about an end already read.
  expect(started.store.jobs.markGone('p1', jobId)).toBe(false);
  expect(started.store.jobs.get('p1', jobId)).toMatchObject({ status: 'succeeded', goneAt: null });
});

it('opened by id after the service forgot it, a job reads as Loupe last had it, noted gone; a job Loupe never knew is refused', async () => {
  const { started, jobId } = await forgottenWhileRunning();
  await started.jobs.dispose();
  runs.restarted = createProfileJobs('p1', connectionTo(started.sim), started.store, { watch: fastWatch });

  await expect(runs.restarted.service.get(jobId)).resolves.toMatchObject({
    id: jobId,
    status: 'unknown',
    rawStatus: 'running',
    goneAt: started.store.jobs.get('p1', jobId)?.goneAt,
    submittedByUs: true,
  });
  // Read once, and not followed after: nothing more will come of it.
  expect(runs.restarted.watcher.stats().tracked).toBe(0);
  await expect(runs.restarted.service.get('never-seen')).rejects.toMatchObject({
    status: 404,
    code: 'not_found',
  });
});

it('a job left open in the store and opened by id reads as Loupe had it, then gone once a second read confirms the 404', async () => {
  const started = await jobsFixture({ sim: { surface: 'serverless' }, watch: { goneConfirmMs: 400 } });
  runs.fixture = started;
  const rows: JobSummary[] = [];
  started.jobs.watcher.onUpdates((changed) => rows.push(...changed));
  // What a quit left: a job Loupe remembers running, on a service that has since restarted empty.
  started.store.jobs.upsertSnapshot('p1', { id: 'left-open', status: 'running' });
  const openedAt = Date.now();
  await expect(started.jobs.service.get('left-open')).resolves.toMatchObject({ status: 'running' });
  expect(started.store.jobs.get('p1', 'left-open')?.goneAt).toBeNull();

  await until(() => started.store.jobs.get('p1', 'left-open')?.goneAt ?? null);
  expect(Date.now() - openedAt).toBeGreaterThanOrEqual(400);
  expect(started.store.jobs.list('p1', { openOnly: true }).rows).toEqual([]);
  // The window is told: the row now reads unknown, with when.
  await until(() => (rows.some((row) => row.id === 'left-open' && row.status === 'unknown') ? true : null));
  // Two reads of it in all: the 404 of the open, and the one that confirmed it.
  const reads = await started.requests(/^\/api\/v2\/jobs\/left-open$/);
  expect(reads.map((read) => read.status)).toEqual([404, 404]);
});

it('a job noted gone that the service lists after all (the 404 was passing) takes its end from the list', async () => {
  const started = await jobsFixture({ sim: { surface: 'serverless', timing: { stepMs: 5 } } });
  runs.fixture = started;
  const workflowJson = JSON.stringify(textToImageWorkflow({ steps: 40 }));
  const jobId = (await started.jobs.service.submit({ workflowJson })).id;
  await started.jobs.dispose();
  // A 404 noted while it ran; the job went on to its end on the service all the same.
  expect(started.store.jobs.markGone('p1', jobId)).toBe(true);
  await until(() =>
    started.sim.control.jobs().find((job) => job.id === jobId)?.status === 'succeeded' ? true : null,
  );

  runs.restarted = createProfileJobs('p1', connectionTo(started.sim), started.store, { watch: fastWatch });
  const listed = (await runs.restarted.service.list({})).jobs.find((job) => job.id === jobId);
  expect(listed).toMatchObject({ status: 'succeeded' });
  expect(listed?.goneAt).toBeUndefined();
  await until(() => (started.store.jobs.get('p1', jobId)?.status === 'succeeded' ? true : null));
  expect(started.store.jobs.get('p1', jobId)).toMatchObject({ goneAt: null });
  expect(started.store.jobs.get('p1', jobId)?.terminalAt).not.toBeNull();
});

it('a passing 404 (one read answers 404, the next the job) ends nothing: the job runs on to its end', async () => {
  const { started, jobId, rows } = await runningJob(30);
  // A node that has not heard of the job yet: its next answer about the job is a 404, then it knows it again.
  started.sim.control.setFaults({ jobNotFound: { count: 1 } });
  await until(() => (started.store.jobs.get('p1', jobId)?.status === 'succeeded' ? true : null));

  const reads = await started.requests(new RegExp(`^/api/v2/jobs/${jobId}$`));
  expect(reads.filter((read) => read.status === 404)).toHaveLength(1);
  expect(started.store.jobs.get('p1', jobId)).toMatchObject({ goneAt: null });
  expect(started.store.jobs.get('p1', jobId)?.terminalAt).not.toBeNull();
  expect(rows.filter((row) => row.id === jobId && row.status === 'unknown')).toEqual([]);
  expect(rows.filter((row) => row.id === jobId).at(-1)).toMatchObject({ status: 'succeeded' });
});

it('a 404 confirmed by a read goneConfirmMs later notes the job gone, not before', async () => {
  const { started, jobId } = await runningJob(5_000, { goneConfirmMs: 600 });
  const firstMissAt = Date.now();
  started.sim.control.setFaults({ jobNotFound: true });
  await until(() => started.store.jobs.get('p1', jobId)?.goneAt ?? null);
  expect(Date.now() - firstMissAt).toBeGreaterThanOrEqual(600);
  // One read to see the 404, one to confirm it: not a read every 40 ms in between.
  const misses = (await started.requests(new RegExp(`^/api/v2/jobs/${jobId}$`))).filter(
    (r) => r.status === 404,
  );
  expect(misses.length).toBeGreaterThanOrEqual(2);
  expect(misses.length).toBeLessThanOrEqual(3);
});

it('a job opened by id during a passing 404 reads as Loupe had it and runs on to its end', async () => {
  const { started, jobId } = await runningJob(30);
  started.sim.control.setFaults({ jobNotFound: { count: 1 } });
  const opened = await started.jobs.service.get(jobId);
  expect(opened).toMatchObject({ id: jobId, status: 'running' });
  expect(opened.goneAt).toBeUndefined();
  await until(() => (started.store.jobs.get('p1', jobId)?.status === 'succeeded' ? true : null));
  expect(started.store.jobs.get('p1', jobId)).toMatchObject({ goneAt: null });
});
