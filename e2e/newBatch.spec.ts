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
import { loadImageWorkflow, textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { pngFile, pngHandle } from './support/inputImages';
import { addActiveProfile, openDemo, openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { DEMO_KEY, expect, test as simulatorTest } from './support/simulator';
import { dropFiles, openAssets } from './support/uploadsUi';
import { test } from './webShell';

const SHOTS = resolve('reports/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), animations: 'disabled' });
}

/** The workflow as a file on disk, as a user would pick it. */
function workflowOnDisk(
  name: string,
  workflow: unknown = textToImageWorkflow({ prompt: 'a harbour at dawn', steps: 2 }),
): { path: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-new-batch-'));
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(workflow, null, 2));
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

test.describe('new batch over uploaded images', () => {
  test('two images uploaded in Assets and one from the picker, bound to LoadImage, run beside a sweep', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    const file = workflowOnDisk('relight-inputs.json', loadImageWorkflow());
    const seed = Date.now() % 100_000;
    await openDemo(page, webShell.url);

    // Two pictures through the Assets screen's own flow in the browser shell: dropped, hashed in the page, sent.
    await openAssets(page);
    const pier = pngFile('pier.png', seed);
    const cliff = pngFile('cliff.png', seed + 1);
    await dropFiles(page, [await pngHandle(page, pier), await pngHandle(page, cliff)]);
    await expect(page.getByTestId('upload-card').first().getByTestId('upload-summary')).toHaveText(
      '2 files, 2 uploaded',
      { timeout: 45_000 },
    );

    await openNewBatch(page);
    await page.getByTestId('new-batch-workflow-input').setInputFiles(file.path);
    await expect(page.getByTestId('workflow-name')).toHaveText('relight-inputs.json');
    await page.getByRole('button', { name: '+ Add inputs…' }).click();
    const picker = page.getByRole('dialog', { name: 'Bind files to an input' });
    await expect(picker).toBeVisible();
    await expect(picker.getByRole('combobox', { name: 'Bind to input' })).toHaveValue('10.image');
    const list = picker.getByRole('listbox', { name: 'Assets' });
    const row = (name: string) => list.getByRole('option').filter({ hasText: name });
    // Cliff first, then pier: the order picked is the items' order.
    await row('cliff.png').click();
    await row('pier.png').click();
    await expect(row('cliff.png')).toHaveAttribute('aria-selected', 'true');

    // A third picture uploaded from the picker itself joins the selection once it is up.
    await picker.getByTestId('upload-file-input').setInputFiles(pngFile('dune.png', seed + 2));
    await expect(picker.getByTestId('picker-upload')).toHaveAttribute('data-finished', 'true', {
      timeout: 45_000,
    });
    await expect(picker.getByTestId('picked-count')).toHaveText('3 assets selected');
    await expect(row('dune.png')).toHaveAttribute('aria-selected', 'true');
    // Every thumbnail is a real picture from the asset route.
    for (const name of ['cliff.png', 'pier.png', 'dune.png']) {
      await expect
        .poll(() =>
          row(name)
            .locator('img')
            .evaluate((img: { naturalWidth: number }) => img.naturalWidth),
        )
        .toBe(384);
    }
    await shot(page, 'new-batch-inputs-picker.png');
    await picker.getByRole('button', { name: 'Bind 3 assets' }).click();
    await expect(picker).toBeHidden();

    const axis = page.getByTestId('inputs-axis');
    await expect(axis.getByTestId('inputs-target')).toHaveText('10.image');
    await expect(axis.getByTestId('inputs-count')).toHaveText('3 assets');
    const preview = page.getByTestId('plan-preview');
    await expect(preview.getByTestId('plan-count')).toHaveText('3 items');
    await expect(preview.getByRole('status')).toHaveCount(0);
    await shot(page, 'new-batch-inputs-axis.png');

    // A sweep beside it multiplies: 3 pictures × 2 prefixes. Each cell names its asset as the sheet does.
    await sweep(page, /^Vary 12\.filename_prefix /, 'warm,cool');
    await expect(preview.getByTestId('plan-count')).toHaveText('6 items');
    await expect(preview.getByTestId('plan-column')).toHaveText([
      '12.filename_prefix2 values',
      '10.image3 assets',
    ]);
    const cells = preview.locator('td[data-target="10.image"]');
    await expect(cells).toHaveCount(6);
    await expect(cells.first()).toHaveText(/^asset [0-9A-Za-z_-]{8}$/);
    await expect(page.getByTestId('start-note')).toHaveText('Sends 6 jobs, 4 at a time.');
    await preview.scrollIntoViewIfNeeded();
    await shot(page, 'new-batch-inputs-preview.png');

    await page.getByRole('textbox', { name: 'Name' }).fill('Relight inputs');
    // Kept as a template (main's own store) before it starts.
    await page.getByRole('button', { name: 'Save as template…' }).click();
    const save = page.getByRole('dialog', { name: 'Save as template' });
    await expect(save.getByRole('textbox', { name: 'Template name' })).toHaveValue('Relight inputs');
    await save.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('template-saved')).toHaveText('Saved as “Relight inputs”');
    await page.getByTestId('start-batch').click();
    await expect(page.getByTestId('new-batch')).toHaveCount(0);
    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: 'Relight inputs' })).toBeVisible();
    await expect(detail.getByTestId('batch-counts')).toHaveText('6 items: 6 succeeded', { timeout: 60_000 });
    await expect(detail.getByTestId('batch-finished')).toBeVisible();
    await shot(page, 'new-batch-inputs-finished.png');

    // The template brings the plan back, its inputs axis with it, planned again by main.
    await openNewBatch(page);
    await page.getByRole('button', { name: 'Open template Relight inputs' }).click();
    await expect(page.getByTestId('workflow-name')).toHaveText('relight-inputs.json');
    await expect(page.getByTestId('inputs-axis').getByTestId('inputs-count')).toHaveText('3 assets');
    await expect(page.getByRole('textbox', { name: /^Sweep \d$/ })).toHaveValue(
      '12.filename_prefix=warm,cool',
    );
    await expect(page.getByTestId('plan-preview').getByTestId('plan-count')).toHaveText('6 items');
    await shot(page, 'new-batch-inputs-template.png');

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
