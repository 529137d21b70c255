// The Batches screen in the browser shell against the Demo profile: two workflows submitted from the Jobs
// screen are two batches (each submit is recorded as a batch of one), newest first; the open batch's gallery
// fills as its job writes, its thumbnails load from the asset route, the lightbox moves with the arrows and
// names the job, and a click on the item's job id opens that job in Jobs. Screenshots go to the test's
// output folder for a person to look at.
import type { Locator } from '@playwright/test';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { openDemoJobs, submitThroughPicker } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

/** A text-to-image run of `steps` sampler steps writing `batch` images named after `prefix`. */
function imageWorkflow(prefix: string, seed: number, batch: number, steps: number) {
  return textToImageWorkflow({ prompt: `a ${prefix} at dusk`, seed, batch, steps, filenamePrefix: prefix });
}

interface ImageLike {
  naturalWidth: number;
}

function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element: ImageLike) => element.naturalWidth);
}

test.describe('batches', () => {
  test('two submits are two batches; one batch’s outputs land in its gallery and open in the lightbox', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    await openDemoJobs(page, webShell.url);

    const duneJob = await submitThroughPicker(page, 'dunes.json', imageWorkflow('dune', 7, 1, 4));
    // Sixty sampler steps (about 7 s on the Demo): long enough to watch its outputs land on the Batches screen.
    const kiteJob = await submitThroughPicker(page, 'kites.json', imageWorkflow('kite', 5, 2, 60));

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
    const list = page.getByRole('listbox', { name: 'Batches' });
    const rows = list.getByRole('option');
    // The two, and below them the sweep the Demo server seeded (recorded when it started).
    await expect(rows).toHaveCount(3);
    // Newest first, names as plain text.
    await expect(rows.nth(0).getByTestId('batch-name')).toHaveText('Submitted: kites.json');
    await expect(rows.nth(1).getByTestId('batch-name')).toHaveText('Submitted: dunes.json');
    await expect(rows.nth(2).getByTestId('batch-name')).toHaveText('Lighthouse study: seed × cfg');
    await expect(rows.nth(0).getByTestId('batch-item-count')).toHaveText('1 item');
    await expect(rows.nth(0).getByTestId('batch-state-bar')).toBeVisible();

    // Open the kites batch with the keyboard: ↓ Enter in the list.
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('heading', { name: 'Submitted: kites.json' })).toBeVisible();
    const item = detail.getByTestId('batch-item').first();
    await expect(item.getByTestId('item-job')).toHaveText(kiteJob);
    await expect(detail.getByTestId('batch-running')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('batches-running.png') });

    // Its outputs land as the job writes them; each tile names the job.
    const tiles = detail.getByTestId('gallery-tile');
    await expect(tiles.first()).toBeVisible({ timeout: 60_000 });
    await expect(detail.getByTestId('batch-counts')).toHaveText('1 item: 1 succeeded', { timeout: 60_000 });
    await expect(detail.getByTestId('batch-finished')).toBeVisible();
    await expect(item).toHaveAttribute('data-state', 'succeeded');
    const count = await tiles.count();
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(tiles.first().getByTestId('tile-origin')).toHaveText(`#1 · ${kiteJob}`);
    await expect(rows.nth(0).getByTestId('batch-output-count')).toHaveText(
      count === 1 ? '1 output' : `${count} outputs`,
    );
    for (const thumb of await detail.locator('[data-testid="gallery-tile"] img').all()) {
      expect(new URL((await thumb.getAttribute('src')) ?? '', webShell.origin).origin).toBe(webShell.origin);
      await expect.poll(() => naturalWidth(thumb), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await page.screenshot({ path: testInfo.outputPath('batches-screen.png') });

    // The lightbox: opens on a tile, names the job, moves with the arrows, Esc goes back to the tile.
    await tiles.first().locator('[data-tile-open]').click();
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toContainText(`1 of ${count}`);
    await expect(lightbox.getByTestId('output-origin')).toContainText(kiteJob);
    const large = lightbox.getByTestId('lightbox-stage').locator('img');
    await expect.poll(() => naturalWidth(large), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: testInfo.outputPath('batches.png') });
    if (count > 1) {
      await page.keyboard.press('ArrowRight');
      await expect(lightbox).toContainText(`2 of ${count}`);
    }
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    await expect(detail).toBeVisible();

    // The other batch is the other job.
    await rows.nth(1).click();
    await expect(detail.getByTestId('item-job')).toHaveText(duneJob);

    // A click on the job id opens that job in Jobs.
    await detail.getByTestId('item-job').click();
    const jobDetail = page.getByTestId('job-detail');
    await expect(jobDetail).toHaveAttribute('data-job-id', duneJob);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jobs');
    expect(errors).toEqual([]);
  });
});
