// The batch's home in the browser shell, against the Demo profile. The sweep the Demo seeds (4 seeds × 3 cfg,
// two items out of GPU memory) opens finished, its failures grouped by error; an item number in the group
// shows that item in the table; Retry these sends the two again and both succeed (12 succeeded). Then a new
// batch of a slow workflow is started from New batch, one item at a time, and paused, resumed and canceled
// from the keyboard while its elapsed time counts. The finished sweep is exported into the shell's own folder. Screenshots go to reports/screenshots/ for a person to look
// at; they outlive the next run's clean-up of the test output folder.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const SHOTS = resolve('reports/screenshots');
const SEEDED = 'Lighthouse study: seed × cfg';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), animations: 'disabled' });
}

async function openBatches(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
}

/** A slow workflow on disk, as a user would pick it: sixty sampler steps, several seconds a job on the Demo. */
function slowWorkflowOnDisk(): { path: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-batch-detail-'));
  const path = join(folder, 'slow-study.json');
  writeFileSync(
    path,
    JSON.stringify(textToImageWorkflow({ prompt: 'a kite over dunes', steps: 60 }), null, 2),
  );
  return { path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

test.describe('batch detail', () => {
  test('the seeded sweep’s failures: grouped, shown in the table, retried until all 12 succeed', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await openDemo(page, webShell.url);
    await openBatches(page);
    const list = page.getByRole('listbox', { name: 'Batches' });
    await list.getByRole('option').filter({ hasText: SEEDED }).click();

    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: SEEDED })).toBeVisible();
    await expect(detail.getByTestId('batch-counts')).toHaveText('12 items: 10 succeeded, 2 failed');
    await expect(detail.getByTestId('batch-finished')).toBeVisible();
    // A finished batch has nothing to pause or cancel.
    await expect(detail.getByRole('group', { name: 'Sending' })).toHaveCount(0);

    // The items table: a column per axis, the values as the sheet writes them, and each job's time from
    // created to completed (the rows carry completedAt).
    const table = detail.getByRole('table', { name: 'Items' });
    await expect(table.getByRole('columnheader')).toHaveText([
      '#',
      '3.seed',
      '3.cfg',
      'State',
      'Tries',
      'Time',
      'Outputs',
      'Job',
    ]);
    await expect(table.locator('[data-testid="batch-item"][data-position="0"] td').nth(5)).toHaveText(
      /^\d+(\.\d)? s$/,
    );
    const sixth = table.locator('[data-testid="batch-item"][data-position="5"]');
    await expect(sixth.getByTestId('item-value')).toHaveText(['2', '10']);
    await expect(sixth).toHaveAttribute('data-state', 'failed');

    // The failures, one group: two items, the sampler's own words.
    const failures = detail.getByRole('region', { name: 'Failures' });
    await expect(failures.getByTestId('failures-summary')).toHaveText('2 items');
    const group = failures.getByTestId('failure-group');
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId('failure-count')).toHaveText('2');
    await expect(group.getByTestId('failure-message')).toContainText('CUDA out of memory');
    await expect(group.getByTestId('failure-items')).toHaveText('Items#6#11');
    await shot(page, 'batch-detail-finished.png');

    // An item number shows the item in the table, selected and focused.
    await group.getByRole('button', { name: '#11' }).click();
    const eleventh = table.locator('[data-testid="batch-item"][data-position="10"]');
    await expect(eleventh).toHaveAttribute('data-selected', '');
    await expect(eleventh).toBeFocused();
    await expect(eleventh).toBeInViewport();
    await shot(page, 'batch-detail-failures.png');

    // Retry these: both are sent again as new jobs, and this time they succeed.
    await group.getByRole('button', { name: /^Retry these/ }).click();
    await expect(detail.getByTestId('batch-counts')).toHaveText('12 items: 12 succeeded', {
      timeout: 60_000,
    });
    await expect(detail.getByTestId('batch-finished')).toBeVisible();
    await expect(failures).toHaveCount(0);
    // Each retried item was sent a second time, as a new job.
    await expect(sixth.locator('td').nth(4)).toHaveText('2');
    await shot(page, 'batch-detail-retried.png');

    // Export: every output into a new folder under the shell's Downloads/Loupe, named from its values.
    await detail.getByTestId('batch-export').click();
    const outcome = detail.getByTestId('batch-export-result');
    await expect(outcome).toContainText('Exported 12 files with manifest.csv and manifest.json to', {
      timeout: 30_000,
    });
    const [folder] = readdirSync(webShell.exportDir);
    expect(folder).toMatch(/^Lighthouse study_ seed × cfg \d{4}-\d\d-\d\d \d\d\.\d\d$/);
    const files = readdirSync(join(webShell.exportDir, folder ?? '')).sort();
    expect(files).toHaveLength(14);
    expect(files).toContain('manifest.csv');
    expect(files).toContain('seed-2_cfg-10_00001.png');
    await expect(outcome).toContainText(folder ?? '');
    await shot(page, 'batch-detail-exported.png');
    expect(errors).toEqual([]);
  });

  test('a slow batch from New batch is paused, resumed and canceled from the keyboard', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const file = slowWorkflowOnDisk();
    await openDemo(page, webShell.url);
    await openBatches(page);
    await page.getByRole('button', { name: 'New batch' }).click();
    await page.getByTestId('new-batch-workflow-input').setInputFiles(file.path);
    await page
      .getByRole('list', { name: 'Workflow nodes' })
      .getByRole('button', { name: /^Vary 3\.seed / })
      .click();
    await page.keyboard.type('1..6');
    await expect(page.getByTestId('plan-preview').getByTestId('plan-count')).toHaveText('6 items');
    await page.getByRole('textbox', { name: 'At a time' }).fill('1');
    await page.getByRole('checkbox', { name: /^Retry failures that look transient/ }).check();
    await expect(page.getByTestId('start-note')).toHaveText(
      'Sends 6 jobs, 1 at a time, up to 3 attempts each.',
    );
    await shot(page, 'new-batch-auto-retry.png');
    await page.getByRole('textbox', { name: 'Name' }).fill('Slow study');
    await page.keyboard.press('Enter');

    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: 'Slow study' })).toBeVisible();
    const controls = detail.getByRole('group', { name: 'Sending' });
    // Start's answer is what the controls show first: sending, one at a time.
    await expect(controls.getByTestId('sending-state')).toHaveText('Sending');
    await expect(controls.getByRole('spinbutton', { name: 'At a time' })).toHaveValue('1');
    await expect(detail.getByTestId('batch-elapsed')).toHaveText(/^Elapsed /);
    await expect(detail.locator('[data-testid="batch-item"][data-state="running"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await shot(page, 'batch-detail-sending.png');

    // Pause from the keyboard: Tab reaches the button, Enter presses it, the focus stays on it.
    const toggle = controls.getByTestId('sending-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(controls.getByTestId('sending-state')).toHaveText('Paused');
    await expect(toggle).toHaveText('Resume');
    await expect(toggle).toBeFocused();
    // Paused, nothing more is sent: the items waiting stay waiting.
    const waiting = detail.locator('[data-testid="batch-item"][data-state="pending"]');
    const waitingWhenPaused = await waiting.count();
    expect(waitingWhenPaused).toBeGreaterThanOrEqual(4);
    await page.waitForTimeout(2_500);
    await expect(waiting).toHaveCount(waitingWhenPaused);
    await shot(page, 'batch-detail-paused.png');

    await page.keyboard.press('Enter');
    await expect(controls.getByTestId('sending-state')).toHaveText('Sending');
    await expect(toggle).toHaveText('Pause');
    await expect(waiting).not.toHaveCount(waitingWhenPaused, { timeout: 30_000 });

    // Cancel, from the keyboard too, behind a question that counts what it stops: the one job in flight.
    await expect(detail.locator('[data-testid="batch-item"][data-state="running"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await controls.getByTestId('sending-cancel').focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', {
      name: 'Stop sending and cancel the 1 queued or running job?',
    });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel batch' }).click();
    await expect(controls.getByTestId('sending-state')).toHaveText('Canceled');
    await expect(detail.locator('[data-testid="batch-item"][data-state="canceled"]')).toHaveCount(1, {
      timeout: 30_000,
    });

    file.remove();
    expect(errors).toEqual([]);
  });
});
