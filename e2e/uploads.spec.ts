// Uploads in the browser shell against the Demo profile (a serverless simulator in the shell's process):
// files dropped onto the window (a real DataTransfer of File objects, dispatched as dragenter/dragover/drop),
// hashed in the page's Web Worker, planned by main, their bytes PUT to the shell's upload route; the same
// file dropped again goes as zero bytes. The Demo simulator's own byte counter (/_sim/stats) is the evidence.
// Screenshots of the Assets view and the uploader during and after an upload go next to the test's output.
import type { JSHandle, Page } from '@playwright/test';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { demoStats, dropFiles, openAssets, setDemoDelay } from './support/uploadsUi';
import { expect, test } from './webShell';

const MB = 1000 * 1000;

// The few browser APIs the in-page helpers use: this folder is type-checked without the DOM library.
interface PageImageData {
  data: Uint8ClampedArray;
}
interface PageCanvas {
  getContext(kind: '2d'): {
    createImageData(width: number, height: number): PageImageData;
    putImageData(image: PageImageData, x: number, y: number): void;
  } | null;
  convertToBlob(options: { type: string }): Promise<Blob>;
}
interface PageElement {
  getAttribute(name: string): string | null;
  matches(selector: string): boolean;
  querySelectorAll(selector: string): { forEach(each: (element: PageElement) => void): void };
}
interface PageGlobals {
  OffscreenCanvas: new (width: number, height: number) => PageCanvas;
  DataTransfer: new () => { items: { add(file: File): unknown } };
  MutationObserver: new (callback: (records: { target: unknown }[]) => void) => {
    observe(target: unknown, options: Record<string, unknown>): void;
  };
  document: { body: unknown };
  uploadStagesSeen: string[];
}
interface ImageLike {
  naturalWidth: number;
}

/** Opens the shell, switches to the Demo profile and the Assets section; returns the Demo server's origin. */
async function openDemoAssets(page: Page, url: string): Promise<string> {
  const origin = await openDemo(page, url);
  await openAssets(page);
  return origin;
}

/** A file of `size` random bytes, made in the page (a File cannot cross from the test process). */
async function makeFile(page: Page, name: string, size: number, type: string): Promise<JSHandle<File>> {
  return page.evaluateHandle(
    ({ name, size, type }) => {
      const bytes = new Uint8Array(size);
      for (let offset = 0; offset < size; offset += 65_536) {
        crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65_536)));
      }
      return new File([bytes], name, { type });
    },
    { name, size, type },
  );
}

/** A real PNG of coloured noise (so its thumbnail shows, and no two runs make the same bytes). */
async function makeNoisePng(page: Page, name: string, side: number): Promise<JSHandle<File>> {
  return page.evaluateHandle(
    async ({ name, side }) => {
      const page = globalThis as unknown as PageGlobals;
      const canvas = new page.OffscreenCanvas(side, side);
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2d context');
      const image = context.createImageData(side, side);
      for (let offset = 0; offset < image.data.length; offset += 65_536) {
        crypto.getRandomValues(image.data.subarray(offset, Math.min(image.data.length, offset + 65_536)));
      }
      for (let alpha = 3; alpha < image.data.length; alpha += 4) image.data[alpha] = 255;
      context.putImageData(image, 0, 0);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return new File([blob], name, { type: 'image/png' });
    },
    { name, side },
  );
}

/** The size as the screen writes it (decimal megabytes, three significant digits). */
function megabytes(bytes: number): string {
  const value = bytes / MB;
  return `${value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2)} MB`;
}

/** Records every stage a file row passes through, so a stage that lasts a moment is still seen. */
async function recordStages(page: Page): Promise<void> {
  await page.evaluate(() => {
    const page = globalThis as unknown as PageGlobals;
    const seen: string[] = [];
    page.uploadStagesSeen = seen;
    // Defined in here: this function runs in the page, where nothing of this module exists.
    const isElement = (node: unknown): node is PageElement =>
      typeof node === 'object' && node !== null && 'matches' in node;
    const note = (node: PageElement) => {
      const stage = node.getAttribute('data-stage');
      if (stage !== null && seen.at(-1) !== stage) seen.push(stage);
    };
    new page.MutationObserver((records) => {
      for (const { target } of records) {
        if (!isElement(target)) continue;
        if (target.matches('[data-testid="upload-file"]')) note(target);
        target.querySelectorAll('[data-testid="upload-file"]').forEach(note);
      }
    }).observe(page.document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-stage'],
    });
  });
}

async function stagesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).uploadStagesSeen);
}

