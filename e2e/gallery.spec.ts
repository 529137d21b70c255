// The output gallery in the browser shell against the Demo profile (a seeded serverless simulator): a finished
// job's thumbnails really load from the asset route, the lightbox moves with the arrow keys and closes back to
// its tile, one output downloads as real PNG bytes, an audio output plays and seeks (Range through the route),
// and a text output shows its text. Screenshots of the gallery and the lightbox go to the test's output folder
// for a person to look at.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { openDemoJobs } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// The few DOM members these checks touch inside the page (the e2e config has no DOM types).
interface AttributesLike {
  getAttribute(name: string): string | null;
}
interface ImageLike {
  naturalWidth: number;
}
interface MediaLike {
  readyState: number;
  currentTime: number;
  muted: boolean;
  seekable: { length: number; end(index: number): number };
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
}
interface PageGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
}

function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
}

/** The kinds of the tiles in the open job's gallery, in order. */
async function tileKinds(detail: Locator): Promise<string[]> {
  const gallery = detail.getByTestId('outputs-gallery');
  await expect(gallery.getByTestId('gallery-tile').first()).toBeVisible();
  return gallery
    .getByTestId('gallery-tile')
    .evaluateAll((tiles: AttributesLike[]) => tiles.map((tile) => tile.getAttribute('data-kind') ?? ''));
}

