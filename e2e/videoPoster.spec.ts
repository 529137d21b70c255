// A video's poster frame in the browser shell against the Demo profile (issue 21): a small WebM, recorded in the
// page with MediaRecorder from a canvas, is uploaded; the upload is a library entry (Source › Uploads); its tile
// has no thumbnail until the window draws the first frame and hands it to main, which stores it and serves it
// from the thumbnail route. A screenshot of the tile with its poster goes to the test's output folder. A job
// that made only a video (the Demo server's SaveWEBM), sent by someone else, appears in the job list by itself and
// shows its poster in its row the same way.
import { resolve } from 'node:path';
import type { JSHandle, Page } from '@playwright/test';
import { z } from 'zod';
import { videoWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { demoOrigin, openDemo, openDemoJobs } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { dropFiles, openAssets } from './support/uploadsUi';
import { expect, test } from './webShell';

// The few browser APIs the in-page recorder uses: this folder is type-checked without the DOM library.
interface PageCanvas {
  width: number;
  height: number;
  getContext(
    kind: '2d',
  ): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void } | null;
  captureStream(fps: number): unknown;
}
interface PageRecorder {
  ondataavailable: (event: { data: Blob }) => void;
  onstop: () => void;
  start(): void;
  stop(): void;
}
interface PageGlobals {
  document: { createElement(tag: 'canvas'): PageCanvas };
  MediaRecorder: new (stream: unknown, options: { mimeType: string }) => PageRecorder;
}
interface ImageLike {
  naturalWidth: number;
  naturalHeight: number;
}

/** A WebM of a second of changing colours, 320 × 180, recorded in the page. */
async function recordWebm(page: Page, name: string): Promise<JSHandle<File>> {
  return page.evaluateHandle(async (name) => {
    const page = globalThis as unknown as PageGlobals;
    const canvas = page.document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d');
    if (context === null) throw new Error('no 2d context');
    context.fillStyle = 'hsl(200, 80%, 50%)';
    context.fillRect(0, 0, 320, 180);
    const recorder = new page.MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise<void>((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    for (let frame = 0; frame < 25; frame++) {
      context.fillStyle = `hsl(${(frame * 14) % 360}, 80%, 50%)`;
      context.fillRect(0, 0, 320, 180);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    return new File(chunks, name, { type: 'video/webm' });
  }, name);
}

test.describe('video poster frames', () => {
  test('an uploaded video’s tile gains a poster frame drawn by the window and stored by main', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await openDemo(page, webShell.url);
    await openAssets(page);
    const clip = await recordWebm(page, 'lantern-clip.webm');
    await dropFiles(page, [clip]);
    const row = page.getByTestId('upload-card').first().getByTestId('upload-file');
    await expect(row).toHaveAttribute('data-result', 'uploaded', { timeout: 45_000 });

    // The upload is a library entry: Source › Uploads finds it.
    await page.getByRole('tab', { name: 'All outputs' }).click();
    const sources = page.getByRole('group', { name: 'Source' });
    await sources.getByLabel(/Uploads/).check({ timeout: 30_000 });
    const results = page.getByRole('listbox', { name: 'Library results' });
    const tile = results.getByRole('option', { name: 'lantern-clip.webm' });
    await expect(tile).toBeVisible({ timeout: 30_000 });

    // The window draws the first frame and main serves it back as the tile's thumbnail (once main has it, the
    // entry says its thumbnail is ready and the tile shows it like any other).
    // Both sides read at once, in one poll: a picture still loading reads 0 × 0.
    const poster = tile.locator('img[src*="/thumbs/"]');
    await expect(poster).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        () =>
          poster.evaluate((img) => {
            const { naturalWidth, naturalHeight } = img as unknown as ImageLike;
            return `${naturalWidth} × ${naturalHeight}`;
          }),
        { timeout: 15_000 },
      )
      .toBe('320 × 180');
    const src = await poster.getAttribute('src');
    expect(src).toMatch(/\/thumbs\//);
    const served = await page.request.get(new URL(src ?? '', webShell.url).toString());
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    await tile.screenshot({ path: testInfo.outputPath('video-poster-tile.png') });
    await page.screenshot({ path: testInfo.outputPath('video-poster-library.png') });
    expect(errors).toEqual([]);
  });

  test('a job that made only a video shows its poster in its row, drawn by the window', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const jobs = await openDemoJobs(page, webShell.url);
    // A job sent to the Demo server by someone else: the list gains it while the window follows the profile
    // (main reads the service's newest jobs every 15 s), with nothing opened again.
    const origin = await demoOrigin(page);
    const sent = await fetch(`${origin}/api/v2/jobs`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
      body: JSON.stringify({ workflow: videoWorkflow({ prompt: 'a lantern swaying at dusk', steps: 4 }) }),
    });
    expect(sent.status).toBe(201);
    const { id } = z.object({ id: z.string() }).parse(await sent.json());
    const row = jobs.locator(`[data-job-id="${id}"]`);
    await expect(row).toHaveAttribute('data-status', 'succeeded', { timeout: 45_000 });
    // The library reads the job in the background; main has no poster of the video, so the row draws one
    // from the video's first frame and asks for main's thumbnail again.
    const tile = row.getByTestId('row-thumbnail');
    await expect(tile).toHaveAttribute('data-state', 'loaded', { timeout: 45_000 });
    const poster = tile.locator('img');
    expect(await poster.getAttribute('src')).toMatch(/\/thumbs\/[^/?]+\?attempt=1$/);
    const size = await poster.evaluate((img) => {
      const { naturalWidth, naturalHeight } = img as unknown as ImageLike;
      return `${naturalWidth} × ${naturalHeight}`;
    });
    // The Demo's clip is 160 × 90: main's WebP of the frame the window drew.
    expect(size).toBe('160 × 90');
    // Named by what it made: the prompt of the workflow the library read from the service.
    await expect(row).toContainText('a lantern swaying at dusk');
    await page.screenshot({ path: resolve('reports/screenshots/video-job-row.png') });
    expect(errors).toEqual([]);
  });
});
