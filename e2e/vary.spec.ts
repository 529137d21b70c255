// Vary this, in the browser shell against the Demo profile (issue 22): from a cell of the seeded sweep's
// contact sheet, "Vary around this" proposes seed ± n and cfg ± step, the user confirms, New batch opens
// with the job's workflow and those axes, and once started the batch runs with exactly the items the
// neighbourhood makes. Vary this from a job page and from a library entry opens New batch with the job's
// workflow and its batch values as the first axes; Run again with changes shows the job's inputs as a
// form; a job whose workflow is the editor's saved document says it cannot be run, and why. Screenshots of
// each dialog go to reports/screenshots/ for a person to look at.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const SHOTS = resolve('reports/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

async function section(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}

async function openSweepSheet(page: Page) {
  await section(page, 'Batches');
  const row = page
    .getByRole('listbox', { name: 'Batches' })
    .getByRole('option', { name: /Lighthouse study/ })
    .first();
  await row.click({ timeout: 30_000 });
  const detail = page.getByTestId('batch-detail');
  return detail.getByRole('grid', { name: 'Contact sheet' });
}

/**
 * Leaves New batch by its Cancel button. An edited plan asks "Discard this plan?" first, and that dialog
 * renders a moment after the click (late under load): a one-shot check for it raced the render, left New
 * batch open, and the next section never showed. So: Discard whenever it shows, until New batch is gone.
 */
