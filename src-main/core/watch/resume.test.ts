// After a restart the watcher picks up what was in flight: jobs the store remembers without a terminal
// status are refreshed (by the list, not one GET each) and their final state lands in the store.
import { expect, it } from 'vitest';
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

/**
 * `count` jobs submitted (oldest first), then a "quit" while they run: the first runtime stops watching, and
 * the store still says they are in flight.
 */
async function inFlightAtQuit(count: number): Promise<{ started: JobsFixture; ids: string[] }> {
  const started = await jobsFixture({ sim: { surface: 'serverless', workers: 4, timing: { stepMs: 5 } } });
  runs.fixture = started;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const workflowJson = JSON.stringify(textToImageWorkflow({ steps: 40, seed: i }));
    ids.push((await started.jobs.service.submit({ workflowJson })).id);
  }
  await started.jobs.dispose();
  expect(ids.every((id) => started.store.jobs.get('p1', id)?.terminalAt === null)).toBe(true);
  return { started, ids };
}

it('resumes the jobs in flight at the last quit and records how they ended', async () => {
  const { started, ids } = await inFlightAtQuit(4);

  await clearSimRequests(started.sim);
  runs.restarted = createProfileJobs('p1', connectionTo(started.sim), started.store, { watch: fastWatch });
  expect(runs.restarted.watcher.stats().tracked).toBe(4);
  await until(() =>
    ids.every((id) => started.store.jobs.get('p1', id)?.status === 'succeeded') ? true : null,
  );
  const reads = (await started.requests()).filter((request) =>
    ids.some((id) => request.path === `/api/v2/jobs/${id}`),
  );
  // The list carried them while there were many; a final read each (outputs, timings), and a GET or so
  // for the last few (fewer than the list threshold are cheaper to read one by one).
  expect(reads.length).toBeLessThanOrEqual(ids.length * 2);
  expect((await started.requests(/\/api\/v2\/jobs$/)).some((request) => request.method === 'GET')).toBe(true);
});

it('beyond its resume limit it takes up the rest, newest first, as the ones it follows end', async () => {
  const { started, ids } = await inFlightAtQuit(7);

  const followed: number[] = [];
  runs.restarted = createProfileJobs('p1', connectionTo(started.sim), started.store, {
    watch: { ...fastWatch, resumeLimit: 2 },
  });
  // Two at the start, the newest; never more than two open ones at once.
  expect(runs.restarted.watcher.stats().inFlight).toBe(2);
  const newestTwo = ids.slice(-2);
  expect(newestTwo.every((id) => runs.restarted!.watcher.wireOf(id) !== null)).toBe(true);
  await until(() => {
    followed.push(runs.restarted!.watcher.stats().inFlight);
    return ids.every((id) => started.store.jobs.get('p1', id)?.status === 'succeeded') ? true : null;
  });
  expect(Math.max(...followed)).toBeLessThanOrEqual(2);
});
