// A real crash in the middle of a submission, end to end in the browser shell, against a simulator the test
// runs itself (it outlives the shell, unlike the Demo's in-process server). Every jobs.submit is written to
// the store as a batch of one under an Idempotency-Key and marked `sent` just before its POST; the shell is
// killed with SIGKILL while that POST is unanswered, and the next launch on the same data directory, as it
// first builds the profile's jobs, sends the item again under the same key. Two ways the first POST can end:
//   - it reached the service and made the job, only the answer was lost: the resend is refused
//     (422 idempotency_key_reuse) and Loupe finds and links the job the first request made;
//   - it never reached the service: the resend creates the job.
// Either way the service holds exactly one job and the Batches screen shows the submission with its job id.
//
// The POST is held by a forwarding gate between the shell and the simulator (support/submitGate.ts says why
// not the simulator's `delayMs`): it keeps the simulator's answer (first case) or the request itself (second
// case). The store (read-only, from outside) and the simulator's own records are the evidence; the Batches
// screen's screenshots go next to the test output.
import type { Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { launchesFixture, type Launches } from './support/launches';
import { jsonFile, openShell, openWithProfile } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { DEMO_KEY, expect, test as base, type RunningSimulator } from './support/simulator';
import { storedRows } from './support/storeFile';
import { startGate, type Gate, type HoldMode } from './support/submitGate';
import { stopWebShell, type WebShell } from './webShell';

const test = base.extend<{ launches: Launches; gate: Gate }>({
  ...launchesFixture,
  gate: async ({ simulator }, use) => {
    const running = await startGate(simulator);
    await use(running.gate);
    await running.close();
  },
});

const itemRowSchema = z.object({
  name: z.string(),
  state: z.string(),
  job_id: z.string().nullable(),
  idempotency_key: z.string(),
  attempts: z.number(),
});

/** The store's submission items with their batch's name, oldest first. */
function storedItems(dataDir: string): z.infer<typeof itemRowSchema>[] {
  return storedRows(
    dataDir,
    `SELECT b.name, i.state, i.job_id, i.idempotency_key, i.attempts
       FROM batch_items i JOIN batches b ON b.id = i.batch_id ORDER BY i.created_at`,
    itemRowSchema,
  );
}

/** The statuses the simulator answered POST /api/v2/jobs with, in order. */
function submitStatuses(simulator: RunningSimulator): number[] {
  const path = `${simulator.control.prefix}/api/v2/jobs`;
  return simulator.control
    .requests()
    .filter((entry) => entry.method === 'POST' && entry.path === path)
    .map((entry) => entry.status);
}

function section(page: Page, name: 'Jobs' | 'Batches'): Promise<void> {
  return page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}

/** First launch: an active serverless profile for the simulator (through the gate), on the Jobs screen. */
async function firstLaunch(page: Page, launches: Launches, gate: Gate): Promise<WebShell> {
  const shell = await launches.start();
  const key = await openWithProfile(page, shell.url, {
    name: 'Sim serverless',
    surface: 'serverless',
    baseUrl: gate.url,
    apiKey: DEMO_KEY,
  });
  // The next launch needs the key back from the keychain (scripts/with-keyring.sh provides one).
  expect(key, 'the API key must outlive the shell: run under scripts/with-keyring.sh').toBe('keychain');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs');
  return shell;
}

/**
 * The start both cases share: page errors collected from here on, the first launch, the gate set to `hold`,
 * and a workflow file handed to the picker (its submission is held, so nothing opens). Resolves to the
 * first launch's shell and the page errors, to be checked at the end.
 */
async function submitHeld(
  page: Page,
  launches: Launches,
  gate: Gate,
  hold: HoldMode,
  name: string,
  workflow: unknown,
): Promise<{ first: WebShell; errors: string[] }> {
  const errors = collectPageErrors(page);
  const first = await firstLaunch(page, launches, gate);
  gate.hold(hold);
  await page.getByTestId('workflow-file-input').first().setInputFiles(jsonFile(name, workflow));
  return { first, errors };
}

/** The SIGKILL, once the store records the item as sent: the row the next launch will find. */
async function crash(shell: WebShell, dataDir: string, name: string, key: string): Promise<void> {
  await expect
    .poll(() => storedItems(dataDir).map((item) => [item.name, item.state, item.idempotency_key]), {
      intervals: [50],
    })
    .toEqual([[`Submitted: ${name}`, 'sent', key]]);
  await stopWebShell(shell, 'SIGKILL');
  expect(shell.process.signalCode).toBe('SIGKILL');
  expect(storedItems(dataDir)).toEqual([
    { name: `Submitted: ${name}`, state: 'sent', job_id: null, idempotency_key: key, attempts: 1 },
  ]);
}

/** Second launch: open it and show Jobs, which builds the profile's jobs and so takes the item up again. */
async function relaunch(page: Page, launches: Launches): Promise<WebShell> {
  const shell = await launches.start();
  await openShell(page, shell.url);
  await section(page, 'Jobs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs');
  return shell;
}

/** The Batches screen with the submission's batch open; resolves to its one item row. */
async function openBatch(page: Page, name: string): Promise<Locator> {
  await section(page, 'Batches');
  const rows = page.getByRole('listbox', { name: 'Batches' }).getByRole('option');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('batch-name')).toHaveText(`Submitted: ${name}`);
  await rows.first().click();
  const detail = page.getByTestId('batch-detail');
  await expect(detail.getByRole('heading', { name: `Submitted: ${name}` })).toBeVisible();
  const items = detail.getByTestId('batch-item');
  await expect(items).toHaveCount(1);
  return items.first();
}