async function cancelNewBatch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  const discard = page.getByTestId('discard-plan').getByRole('button', { name: 'Discard', exact: true });
  await expect(async () => {
    if (await discard.isVisible()) await discard.click();
    await expect(page.getByTestId('new-batch')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** New batch's axes, as their text fields hold them. */
async function sweepTexts(page: Page): Promise<string[]> {
  return page
    .getByTestId('sweep')
    .evaluateAll((rows: Array<{ querySelector(selector: string): { value: string } | null }>) =>
      rows.map((row) => row.querySelector('input')?.value ?? ''),
    );
}

/**
 * The Demo's job pinned to the editor's saved document (its seeded history made it an hour before the Demo
 * started, the only one made then): asked of the Demo server itself, through its loopback /_sim.
 */
async function editorWorkflowJob(origin: string): Promise<string> {
  const answer = (await (await fetch(`${origin}/_sim/jobs`)).json()) as {
    jobs: Array<{ id: string; created_at: string }>;
  };
  const hour = 60 * 60_000;
  const near = answer.jobs.filter(
    (job) => Math.abs(Date.now() - Date.parse(job.created_at) - hour) < 8 * 60_000,
  );
  expect(near.map((job) => job.id)).toHaveLength(1);
  return near[0]?.id ?? '';
}

test.describe('vary this', () => {
  test('Vary around this from a contact-sheet cell to a running batch', async ({ page, webShell }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDemo(page, webShell.url);
    const grid = await openSweepSheet(page);
    // Seed 3 at cfg 7: its neighbourhood is seeds 1..5 and cfg 6.5, 7, 7.5.
    const cell = grid.getByRole('gridcell').filter({ has: page.locator('img[alt="3.seed 3 · 3.cfg 7"]') });
    await cell.click({ timeout: 30_000 });
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox).toBeVisible();
    await lightbox.getByRole('button', { name: 'Vary around this…' }).click();

    const dialog = page.getByRole('dialog', { name: 'Vary around this' });
    const axes = dialog.getByRole('list', { name: 'Proposed axes' });
    await expect(axes.getByRole('listitem')).toHaveText(['3.seed=1..5', '3.cfg=6.5..7.5:0.5']);
    await shot(page, 'vary-around.png');
    await dialog.getByRole('button', { name: 'Open in New batch' }).click();
    await expect(dialog).toHaveCount(0);

    // New batch: the job's workflow and the confirmed axes, 5 × 3 items.
    await expect(page.getByTestId('workflow-name')).toContainText(/^Job .+\.json$/);
    await expect.poll(() => sweepTexts(page)).toEqual(['3.seed=1..5', '3.cfg=6.5..7.5:0.5']);
    await expect(page.getByTestId('plan-preview').getByTestId('plan-count')).toHaveText('15 items');
    await shot(page, 'vary-around-new-batch.png');
    await page.getByTestId('start-batch').click();

    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: /^Variations of / })).toBeVisible({ timeout: 20_000 });
    await expect(detail.getByTestId('sending-state')).toHaveText(/Sending|Sent/);
    // Every item of the neighbourhood is in the batch, laid out on its own 5 × 3 sheet.
    await expect(detail).toContainText(/15 items:/, { timeout: 20_000 });
    await expect(detail.getByTestId('contact-sheet-summary')).toHaveText(/^5 × 3 · /);
    await expect(
      detail
        .locator(
          '[data-testid="batch-item"][data-state="running"], [data-testid="batch-item"][data-state="succeeded"]',
        )
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await shot(page, 'vary-around-running.png');
    expect(errors).toEqual([]);
  });

  test('Vary this from a sheet cell, a library entry and a job page; Run again with changes; an editor workflow refused', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    const origin = await openDemo(page, webShell.url);

    // A job page of the sweep: Vary this opens New batch with its batch values as the first axes.
    const grid = await openSweepSheet(page);
    const cell = grid.getByRole('gridcell').filter({ has: page.locator('img[alt="3.seed 2 · 3.cfg 4"]') });
    await cell.click({ timeout: 30_000 });
    await page.getByTestId('lightbox').getByRole('button', { name: 'Vary this' }).click();
    await expect.poll(() => sweepTexts(page)).toEqual(['3.seed=2', '3.cfg=4']);
    await expect(page.getByTestId('plan-preview').getByTestId('plan-count')).toHaveText('1 item');
    await shot(page, 'vary-this-new-batch.png');
    await cancelNewBatch(page);

    // The library: an entry's lightbox offers Vary this too.
    await section(page, 'Library');
    const results = page.getByRole('listbox', { name: 'Library results' });
    await page.getByPlaceholder(/Search prompts/).fill('lighthouse seed:4 cfg:4');
    await expect.poll(() => results.getByRole('option').count(), { timeout: 45_000 }).toBe(1);
    await results.getByRole('option').first().dblclick();
    const entryBox = page.getByTestId('library-lightbox');
    await expect(entryBox.getByRole('region', { name: 'Vary and reuse' })).toBeVisible();
    await expect
      .poll(() =>
        entryBox
          .locator('img')
          .first()
          .evaluate((image: { naturalWidth: number }) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await shot(page, 'vary-library-entry.png');
    await entryBox.getByRole('button', { name: 'Vary this' }).click();
    await expect(entryBox).toHaveCount(0);
    await expect(page.getByTestId('workflow-name')).toContainText(/^Job .+\.json$/);
    await expect.poll(() => sweepTexts(page)).toEqual(['3.seed=4', '3.cfg=4']);
    await cancelNewBatch(page);

    // Run again with changes on a job of the sweep: the form, a seed changed.
    await section(page, 'Jobs');
    const jobs = page.getByRole('listbox', { name: 'Jobs' });
    await jobs
      .getByRole('option', { name: /a lighthouse on a cliff/ })
      .first()
      .click({ timeout: 30_000 });
    const job = page.getByTestId('job-detail');
    await job.getByRole('button', { name: 'Run again with changes…' }).click();
    const form = page.getByRole('dialog', { name: 'Run again with changes' });
    const seed = form.getByRole('spinbutton', { name: '3.seed (KSampler)' });
    await expect(seed).toBeVisible({ timeout: 15_000 });
    await seed.fill('12345');
    await expect(form.getByTestId('changed-inputs')).toHaveText('Changes 3.seed.');
    await shot(page, 'run-with-changes.png');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The editor's saved document: nothing to run, and the words say why and what to do.
    const savedId = await editorWorkflowJob(origin);
    // By its id: the row is named by what the job made once the library has read it, not by its id.
    await jobs.locator(`[role="option"][data-job-id="${savedId}"]`).click();
    await job.getByRole('button', { name: 'Run again with changes…' }).click();
    await expect(form.getByRole('alert')).toContainText(/cannot be run again or varied/);
    await expect(form.getByRole('button', { name: 'Run with these changes' })).toBeDisabled();
    await shot(page, 'run-with-changes-save-format.png');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await job.getByRole('button', { name: 'Vary this' }).click();
    await expect(job.getByRole('alert')).toContainText(/cannot be run again or varied/);
    await shot(page, 'vary-save-format.png');
    expect(errors).toEqual([]);
  });
});
