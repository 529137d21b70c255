// Compare in the browser shell, against the Demo's seeded sweep (4 seeds × 3 cfg). Picked three ways: from
// the Library's selection (2 up, then 4 up), from the contact sheet's lightbox ("Compare with next", ← → step
// through the sheet's pairs), and from a job's page by another job's id. Each time the facts beside the
// pictures list exactly the inputs that differ (the sweep's seed or cfg, nothing that is the same), with each
// job's batch values. Side by side, the A/B slider and the difference view are exercised, zoom and pan move
// every pane together, s swaps and Esc closes. Screenshots of each state (loading, 2 up, 4 up, slider,
// difference, a job the service forgot) go to reports/screenshots/compare-*.png for a person to look at.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page, Route } from '@playwright/test';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const SHOTS = resolve('reports/screenshots');
const SEEDED = 'Lighthouse study: seed × cfg';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), animations: 'disabled' });
}

async function openSection(page: Page, name: 'Library' | 'Batches'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}

/** The batch values a compared job's row shows ("3.seed 4 · 3.cfg 7"), as numbers by target. */
async function valuesOf(row: Locator): Promise<Record<string, number>> {
  const text = (await row.textContent()) ?? '';
  const values: Record<string, number> = {};
  for (const match of text.matchAll(/(3\.(?:seed|cfg)) (\d+)/g)) values[match[1] ?? ''] = Number(match[2]);
  return values;
}

/** What the facts list says differs, line by line. */
function differences(dialog: Locator): Locator {
  return dialog.getByTestId('differences').getByRole('listitem');
}

/** Every compared job's values, once the facts are read (one row per picture, in order). */
async function comparedValues(dialog: Locator, count: number): Promise<Record<string, number>[]> {
  const rows = dialog.getByTestId('compared-job');
  await expect(rows).toHaveCount(count, { timeout: 15_000 });
  await expect(rows.first()).toContainText('3.seed');
  return Promise.all((await rows.all()).map(valuesOf));
}

/** The line the facts should hold for `target` across the jobs, or null when every job has the same value. */
function expectedLine(values: Record<string, number>[], target: string): string | null {
  const column = values.map((row) => row[target]);
  return new Set(column).size === 1 ? null : `${target} ${column.join(' → ')}`;
}

async function expectExactDifferences(dialog: Locator, count: number): Promise<Record<string, number>[]> {
  const values = await comparedValues(dialog, count);
  // A node's inputs are listed by name (workflowDiff sorts them): cfg before seed.
  const lines = ['3.cfg', '3.seed'].flatMap((target) => expectedLine(values, target) ?? []);
  expect(lines.length).toBeGreaterThan(0);
  await expect(differences(dialog)).toHaveText(lines);
  return values;
}

function panes(dialog: Locator): Locator {
  return dialog.getByTestId('compare-panes').locator('img');
}

/** Every pane's picture decoded and shown. */
async function expectPainted(dialog: Locator, count: number): Promise<void> {
  await expect(panes(dialog)).toHaveCount(count);
  await expect(dialog.locator('figure[data-state="shown"]')).toHaveCount(count, { timeout: 20_000 });
}

/**
 * Holds the original pictures' bytes (not the grid's thumbnails) until `release` is called: the loading state
 * is on screen for as long as the test needs it.
 */