/**
 * After the second launch: the job in the Jobs list (the only one there), linked to the stored item, and on
 * the Batches screen the item shows it and runs to success. Leaves the batch open.
 */
async function expectLinked(page: Page, dataDir: string, name: string, jobId: string): Promise<void> {
  const jobs = page.getByRole('listbox', { name: 'Jobs' });
  await expect(jobs.locator(`[role="option"][data-job-id="${jobId}"]`)).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(() => storedItems(dataDir).map((item) => [item.state, item.job_id]), { timeout: 10_000 })
    .toEqual([['created', jobId]]);
  await expect(jobs.getByRole('option')).toHaveCount(1);
  const item = await openBatch(page, name);
  await expect(item.getByTestId('item-job')).toHaveText(jobId);
  await expect(item).toHaveAttribute('data-state', 'succeeded', { timeout: 10_000 });
}

interface Outcome {
  name: string;
  key: string;
  jobId: string;
  /** What the simulator answered each POST /api/v2/jobs with. */
  statuses: number[];
  /** How often the simulator refused the key as reused. */
  reuseRejections: number;
}

/** The end of either case: one job on the service under the item's key, the item created with it on its
 * second attempt, and no page errors along the way. */
function expectOneJob(
  simulator: RunningSimulator,
  dataDir: string,
  outcome: Outcome,
  errors: string[],
): void {
  const { name, key, jobId, statuses, reuseRejections } = outcome;
  expect(simulator.control.stats().jobs.total).toBe(1);
  expect(submitStatuses(simulator)).toEqual(statuses);
  expect(simulator.control.idempotency()).toEqual([
    expect.objectContaining({ key, jobsCreated: 1, jobIds: [jobId], reuseRejections }),
  ]);
  expect(storedItems(dataDir)).toEqual([
    { name: `Submitted: ${name}`, state: 'created', job_id: jobId, idempotency_key: key, attempts: 2 },
  ]);
  expect(errors).toEqual([]);
}

