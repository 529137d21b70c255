// Profiles are scopes, not a switch (issue 20), end to end in the browser shell against two simulators the
// test runs itself. A 36-item batch starts on A; the window then shows B and submits a job there, and stays on
// B until A's batch has ended: every item of A is sent and watched to its end, A's finish notice arrives
// while B is shown (and names A), the service behind A holds one job per item, and nothing of A's reached B.
// Then a restart in the middle: the shell is killed while a batch of A's is sending and started again on the
// same data directory; the batch goes on by itself with the window and automatic retry it had.
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { batchSendingSchema } from '../src-shared/contracts/batches';
import { startSimulator } from '../src-main/simulator/server';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { contractOf, finishedBatch, type ShellContract } from './support/contractSocket';
import { launchesFixture, type Launches } from './support/launches';
import { addActiveProfile, openShell, submitThroughPicker } from './support/loupeUi';
import {
  DEMO_KEY,
  e2eTiming,
  expect,
  jobPosts,
  test as base,
  type RunningSimulator,
} from './support/simulator';
import { stopWebShell } from './webShell';

const test = base.extend<{ launches: Launches; studioSim: RunningSimulator; sketchSim: RunningSimulator }>({
  ...launchesFixture,
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  studioSim: async ({}, use) => {
    const simulator = await startSimulator({ surface: 'serverless', workers: 8, timing: e2eTiming });
    await use(simulator);
    await simulator.close();
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  sketchSim: async ({}, use) => {
    const simulator = await startSimulator({ surface: 'serverless', timing: e2eTiming });
    await use(simulator);
    await simulator.close();
  },
});

/** Desktop notices the page raised, captured by a stand-in for the Web Notifications API. */
async function captureNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = [];
    (globalThis as unknown as { __notices: typeof shown }).__notices = shown;
    class CapturedNotification {
      static permission = 'granted';
      static requestPermission = () => Promise.resolve('granted');
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body ?? '' });
      }
      close(): void {
        // Nothing to close: the notice was only recorded.
      }
    }
    (globalThis as unknown as { Notification: unknown }).Notification = CapturedNotification;
  });
}

function notices(page: Page): Promise<{ title: string; body: string }[]> {
  return page.evaluate(
    () => (globalThis as unknown as { __notices: { title: string; body: string }[] }).__notices,
  );
}

const idOf = z.object({ id: z.string() });

async function profileIds(contract: ShellContract): Promise<Map<string, string>> {
  const listed = z
    .object({ profiles: z.array(z.object({ id: z.string(), name: z.string() })) })
    .parse(await contract.call('profiles.list', {}));
  return new Map(listed.profiles.map((profile) => [profile.name, profile.id]));
}

function showProfile(page: Page, profileId: string): Promise<string[]> {
  return page.getByLabel('Active profile').selectOption(profileId);
}

test('a batch on one profile goes on to its end while the window shows and submits on another', async ({
  page,
  launches,
  studioSim,
  sketchSim,
}) => {
  test.setTimeout(180_000);
  await captureNotices(page);
  const shell = await launches.start();
  await openShell(page, shell.url);
  await addActiveProfile(page, {
    name: 'Studio',
    surface: 'serverless',
    baseUrl: studioSim.url,
    apiKey: DEMO_KEY,
  });
  const contract = await contractOf(shell);
  // The second profile as another window (or the CLI) would add it: the picker hears of it.
  const sketch = idOf.parse(
    await contract.call('profiles.create', { name: 'Sketch', surface: 'serverless', baseUrl: sketchSim.url }),
  ).id;
  await contract.call('profiles.setCredential', { profileId: sketch, secret: DEMO_KEY });
  const studio = (await profileIds(contract)).get('Studio') ?? '';
  await expect(page.getByLabel('Active profile').locator(`option[value="${sketch}"]`)).toHaveCount(1);
  await showProfile(page, studio);

  const started = batchSendingSchema.parse(
    await contract.call('batches.start', {
      profileId: studio,
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 4 })),
      axes: [{ kind: 'sweep', text: '3.seed=1..36' }],
      name: 'Studio sweep',
      window: 4,
    }),
  );
  await expect.poll(() => jobPosts(studioSim)).toBeGreaterThan(4);

  // The window goes to Sketch and submits there, and stays there.
  await showProfile(page, sketch);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Jobs' }).click();
  const sketchJob = await submitThroughPicker(page, 'sketch.json', textToImageWorkflow({ steps: 2 }));
  // What runs elsewhere is said on the status bar.
  await expect(page.getByTestId('work-elsewhere')).toContainText(/1 batch sending on Studio/);
  await expect(page.getByTestId('profile-work').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('work-elsewhere.png') });

  const detail = await finishedBatch(contract, studio, started.batchId);
  // Every item sent and watched to its end, one job each on Studio's service; Sketch got only its own job.
  expect(detail.counts.jobs.succeeded).toBe(36);
  expect(new Set(detail.items.map((item) => item.jobId)).size).toBe(36);
  expect(studioSim.control.stats().jobs.total).toBe(36);
  expect(sketchSim.control.stats().jobs.total).toBe(1);
  expect(sketchJob).toBeTruthy();
  // A's finish notice came while B was shown, and names A.
  await expect
    .poll(async () => (await notices(page)).some((n) => /Studio/.test(`${n.title} ${n.body}`)))
    .toBe(true);
  await expect(page.getByLabel('Active profile')).toHaveValue(sketch);
  contract.close();
});

test('a restart in the middle takes the batch up by itself, with its window and automatic retry', async ({
  launches,
  studioSim,
}) => {
  test.setTimeout(180_000);
  let shell = await launches.start();
  let contract = await contractOf(shell);
  const profile = idOf.parse(
    await contract.call('profiles.create', { name: 'Studio', surface: 'serverless', baseUrl: studioSim.url }),
  );
  await contract.call('profiles.setCredential', { profileId: profile.id, secret: DEMO_KEY });
  // The window shows another profile all along: the batch's profile is never "active".
  await contract.call('profiles.setActive', { profileId: 'local' });
  const started = batchSendingSchema.parse(
    await contract.call('batches.start', {
      profileId: profile.id,
      workflowJson: JSON.stringify(textToImageWorkflow({ steps: 4 })),
      axes: [{ kind: 'sweep', text: '3.seed=1..40' }],
      name: 'Interrupted',
      window: 3,
      autoRetry: 4,
    }),
  );
  expect(started).toMatchObject({ state: 'sending', window: 3, autoRetry: 4 });
  await expect.poll(() => jobPosts(studioSim), { timeout: 60_000 }).toBeGreaterThanOrEqual(8);
  contract.close();
  await stopWebShell(shell, 'SIGKILL');

  shell = await launches.start();
  contract = await contractOf(shell);
  // Nobody asks: the batch the user left sending is sending again, as it was.
  const resumed = batchSendingSchema.parse(
    await contract.call('batches.sending', { profileId: profile.id, batchId: started.batchId }),
  );
  expect(resumed).toMatchObject({ state: 'sending', window: 3, autoRetry: 4 });
  const detail = await finishedBatch(contract, profile.id, started.batchId);
  contract.close();
  expect(studioSim.control.stats().jobs.total).toBe(40);
  expect(new Set(detail.items.map((item) => item.jobId)).size).toBe(40);
  expect(detail.counts.jobs.succeeded).toBe(40);
});
