// The batch crash test in the browser shell (issue 12): the real shell process (out/main/web.js) sends a
// batch and is killed with SIGKILL at several points of the send (crashPlan.ts: 100 items at three points in
// `npm test`, 300 at five nightly); each next launch on the same data directory takes it up again; in the end
// the simulator holds exactly one job per item.
// The contract is spoken over the shell's own WebSocket, with its launch token and Origin, as its page would.
import { z } from 'zod';
import { batchSendingSchema } from '../src-shared/contracts/batches';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { contractOf, finishedBatch } from './support/contractSocket';
import { launchesFixture, type Launches } from './support/launches';
import { startSimulator } from '../src-main/simulator/server';
import { crashPlan } from '../src-main/simulator/testing/crashPlan';
import {
  DEMO_KEY,
  e2eTiming,
  expect,
  jobPosts,
  test as base,
  type RunningSimulator,
} from './support/simulator';
import { stopWebShell, type WebShell } from './webShell';

// A simulator with workers enough that 300 one-step jobs run in seconds: what is tested is the sending.
const test = base.extend<{ launches: Launches; busySimulator: RunningSimulator }>({
  ...launchesFixture,
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  busySimulator: async ({}, use) => {
    const simulator = await startSimulator({ surface: 'serverless', workers: 32, timing: e2eTiming });
    await use(simulator);
    await simulator.close();
  },
});

/** Kills the shell with SIGKILL once the service has seen `count` submissions. */
async function killAt(shell: WebShell, simulator: RunningSimulator, count: number): Promise<void> {
  await expect
    .poll(() => jobPosts(simulator), { timeout: 60_000, intervals: [5] })
    .toBeGreaterThanOrEqual(count);
  await stopWebShell(shell, 'SIGKILL');
}

test(`a ${crashPlan.items}-item batch whose shell is SIGKILLed at ${crashPlan.killAt.length} points ends with exactly one job per item`, async ({
  launches,
  busySimulator: simulator,
}) => {
  test.setTimeout(180_000);
  let shell = await launches.start();
  let contract = await contractOf(shell);
  const profile = z
    .object({ id: z.string() })
    .parse(
      await contract.call('profiles.create', { name: 'Sim', surface: 'serverless', baseUrl: simulator.url }),
    );
  await contract.call('profiles.setCredential', { profileId: profile.id, secret: DEMO_KEY });
  await contract.call('profiles.setActive', { profileId: profile.id });
  const started = batchSendingSchema.parse(
    await contract.call('batches.start', {
      profileId: profile.id,
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 1 })),
      axes: [{ kind: 'sweep', text: `3.seed=1..${crashPlan.items}` }],
      name: 'Crash',
      window: 32,
    }),
  );
  const [firstKill = 10, ...laterKills] = crashPlan.killAt;
  await killAt(shell, simulator, firstKill);
  for (const point of laterKills) {
    contract.close();
    shell = await launches.start();
    contract = await contractOf(shell);
    // The batch was left sending, so the launch takes it up by itself (profilesAsScopes.spec.ts proves that);
    // a resume from the page on top of it only sets the window again, and must double nothing.
    await contract.call('batches.control', {
      profileId: profile.id,
      batchId: started.batchId,
      action: 'resume',
      window: 32,
    });
    await killAt(shell, simulator, point);
  }
  contract.close();
  shell = await launches.start();
  contract = await contractOf(shell);
  await contract.call('batches.control', {
    profileId: profile.id,
    batchId: started.batchId,
    action: 'resume',
    window: 32,
  });
  const detail = await finishedBatch(contract, profile.id, started.batchId);
  contract.close();
  // Nothing lost, nothing doubled: one job per item on the service, every one succeeded.
  expect(simulator.control.stats().jobs.total).toBe(crashPlan.items);
  expect(new Set(detail.items.map((item) => item.jobId)).size).toBe(crashPlan.items);
  expect(detail.counts.jobs.succeeded).toBe(crashPlan.items);
});
