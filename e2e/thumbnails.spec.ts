// Pictures in the Jobs and Batches lists, in the browser shell against the Demo profile (serverless: every
// picture lives behind a signed storage link). Each row with an image output shows its first one's library
// thumbnail (made in main from the picture, never the original in the row); the Demo server's own request log is the evidence that each picture left storage once, and
// that drawing the lists again (another screen and back) costs the service nothing, and the browser's log
// that the route was asked once per picture. Screenshots go to reports/screenshots/ for a person to see.
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { demoOrigin, openDemoJobs } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const SHOTS = resolve('reports/screenshots');

const requestLog = z.object({
  requests: z.array(z.object({ method: z.string(), path: z.string(), status: z.number() })),
});

/** What the Demo server saw: storage fetches (the picture bytes) and asset look-ups (link resolutions). */
async function demoRequests(origin: string) {
  const { requests } = requestLog.parse(await (await fetch(`${origin}/_sim/requests`)).json());
  return {
    storage: requests.filter((r) => r.path.startsWith('/_storage/')).length,
    resolutions: requests.filter((r) => /^\/api\/v2\/assets\/[^/]+$/.test(r.path)).length,
  };
}

// The DOM as these page functions use it (the e2e code is type-checked without the DOM library).
interface ImageLike {
  complete: boolean;
  naturalWidth: number;
  getAttribute(name: string): string | null;
}

/** The picture a route URL shows, whether its thumbnail or itself: `/asset-bytes/…/demo/<id>`. */
function pictureOf(url: string): string {
  return new URL(url, 'http://route').pathname.replace('/thumbs/', '/');
}

interface RowLike {
  scrollIntoView(options: { block: 'start' }): void;
}

