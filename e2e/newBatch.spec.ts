// New batch in the browser shell: a workflow file picked from disk (the page reads its text; no path leaves
// the page), two inputs clicked into sweeps and their values typed over the first guess, the preview's count,
// the planner's refusal shown beside the axis it names, and Enter starting the batch, which then sits in the
// Batches list with its items. Against the Demo server, which offers no object_info (the preview says the
// values were not checked), and against a managed simulator, which does (the preview names the items the
// service will refuse). Screenshots go to reports/screenshots/ for a person to look at; they outlive the next
// run's clean-up of the test output folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { addActiveProfile, openDemo, openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { DEMO_KEY, expect, test as simulatorTest } from './support/simulator';
import { test } from './webShell';

const SHOTS = resolve('reports/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), animations: 'disabled' });
}

/** The workflow as a file on disk, as a user would pick it. */
function workflowOnDisk(name: string): { path: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-new-batch-'));
  const path = join(folder, name);
  writeFileSync(
    path,
    JSON.stringify(textToImageWorkflow({ prompt: 'a harbour at dawn', steps: 2 }), null, 2),
  );
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

async function openNewBatch(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
  const button = page.getByRole('button', { name: 'New batch' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Start from a workflow' })).toBeVisible();
}

/** Clicks an input in the node list and types the values over the first guess (which is selected). */
async function sweep(page: Page, input: RegExp, values: string): Promise<void> {
  await page.getByRole('list', { name: 'Workflow nodes' }).getByRole('button', { name: input }).click();
  await page.keyboard.type(values);
}

test.describe('new batch', () => {
  test('a picked workflow, two sweeps, 8 items previewed, an error beside its axis, Enter starts it', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const file = workflowOnDisk('harbour-study.json');
    await openDemo(page, webShell.url);
    await openNewBatch(page);
    await shot(page, 'new-batch-empty.png');

    await page.getByTestId('new-batch-workflow-input').setInputFiles(file.path);
    await expect(page.getByTestId('workflow-name')).toHaveText('harbour-study.json');
    const nodes = page.getByRole('list', { name: 'Workflow nodes' });
    await expect(nodes.locator('[data-node-id]')).toHaveCount(7);
    // Wired inputs are named, never offered.
    await expect(nodes.getByRole('button', { name: /3\.model/ })).toHaveCount(0);

    await sweep(page, /^Vary 3\.seed /, '1..4');
    await sweep(page, /^Vary 3\.cfg /, '5,7');
    const fields = page.getByRole('textbox', { name: /^Sweep \d$/ });
    await expect(fields).toHaveCount(2);
    await expect(fields.nth(0)).toHaveValue('3.seed=1..4');
    await expect(fields.nth(1)).toHaveValue('3.cfg=5,7');

    const preview = page.getByTestId('plan-preview');
    await expect(preview.getByTestId('plan-count')).toHaveText('8 items');
    await expect(preview.getByTestId('plan-checked')).toHaveText(
      'not checked: this service does not describe its nodes',
    );
    await expect(preview.getByTestId('plan-item')).toHaveCount(8);
    await expect(preview.getByTestId('plan-item').nth(1)).toHaveText('217');
    await expect(page.getByTestId('start-batch')).toBeEnabled();
    await expect(page.getByTestId('start-note')).toHaveText('Sends 8 jobs, 4 at a time.');
    await shot(page, 'new-batch-preview.png');

    // A wired input as an axis: the planner's words go beside that axis, and Start waits.
    await page.getByRole('button', { name: '+ Add a sweep' }).click();
    await page.keyboard.type('3.model=1..2');
    const third = page.getByTestId('sweep').nth(2);
    await expect(third.getByRole('alert')).toContainText('3.model is wired to output 0 of node 4');
    await expect(page.getByTestId('plan-error')).toHaveText(
      'This plan cannot run as it is: see the message beside the sweep it names.',
    );
    await expect(page.getByTestId('start-batch')).toBeDisabled();
    await shot(page, 'new-batch-error.png');
    await page.getByRole('button', { name: 'Remove sweep 3' }).click();
    await expect(page.getByTestId('start-batch')).toBeEnabled();

    // Enter in a field starts it; the screen closes on the new batch.
    await page.getByRole('textbox', { name: 'Name' }).fill('Harbour study');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('new-batch')).toHaveCount(0);
    const row = page
      .getByRole('listbox', { name: 'Batches' })
      .getByRole('option')
      .filter({ has: page.getByTestId('batch-name').getByText('Harbour study', { exact: true }) });
    await expect(row.getByTestId('batch-item-count')).toHaveText('8 items');
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: 'Harbour study' })).toBeVisible();
    await expect(detail.getByTestId('batch-item')).toHaveCount(8);
    await shot(page, 'new-batch-started.png');

    file.remove();
    expect(errors).toEqual([]);
  });
});

simulatorTest.describe('new batch against a service with object_info', () => {
  simulatorTest.use({ surface: 'managed' });

  simulatorTest(
    'names the items whose values the service will refuse',
    async ({ page, webShell, simulator }) => {
      simulatorTest.setTimeout(90_000);
      const errors = collectPageErrors(page);
      const file = workflowOnDisk('harbour-study.json');
      await openShell(page, webShell.url);
      await addActiveProfile(page, {
        name: 'Studio',
        surface: 'managed',
        baseUrl: simulator.url,
        apiKey: DEMO_KEY,
      });
      await openNewBatch(page);
      await page.getByTestId('new-batch-workflow-input').setInputFiles(file.path);

      await sweep(page, /^Vary 3\.cfg /, '5,150');
      await sweep(page, /^Vary 3\.sampler_name /, 'euler,warp');
      const preview = page.getByTestId('plan-preview');
      await expect(preview.getByTestId('plan-count')).toHaveText('4 items');
      await expect(preview.getByTestId('plan-checked')).toHaveText(
        'values checked against the service’s nodes',
      );
      const problems = preview.getByTestId('plan-problem');
      await expect(problems).toHaveCount(2);
      await expect(problems.filter({ hasText: '3.cfg' })).toContainText('Item 3');
      await expect(problems.filter({ hasText: '3.sampler_name' })).toContainText('Item 2');
      const marked = preview.locator('[data-problem="true"]');
      await expect(marked).toHaveCount(2);
      await marked.last().scrollIntoViewIfNeeded();
      await shot(page, 'new-batch-problems.png');

      // Values the service will refuse: Start asks first, in numbers.
      await page.getByTestId('start-batch').click();
      const ask = page.getByRole('alertdialog', { name: 'Send 4 jobs?' });
      await expect(ask).toContainText('The service says it will refuse 2 values in this plan');
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByTestId('new-batch')).toBeVisible();

      file.remove();
      expect(errors).toEqual([]);
    },
  );
});