async function holdPictures(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  const pattern = /\/asset-bytes\/[^/]+\/[^/]+\/(?!thumbs\/)[^/]+$/;
  await page.route(pattern, async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  return async () => {
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(pattern);
  };
}

test.describe('compare', () => {
  test('two and four outputs of the Demo sweep from the Library: exactly the differing inputs, every mode', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(180_000);
    const errors = collectPageErrors(page);
    const demo = await openDemo(page, webShell.url);
    await openSection(page, 'Library');
    const results = page.getByRole('listbox', { name: 'Library results' });
    // One cfg, four seeds (seed 4 at cfg 4 ran; the two out-of-memory items are at cfg 10 and 7).
    await page.getByPlaceholder(/Search prompts/).fill('lighthouse cfg:4');
    await expect.poll(() => results.getByRole('option').count(), { timeout: 45_000 }).toBe(4);
    const tiles = results.getByRole('option');
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    const compareButton = bar.getByRole('button', { name: 'Compare', exact: true });

    // One picture selected: nothing to compare yet.
    await tiles.nth(0).click();
    await expect(compareButton).toBeDisabled();
    await tiles.nth(1).click({ modifiers: ['ControlOrMeta'] });
    await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');

    // The first open, with the originals' bytes held: each pane shows its thumbnail and says the original is
    // on its way.
    const release = await holdPictures(page);
    await compareButton.click();
    const dialog = page.getByRole('dialog', { name: 'Compare' });
    await expect(dialog.getByRole('heading', { name: 'Compare 2 outputs' })).toBeVisible();
    await expect(dialog.getByText('Loading the original of A…')).toBeVisible();
    await expect(dialog.getByText('Loading the original of B…')).toBeVisible();
    await expect(dialog.getByTestId('compare-preview')).toHaveCount(2);
    for (const preview of await dialog.getByTestId('compare-preview').all())
      await expect(preview).toBeVisible();
    const before = await expectExactDifferences(dialog, 2);
    await shot(page, 'compare-loading.png');
    await release();
    await expectPainted(dialog, 2);

    // Exactly the seed differs (one cfg): the facts say so and nothing else; the times are there.
    expect(before.map((row) => row['3.cfg'])).toEqual([4, 4]);
    await expect(differences(dialog)).toHaveText([
      `3.seed ${before[0]?.['3.seed']} → ${before[1]?.['3.seed']}`,
    ]);
    await expect(dialog.getByTestId('compared-job').first()).toContainText(/Ran \d/);
    await shot(page, 'compare-2up.png');

    // Zoom and pan are one for every pane.
    await page.keyboard.press('+');
    await expect(dialog.getByText('125%')).toBeVisible();
    const stage = dialog.getByTestId('compare-panes');
    const box = await stage.boundingBox();
    if (box === null) throw new Error('the panes have no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 25, { steps: 4 });
    await page.mouse.up();
    const transforms = await panes(dialog).evaluateAll((images) =>
      images.map((image) => (image as unknown as { style: { transform: string } }).style.transform),
    );
    expect(transforms[0]).toBe('translate(40px, 25px) scale(1.25)');
    expect(new Set(transforms).size).toBe(1);
    await shot(page, 'compare-2up-zoomed.png');
    await page.keyboard.press('0');
    await expect(dialog.getByText('100%')).toBeVisible();

    // s swaps A and B: the pictures and the facts' order follow.
    const firstAlt = await panes(dialog).first().getAttribute('alt');
    await page.keyboard.press('s');
    await expect(panes(dialog).nth(1)).toHaveAttribute('alt', (firstAlt ?? '').replace(/^A:/, 'B:'));
    await expect(differences(dialog)).toHaveText([
      `3.seed ${before[1]?.['3.seed']} → ${before[0]?.['3.seed']}`,
    ]);
    await page.keyboard.press('s');

    // The A/B slider: A over B, split where the range says.
    await dialog.getByRole('button', { name: 'A/B slider' }).click();
    const split = dialog.getByLabel('Where A ends and B begins');
    await split.fill('35');
    await expect(dialog.locator('[style*="clip-path"]')).toHaveAttribute('style', /inset\(0px 65% 0px 0px\)/);
    await expectPainted(dialog, 2);
    await shot(page, 'compare-slider.png');

    // The difference: drawn once both are read; two different seeds differ in many pixels.
    await dialog.getByRole('button', { name: 'Difference' }).click();
    const canvas = dialog.getByLabel('Difference between A and B');
    await expect(dialog.getByText('Working out the difference…')).toHaveCount(0, { timeout: 15_000 });
    const lit = await canvas.evaluate((node) => {
      const target = node as unknown as {
        width: number;
        height: number;
        getContext(kind: '2d'): {
          getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
        };
      };
      const data = target.getContext('2d').getImageData(0, 0, target.width, target.height).data;
      let count = 0;
      for (let index = 0; index < data.length; index += 4) {
        if ((data[index] ?? 0) + (data[index + 1] ?? 0) + (data[index + 2] ?? 0) > 0) count++;
      }
      return { width: target.width, count };
    });
    expect(lit.width).toBe(256);
    expect(lit.count).toBeGreaterThan(1_000);
    await shot(page, 'compare-difference.png');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Four up: every seed at cfg 4; the seed line has four values, the slider and difference wait for two.
    await tiles.nth(2).click({ modifiers: ['ControlOrMeta'] });
    await tiles.nth(3).click({ modifiers: ['ControlOrMeta'] });
    await expect(bar.getByTestId('selection-count')).toHaveText('4 selected');
    await compareButton.click();
    await expect(dialog.getByRole('heading', { name: 'Compare 4 outputs' })).toBeVisible();
    const four = await expectExactDifferences(dialog, 4);
    expect(new Set(four.map((row) => row['3.seed'])).size).toBe(4);
    await expect(dialog.getByRole('button', { name: 'A/B slider' })).toBeDisabled();
    await expectPainted(dialog, 4);
    await shot(page, 'compare-4up.png');
    await page.keyboard.press('Escape');

    // A job the service forgot: the Demo's clock moves past its 30-day retention. The facts say so per job
    // instead of a diff; what Loupe already read of the pictures still shows.
    const advanced = await fetch(`${demo}/_sim/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs: 31 * 24 * 3_600_000 }),
    });
    expect(advanced.status).toBe(200);
    await tiles.nth(0).click();
    await tiles.nth(3).click({ modifiers: ['ControlOrMeta'] });
    await compareButton.click();
    await expect(
      dialog.getByText('Not every workflow can be compared input by input (see below).'),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(dialog.getByTestId('compared-job').first()).toContainText(
      "This job's workflow is not shown: the service no longer has it.",
    );
    await shot(page, 'compare-forgotten.png');
    expect(errors).toEqual([]);
  });

  test('from the contact sheet (step through its pairs) and from a job’s page by another job’s id', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    await openDemo(page, webShell.url);
    await openSection(page, 'Batches');
    await page
      .getByRole('listbox', { name: 'Batches' })
      .getByRole('option')
      .filter({ hasText: SEEDED })
      .click();
    const detail = page.getByTestId('batch-detail');
    const sheet = detail.getByRole('grid', { name: 'Contact sheet' });
    await expect(sheet).toBeVisible({ timeout: 30_000 });

    // The first cell's lightbox → Compare with next: the first two pictures of the sheet, one input apart.
    const firstCell = sheet.locator('[data-cell="0"]');
    await expect(firstCell.locator('img')).toBeVisible({ timeout: 30_000 });
    await firstCell.focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByTestId('lightbox');
    await lightbox.getByRole('button', { name: 'Compare with next' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare' });
    await expect(dialog.getByText(/← → pair 1 of \d+/)).toBeVisible();
    const first = await expectExactDifferences(dialog, 2);
    await expectPainted(dialog, 2);
    await shot(page, 'compare-sheet-pair.png');

    // → moves to the next pair: the second picture becomes A, and the facts follow.
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText(/← → pair 2 of \d+/)).toBeVisible();
    const second = await expectExactDifferences(dialog, 2);
    expect(second[0]).toEqual(first[1]);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByText(/← → pair 1 of \d+/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // The lightbox stepped aside as Compare opened: Esc closed Compare alone, the batch is still open.
    await expect(page.getByTestId('lightbox')).toHaveCount(0);
    await expect(sheet).toBeVisible();

    // Two jobs by id: item 0 (seed 1, cfg 4) against item 4 (seed 2, cfg 7).
    const table = detail.getByRole('table', { name: 'Items' });
    const jobOf = (position: number) =>
      table.locator(`[data-testid="batch-item"][data-position="${position}"]`).getByTestId('item-job');
    const otherId = (await jobOf(4).textContent()) ?? '';
    expect(otherId).not.toBe('');
    await jobOf(0).click();
    const withJob = page.getByRole('button', { name: 'Compare with job…' });
    await expect(withJob).toBeVisible({ timeout: 15_000 });
    await withJob.click();
    const field = page.getByLabel('Job id to compare with');
    const form = page.getByRole('form', { name: 'Compare with another job' });

    // A job the service does not know is said beside the field; nothing opens.
    await field.fill('no-such-job-1');
    await form.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(form.getByRole('alert')).toContainText('Loupe could not read job no-such-job-1');
    await expect(dialog).toHaveCount(0);
    await shot(page, 'compare-with-job-unknown.png');

    await field.fill(otherId);
    await form.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Compare 2 outputs' })).toBeVisible();
    await expect(differences(dialog)).toHaveText(['3.cfg 4 → 7', '3.seed 1 → 2'], { timeout: 15_000 });
    await expectExactDifferences(dialog, 2);
    await expectPainted(dialog, 2);
    await shot(page, 'compare-two-jobs.png');
    expect(errors).toEqual([]);
  });
});