/** The rows' pictures once every one in view has decoded (none shows the browser's broken image). */
async function loadedPictures(list: Locator): Promise<Locator[]> {
  const pictures = list.locator('[data-testid="row-thumbnail"] img');
  await expect(pictures.first()).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(
      () =>
        pictures.evaluateAll((images) =>
          (images as unknown as ImageLike[]).every((image) => image.complete && image.naturalWidth > 0),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  return pictures.all();
}

async function pictureUrls(list: Locator): Promise<string[]> {
  return list
    .locator('[data-testid="row-thumbnail"] img')
    .evaluateAll((images) =>
      (images as unknown as ImageLike[]).map((image) => image.getAttribute('src') ?? ''),
    );
}

async function openSection(page: Page, name: 'Jobs' | 'Batches'): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}

test.describe('thumbnails', () => {
  test('job and batch rows show their first picture, each fetched from storage once', async ({
    page,
    webShell,
  }) => {
    const errors = collectPageErrors(page);
    // The route's answers that carried a picture (a thumbnail not made yet is answered 404, and the row
    // then shows the picture itself).
    const routeRequests: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/asset-bytes/') && response.ok())
        routeRequests.push(response.url());
    });
    const jobs = await openDemoJobs(page, webShell.url);
    const origin = await demoOrigin(page);
    // The library reads the Demo's listed jobs in the background (two a second), and each row gains its
    // picture as its job is read: let that settle first, so the counts below are of a list that holds still.
    const loaded = jobs.locator('[data-testid="row-thumbnail"][data-state="loaded"]');
    let before = -1;
    for (let look = 0; look < 20; look++) {
      const now = await loaded.count();
      if (now === before && now > 0) break;
      before = now;
      await page.waitForTimeout(2_000);
    }

    const jobPictures = await loadedPictures(jobs);
    expect(jobPictures.length).toBeGreaterThan(3);
    const jobUrls = await pictureUrls(jobs);
    // The asset route of this window, never a service or storage URL.
    for (const url of jobUrls) expect(new URL(url, webShell.origin).origin).toBe(webShell.origin);
    // One picture per job: no two rows share one.
    expect(new Set(jobUrls.map(pictureOf)).size).toBe(jobUrls.length);
    // Rows without an image output keep the plain tile.
    await expect(jobs.locator('[data-testid="row-thumbnail"][data-state="failed"]')).toHaveCount(0);

    await openSection(page, 'Batches');
    const batches = page.getByRole('listbox', { name: 'Batches' });
    await expect(batches.getByTestId('batch-name')).toHaveText('Lighthouse study: seed × cfg');
    const [sweep] = await loadedPictures(batches);
    expect(await sweep?.getAttribute('src')).toMatch(/^\/asset-bytes\/[^/]+\/demo\/(thumbs\/)?[^/]+$/);
    await page.screenshot({ path: `${SHOTS}/thumbnails-batches.png` });

    // Every picture so far came out of storage exactly once: one storage fetch per picture the page asked
    // for (its thumbnail, or the picture itself for a job the library had not read yet), and the page asked
    // for each once. (It may have asked for more than are in view now: rows drawn from Loupe's memory before
    // the service's list came in can be other jobs.)
    const seen = await demoRequests(origin);
    const distinct = new Set(routeRequests.map((url) => new URL(url).pathname));
    expect(distinct.size).toBe(routeRequests.length);
    for (const url of [...jobUrls, (await sweep?.getAttribute('src')) ?? '']) expect(distinct).toContain(url);
    expect(seen.storage).toBe(new Set([...distinct].map(pictureOf)).size);

    // Drawn again, twice over: the same pictures for the same rows. A row drawn before the library had read
    // its job showed the picture itself and now shows its thumbnail; a row may gain a picture meanwhile (the
    // library's background read of a listed job can land between two rounds), but none changes or goes, and
    // each picture is still fetched from storage once: a thumbnail is made from the copy main already has.
    for (let round = 0; round < 2; round++) {
      await openSection(page, 'Jobs');
      await loadedPictures(jobs);
      expect((await pictureUrls(jobs)).map(pictureOf)).toEqual(
        expect.arrayContaining(jobUrls.map(pictureOf)),
      );
      await openSection(page, 'Batches');
      await loadedPictures(batches);
    }
    const after = await demoRequests(origin);
    const distinctAfter = new Set(routeRequests.map((url) => new URL(url).pathname));
    expect(after.storage).toBe(new Set([...distinctAfter].map(pictureOf)).size);
    // The browser, too, asked the route once per picture: the URLs never change, so a row mounted again
    // reuses the picture it already has (and were it asked again, main's disk cache would answer).
    expect(routeRequests).toHaveLength(distinctAfter.size);
    // Once the library has read the jobs (two a second, in the background), every row drawn shows the small
    // thumbnail main made, never the original decoded whole for a 40 px square.
    const originals = async (list: Locator, section: 'Jobs' | 'Batches') => {
      await openSection(page, section === 'Jobs' ? 'Batches' : 'Jobs');
      await openSection(page, section);
      await loadedPictures(list);
      return (await pictureUrls(list)).filter((url) => !url.includes('/thumbs/'));
    };
    await expect.poll(() => originals(jobs, 'Jobs'), { timeout: 30_000, intervals: [2_000] }).toEqual([]);
    await expect
      .poll(() => originals(batches, 'Batches'), { timeout: 30_000, intervals: [2_000] })
      .toEqual([]);

    // A listed job Loupe never opened gains its picture too: the library reads finished jobs it has only
    // seen in lists in the background (issue 21), so no row of an image job stays bare for long.
    await openSection(page, 'Jobs');
    const loadedRows = jobs.locator('[data-testid="row-thumbnail"][data-state="loaded"]');
    await expect
      .poll(() => loadedRows.count(), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(jobPictures.length);

    // The screenshot: rows the service listed, with the pictures the library read for them.
    await page.screenshot({ path: `${SHOTS}/thumbnails-jobs.png` });
    // Further down, the sweep: a list full of pictures.
    await jobs
      .getByRole('option')
      .filter({ hasText: 'loupe.batch=demo-sweep' })
      .first()
      .evaluate((row: RowLike) => row.scrollIntoView({ block: 'start' }));
    await loadedPictures(jobs);
    // The sweep's rows share their prompt; each says which item it ran.
    const sweepRows = jobs.getByRole('option').filter({ hasText: 'loupe.batch=demo-sweep' });
    await expect(sweepRows.first().getByTestId('job-row-values')).toHaveText(/^seed \d+, cfg \d+$/);
    const values = await sweepRows.getByTestId('job-row-values').allTextContents();
    expect(new Set(values).size).toBe(values.length);
    await page.screenshot({ path: `${SHOTS}/thumbnails-jobs-sweep.png` });
    expect(errors).toEqual([]);
  });
});
