// What the upload tests do in the browser shell and ask of the Demo server: open Assets, drop files on the
// window as a person dragging from the desktop would, and read or slow the Demo server through /_sim.
import type { JSHandle, Page } from '@playwright/test';
import { z } from 'zod';
import { expect } from '../webShell';

/** The DataTransfer constructor as the page has it (the e2e code is type-checked without the DOM library). */
interface PageWithDataTransfer {
  DataTransfer: new () => { items: { add(file: File): unknown } };
}

/** The Library section's Uploads tab: the assets Loupe knows and the uploader (issue 21 made Assets the library). */
export async function openAssets(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Library', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Library', level: 1 })).toBeVisible();
  // The screen's code comes in its own chunk: until it is in, nothing of the screen (its drop zone) is there.
  await expect(page.getByText('Opening Library…')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Uploads' }).click();
  // The list, or its empty state: on a fresh Demo the library may not yet have read the seeded jobs' outputs
  // (it does so in the background), and then no asset is known yet; both take the dropped files.
  const known = page.getByRole('listbox', { name: 'Assets' });
  const none = page.getByRole('heading', { name: 'No assets yet' });
  await expect(known.or(none)).toBeVisible({ timeout: 15_000 });
}

/** Drags the files over the window and drops them, as a person dragging from the desktop would. */
export async function dropFiles(page: Page, files: JSHandle<File>[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new (globalThis as unknown as PageWithDataTransfer).DataTransfer();
    for (const file of list) transfer.items.add(file);
    return transfer;
  }, files);
  for (const type of ['dragenter', 'dragover']) await page.dispatchEvent('main', type, { dataTransfer });
  await expect(page.getByTestId('upload-drop-overlay')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByTestId('upload-drop-overlay')).toBeHidden();
}

const statsSchema = z.object({ uploadBytesReceived: z.number(), assets: z.number() });

/** The Demo server's own counters: file bytes taken in through uploads, and assets held. */
export async function demoStats(origin: string): Promise<z.infer<typeof statsSchema>> {
  return statsSchema.parse(await (await fetch(`${origin}/_sim/stats`)).json());
}

/** Delays every answer of the Demo server by `delayMs` (null: no delay). */
export async function setDemoDelay(origin: string, delayMs: number | null): Promise<void> {
  const response = await fetch(`${origin}/_sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delayMs }),
  });
  expect(response.status).toBe(200);
}