test.describe('a submission cut off by a crash', () => {
  test.describe.configure({ timeout: 40_000 });

  test('the POST reached the service: the resend is refused as a reused key and the first job is linked', async ({
    page,
    launches,
    gate,
    simulator,
  }, testInfo) => {
    const name = 'lighthouse-dawn.json';
    const workflow = textToImageWorkflow({ prompt: 'a lighthouse at dawn', seed: 11, steps: 4 });
    const { first, errors } = await submitHeld(page, launches, gate, 'keep-answer', name, workflow);

    // The service took the request and made the job; its 201 waits at the gate, unread by Loupe.
    await expect.poll(() => gate.held.map((held) => held.answer?.status ?? null)).toEqual([201]);
    const held = gate.held[0];
    if (held === undefined || held.answer === null) throw new Error('no held answer');
    const jobId = z.object({ id: z.string() }).parse(JSON.parse(held.answer.body)).id;
    expect(simulator.control.stats().jobs.total).toBe(1);
    expect(simulator.control.jobs().map((job) => job.id)).toEqual([jobId]);
    const [claimed] = simulator.control.idempotency();
    expect(claimed).toMatchObject({ key: held.idempotencyKey, jobsCreated: 1, jobIds: [jobId] });

    // Meanwhile the Batches screen shows the submission on its way, with no job yet.
    const sending = await openBatch(page, name);
    await expect(sending).toHaveAttribute('data-state', 'sent');
    await expect(sending.getByTestId('submission-state')).toHaveText('Sending');
    await expect(sending).toContainText('no job yet');
    await page.screenshot({ path: testInfo.outputPath('sending-before-crash.png'), animations: 'disabled' });

    // The crash, with the item recorded as sent under the key the service has seen.
    await crash(first, launches.dataDir, name, held.idempotencyKey);
    gate.hold('off');
    expect(submitStatuses(simulator)).toEqual([201]);

    // Second launch: the item goes again under the same key, is refused, and the first job is found: the
    // one job in the list is the one the first request made, now known as this submission's.
    await relaunch(page, launches);
    await expectLinked(page, launches.dataDir, name, jobId);
    await expect(page.getByTestId('batch-counts')).toHaveText('1 item: 1 succeeded');
    await page.screenshot({ path: testInfo.outputPath('resumed-submission.png'), animations: 'disabled' });

    // Exactly one job; the resend reached the service under the same key and was refused.
    const outcome = { name, key: held.idempotencyKey, jobId, statuses: [201, 422], reuseRejections: 1 };
    expectOneJob(simulator, launches.dataDir, outcome, errors);
  });

  test('the POST never reached the service: the resend under the same key creates the one job', async ({
    page,
    launches,
    gate,
    simulator,
  }, testInfo) => {
    const name = 'harbour-night.json';
    const workflow = textToImageWorkflow({ prompt: 'a harbour at night', seed: 12, steps: 4 });
    const { first, errors } = await submitHeld(page, launches, gate, 'keep-request', name, workflow);

    // The whole request left the shell and stopped at the gate: the service knows nothing of it.
    await expect.poll(() => gate.held.map((held) => held.received)).toEqual([true]);
    const held = gate.held[0];
    if (held === undefined) throw new Error('no held request');
    await crash(first, launches.dataDir, name, held.idempotencyKey);
    gate.hold('off');
    expect(submitStatuses(simulator)).toEqual([]);
    expect(simulator.control.stats().jobs.total).toBe(0);
    expect(simulator.control.idempotency()).toEqual([]);

    // Second launch: the item goes again under the same key, and this time the service makes the job.
    await relaunch(page, launches);
    await expect.poll(() => simulator.control.stats().jobs.total, { timeout: 10_000 }).toBe(1);
    const [job] = simulator.control.jobs();
    if (job === undefined) throw new Error('no job on the simulator');
    await expectLinked(page, launches.dataDir, name, job.id);
    await page.screenshot({ path: testInfo.outputPath('resent-submission.png'), animations: 'disabled' });

    const outcome = { name, key: held.idempotencyKey, jobId: job.id, statuses: [201], reuseRejections: 0 };
    expectOneJob(simulator, launches.dataDir, outcome, errors);
  });
});