test.describe('uploads', () => {
  test('drop to upload: hashed in the page, sent once, the same bytes again cost nothing; then delete', async ({
    page,
    webShell,
  }, testInfo) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    const demo = await openDemoAssets(page, webShell.url);
    await page.screenshot({ path: testInfo.outputPath('assets-view.png') });

    // The first drop: a slow service (every answer waits) keeps the upload on screen long enough to see.
    const photo = await makeNoisePng(page, 'kite-reference.png', 1900);
    const size = await photo.evaluate((file) => file.size);
    expect(size).toBeGreaterThan(10 * MB);
    const before = await demoStats(demo);
    await setDemoDelay(demo, 1200);
    await recordStages(page);
    await dropFiles(page, [photo]);
    const card = page.getByTestId('upload-card').first();
    const row = card.getByTestId('upload-file');
    await expect(row).toHaveAttribute('data-path', 'kite-reference.png');
    await expect(row).toHaveAttribute('data-stage', /checking|ready-to-send|sending/, { timeout: 20_000 });
    await expect(row).toHaveAttribute('data-stage', 'sending', { timeout: 20_000 });
    await page.screenshot({ path: testInfo.outputPath('uploader-during.png'), animations: 'disabled' });
    await expect(row).toHaveAttribute('data-result', 'uploaded', { timeout: 45_000 });
    await expect(card.getByTestId('upload-summary')).toHaveText('1 file, 1 uploaded');
    await expect(card.getByTestId('upload-sent')).toHaveText(`${megabytes(size)} of ${megabytes(size)}`);
    expect(await stagesSeen(page)).toEqual(
      expect.arrayContaining(['hashing', 'checking', 'sending', 'done']),
    );
    expect((await demoStats(demo)).uploadBytesReceived - before.uploadBytesReceived).toBe(size);
    await setDemoDelay(demo, null);

    // The same bytes again (another name): already on the server, nothing sent.
    const copy = await page.evaluateHandle(
      (file) => new File([file], 'kite-reference-copy.png', { type: file.type }),
      photo,
    );
    await dropFiles(page, [copy]);
    const second = page.getByTestId('upload-card').first();
    await expect(second.getByTestId('upload-file')).toHaveAttribute('data-result', 'deduplicated', {
      timeout: 30_000,
    });
    await expect(second.getByTestId('upload-summary')).toHaveText(
      `1 file, 1 already on the server, ${megabytes(size)} not sent`,
    );
    await expect(second.getByTestId('upload-sent')).toHaveText('nothing needed sending');
    await expect(second.getByTestId('upload-file-message')).toContainText('0 bytes sent');
    expect((await demoStats(demo)).uploadBytesReceived - before.uploadBytesReceived).toBe(size);
    await page.screenshot({ path: testInfo.outputPath('uploader-after.png'), animations: 'disabled' });

    // Both are assets now, with the hash the page computed.
    const list = page.getByRole('listbox', { name: 'Assets' });
    const uploaded = list.getByRole('option').filter({ hasText: 'kite-reference.png' });
    await expect(uploaded).toBeVisible();
    await expect(list.getByRole('option').filter({ hasText: 'kite-reference-copy.png' })).toBeVisible();
    await uploaded.click();
    const detail = page.getByTestId('asset-detail');
    // The pane asks the service (the Demo server runs in Loupe's own process), which is busy serving and
    // thumbnailing the 12 MB picture just sent: on a loaded CI machine that answer once took over 5 s.
    await expect(detail.getByTestId('asset-hash')).toHaveText(/^blake3:[0-9a-f]{64}$/, { timeout: 20_000 });
    await expect(detail.getByTestId('asset-facts')).toContainText(megabytes(size));
    // The thumbnail comes through the asset route and really decodes.
    await expect
      .poll(() => detail.getByTestId('asset-preview').evaluate((img: ImageLike) => img.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(1900);
    await page.screenshot({ path: testInfo.outputPath('assets-detail.png'), animations: 'disabled' });

    // Delete it, with the confirmation; the row goes and the pane says so.
    await detail.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByTestId('delete-asset-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(detail.getByTestId('asset-gone')).toContainText('Deleted');
    await expect(uploaded).toHaveCount(0);
    await expect(list.getByRole('option').filter({ hasText: 'kite-reference-copy.png' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a file over 100 MB is refused before a byte is sent, with the reason', async ({ page, webShell }) => {
    test.setTimeout(120_000);
    const demo = await openDemoAssets(page, webShell.url);
    const before = await demoStats(demo);
    const big = await makeFile(page, 'too-big.bin', 101 * MB, 'application/octet-stream');
    await dropFiles(page, [big]);
    const row = page.getByTestId('upload-card').first().getByTestId('upload-file');
    await expect(row).toContainText('Over the 100 MB single-upload limit');
    await expect(row).toHaveAttribute('data-result', 'refused-too-large', { timeout: 60_000 });
    await expect(row.getByTestId('upload-file-message')).toContainText('Nothing was sent');
    expect((await demoStats(demo)).uploadBytesReceived).toBe(before.uploadBytesReceived);
  });
});