/** Opens the first succeeded job whose outputs pass `wanted`; returns its tile kinds. */
async function openJobWith(
  list: Locator,
  detail: Locator,
  wanted: (kinds: string[]) => boolean,
): Promise<string[]> {
  const rows = list.locator('[role="option"][data-status="succeeded"]');
  await expect(rows.first()).toBeVisible();
  // By id, not by position: rows move when new jobs arrive.
  const ids = await rows.evaluateAll((found: AttributesLike[]) =>
    found.map((row) => row.getAttribute('data-job-id') ?? ''),
  );
  for (const id of ids) {
    // A row can move under the click as the Demo's jobs arrive (the click then opens the job now in its place,
    // as a person's would): click it again until its own job is open.
    await expect(async () => {
      await list.locator(`[role="option"][data-job-id="${id}"]`).click();
      await expect(detail).toHaveAttribute('data-job-id', id, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const kinds = await tileKinds(detail);
    if (wanted(kinds)) return kinds;
  }
  throw new Error('no seeded job has the outputs this test needs');
}

function naturalWidth(image: Locator): Promise<number> {
  return image.evaluate((element: ImageLike) => element.naturalWidth);
}

test.describe('output gallery', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('thumbnails load, the lightbox moves with arrows, one output downloads as a PNG', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const list = await openDemoJobs(page, webShell.url);
    const detail = page.getByTestId('job-detail');

    // The seeded batch of two images.
    const kinds = await openJobWith(list, detail, (found) => found.filter((k) => k === 'image').length >= 2);
    const tiles = detail.getByTestId('gallery-tile');
    const thumbs = detail.locator('[data-testid="gallery-tile"][data-kind="image"] img');
    await expect(thumbs).toHaveCount(kinds.filter((k) => k === 'image').length);
    for (const thumb of await thumbs.all()) {
      await expect(thumb).toHaveAttribute('loading', 'lazy');
      // Bytes from the asset route of this host, never a service URL.
      expect(new URL((await thumb.getAttribute('src')) ?? '', webShell.origin).origin).toBe(webShell.origin);
      await expect.poll(() => naturalWidth(thumb), { timeout: 15_000 }).toBeGreaterThan(0);
    }
    await expect(detail.getByTestId('asset-broken')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('gallery-images.png') });

    // The lightbox: open on the first tile, move with the arrows, Esc back to the tile.
    await tiles.first().locator('[data-tile-open]').focus();
    await page.keyboard.press('Enter');
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox).toBeVisible();
    const firstKey = await lightbox.getAttribute('data-key');
    await expect(lightbox).toContainText(`1 of ${kinds.length}`);
    const large = lightbox.getByTestId('lightbox-stage').locator('img');
    await expect.poll(() => naturalWidth(large), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(lightbox.locator('[data-load-state="loaded"]')).toBeVisible();
    await expect(lightbox).toBeFocused();
    // The Demo computes hashes a moment after writing the bytes; the gallery reads the job again for them.
    await expect(lightbox.getByTestId('output-details')).toContainText('blake3:', { timeout: 20_000 });
    await page.screenshot({ path: testInfo.outputPath('gallery-lightbox.png') });
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText(`2 of ${kinds.length}`);
    await expect(lightbox).not.toHaveAttribute('data-key', firstKey ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toHaveAttribute('data-key', firstKey ?? '');

    // Download the one shown: the bytes saved are a PNG.
    const downloading = page.waitForEvent('download');
    await lightbox.getByRole('button', { name: 'Download', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    // Copy link on serverless: a signed URL and until when it works.
    await lightbox.getByRole('button', { name: 'Copy link' }).click();
    await expect(lightbox.getByTestId('copy-link-result')).toContainText(
      /Link copied: works until (tomorrow )?\d{1,2}:\d{2}/,
    );
    const link = await readClipboard(page);
    expect(new URL(link).protocol).toMatch(/^https?:$/);
    await page.screenshot({ path: testInfo.outputPath('gallery-lightbox-link.png') });

    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    await expect(tiles.first().locator('[data-tile-open]')).toBeFocused();
    await page.screenshot({ path: testInfo.outputPath('gallery-focus-after-lightbox.png') });
    // The job is still open: Esc closed only the lightbox.
    await expect(detail).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('audio plays and seeks; text shows as text', async ({ page, webShell }, testInfo) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const list = await openDemoJobs(page, webShell.url);
    const detail = page.getByTestId('job-detail');

    await openJobWith(list, detail, (kinds) => kinds.includes('audio'));
    const audio = detail.locator('[data-testid="gallery-tile"][data-kind="audio"] audio').first();
    await expect
      .poll(() => audio.evaluate((element: MediaLike) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    // Play (muted: no user gesture is needed for that) until the position moves.
    await audio.evaluate((element: MediaLike) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => audio.evaluate((element: MediaLike) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await audio.evaluate((element: MediaLike) => element.pause());
    // Seek: the route passes Range through, so the whole file is seekable and the new position sticks.
    const seek = await audio.evaluate(async (media: MediaLike) => {
      const end = media.seekable.length > 0 ? media.seekable.end(0) : 0;
      const target = Math.min(1, end / 2);
      const seeked = new Promise<void>((resolve) =>
        media.addEventListener('seeked', () => resolve(), { once: true }),
      );
      media.currentTime = target;
      await seeked;
      return { target, at: media.currentTime, end };
    });
    expect(seek.end).toBeGreaterThan(0.5);
    expect(Math.abs(seek.at - seek.target)).toBeLessThan(0.05);
    // What makes that work for long files too: the player's URL answers a Range with 206.
    const src = new URL((await audio.getAttribute('src')) ?? '', webShell.origin).href;
    const partial = await page.request.get(src, { headers: { range: 'bytes=100-199' } });
    expect(partial.status()).toBe(206);
    expect(partial.headers()['content-range']).toMatch(/^bytes 100-199\/\d+$/);
    expect((await partial.body()).length).toBe(100);
    await page.screenshot({ path: testInfo.outputPath('gallery-audio.png') });

    await openJobWith(list, detail, (kinds) => kinds.includes('text'));
    const text = detail.locator(
      '[data-testid="gallery-tile"][data-kind="text"] [data-testid="text-preview"]',
    );
    await expect(text).not.toBeEmpty({ timeout: 15_000 });
    await page.screenshot({ path: testInfo.outputPath('gallery-text.png') });
    await detail.locator('[data-testid="gallery-tile"][data-kind="text"] [data-tile-open]').click();
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox.getByTestId('text-preview')).not.toBeEmpty();
    await lightbox.getByRole('button', { name: 'Copy reference' }).click();
    await expect(lightbox.getByTestId('copy-reference-result')).toContainText('Reference copied');
    const reference = JSON.parse(await readClipboard(page)) as {
      __type: string;
      info: { id: string };
    };
    expect(reference.__type).toBe('core/ASSET');
    expect(reference.info.id).toBeTruthy();
    await page.screenshot({ path: testInfo.outputPath('gallery-text-lightbox.png') });
    expect(errors).toEqual([]);
  });

  test('an image whose bytes cannot be fetched says so, and Retry loads it', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(60_000);
    const list = await openDemoJobs(page, webShell.url);
    const detail = page.getByTestId('job-detail');
    // The asset route fails (as a service that is down would) until the test lets it through.
    let failing = true;
    await page.route(
      (url) => url.pathname.startsWith('/asset-bytes/'),
      (route) =>
        failing
          ? route.fulfill({ status: 502, contentType: 'text/plain', body: 'upstream down' })
          : route.continue(),
    );
    await openJobWith(list, detail, (kinds) => kinds.includes('image'));
    const tile = detail.locator('[data-testid="gallery-tile"][data-kind="image"]').first();
    const broken = tile.getByTestId('asset-broken');
    await expect(broken).toContainText('The bytes could not be fetched.');
    await expect(broken).toContainText('could not be fetched from the service');
    await expect(tile.locator('img')).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('gallery-broken.png') });

    failing = false;
    await broken.getByRole('button', { name: 'Retry' }).click();
    const image = tile.locator('img');
    await expect(image).toHaveAttribute('src', /\?attempt=1$/);
    await expect.poll(() => naturalWidth(image), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(tile.getByTestId('asset-broken')).toHaveCount(0);
  });
});
