// Through core, against the simulator: jobs Loupe only saw listed (submitted behind its back) are listed by
// their ids at first; once the backlog has read them into the library, jobs.updates renames their rows by
// their prompts, so a window's list no longer shows UUIDs until its next read (there may be none).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobListPageSchema, type JobSummary } from '../../../src-shared/contracts/jobs';
import { textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../../simulator/server';
import { client, startFast } from '../../simulator/testing/testKit';
import { callOk, connectCore, createTestCore, type TestCore } from '../app/testing/testCore';

const PROMPTS = ['isometric city block at dusk', 'a heron standing in reeds'];

let sim: RunningSimulator;
let core: TestCore;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
  const api = client(sim.url, 'demo-key');
  for (const [i, prompt] of PROMPTS.entries()) {
    const answer = await api.post('/api/v2/jobs', {
      workflow: textToImageWorkflow({ prompt, seed: i, steps: 1 }),
    });
    expect(answer.status).toBe(201);
  }
  for (let waited = 0; sim.control.jobs().some((job) => job.status !== 'succeeded'); waited += 50) {
    if (waited > 10_000) throw new Error('the simulator did not finish its jobs');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  core = await createTestCore({ library: { backlogPerSecond: 20 } });
});
afterAll(async () => {
  await core.dispose();
  await sim.close();
});

it('renames a listed job’s row by its prompt once the library has read it', async () => {
  const profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
  const updates: JobSummary[] = [];
  const subscribed = core.dispatcher.subscribe({}, 'jobs.updates', 'named-rows', { profileId }, (message) => {
    if (message.type === 'event') updates.push(...(message.event as { jobs: JobSummary[] }).jobs);
  });
  expect(subscribed.ok).toBe(true);

  const first = jobListPageSchema.parse(await callOk(core, 'jobs.list', { profileId }));
  expect(first.jobs).toHaveLength(PROMPTS.length);
  // Listed before anything was read: no names yet.
  expect(first.jobs.map((job) => job.title ?? null)).toEqual([null, null]);

  const titleOf = (id: string) => updates.filter((row) => row.id === id && row.title != null).at(-1)?.title;
  for (const job of first.jobs) {
    await expect.poll(() => titleOf(job.id), { timeout: 15_000 }).toMatch(/^(isometric city block|a heron)/);
  }
  expect(new Set(first.jobs.map((job) => titleOf(job.id)))).toEqual(new Set(PROMPTS));
  // And the list's next read agrees.
  const again = jobListPageSchema.parse(await callOk(core, 'jobs.list', { profileId }));
  expect(new Set(again.jobs.map((job) => job.title))).toEqual(new Set(PROMPTS));
});
