// A workflow from a picture, in the browser shell against the Demo profile (issue 22): a picture of the
// seeded sweep exported from its batch page (Loupe writes the job's API workflow into the PNGs it saves) is
// dropped on New batch, and New batch opens it like the workflow file it came from: its nodes, its inputs
// to vary. A PNG that carries only the editor's `workflow` chunk says Loupe needs the API format and how to
// get it. Screenshots of both go to reports/screenshots/.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { makePng } from '../src-main/simulator/media';
import { uiWorkflowDocument } from '../src-main/simulator/jobs/sampleWorkflows';
import { buildChunk, walkChunks } from '../src-shared/png/pngChunks';
import { readPngWorkflow } from '../src-shared/png/pngWorkflow';
import { pngHandle, type PickedFile } from './support/inputImages';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './webShell';

const SHOTS = resolve('reports/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

/** The files under `dir`, recursively, as paths relative to it. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

/** A PNG whose only workflow is the editor's document (a `workflow` tEXt chunk), as the editor saves one. */
function editorOnlyPng(): PickedFile {
  const png = makePng(64, 64, 3);
  const walk = walkChunks(png, 100);
  if (!walk.ok) throw new Error(walk.reason);
  const iend = walk.chunks.at(-1)?.offset ?? png.length;
  const text = Buffer.from(`workflow\0${JSON.stringify(uiWorkflowDocument('editor-1'))}`, 'latin1');
  const chunk = buildChunk('tEXt', text);
  const buffer = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
  return { name: 'saved-by-the-editor.png', mimeType: 'image/png', buffer };
}

/** Drags one file over the window and drops it, as a person dragging from the desktop would. */
async function dropOnWindow(page: Page, picked: PickedFile): Promise<void> {
  const file = await pngHandle(page, picked);
  const dataTransfer = await page.evaluateHandle((one) => {
    const transfer = new (
      globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: File): unknown } };
      }
    ).DataTransfer();
    transfer.items.add(one);
    return transfer;
  }, file);
  for (const type of ['dragenter', 'dragover']) await page.dispatchEvent('main', type, { dataTransfer });
  await expect(page.getByTestId('new-batch-drop')).toBeVisible();
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByTestId('new-batch-drop')).toBeHidden();
}

test.describe('a workflow from a picture', () => {
  test('a PNG exported by Loupe dropped on New batch opens its workflow; an editor-only one says why not', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(120_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDemo(page, webShell.url);

    // Export the sweep's pictures from its batch page, as a person would.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
    await page
      .getByRole('listbox', { name: 'Batches' })
      .getByRole('option', { name: /Lighthouse study/ })
      .first()
      .click({ timeout: 30_000 });
    const detail = page.getByTestId('batch-detail');
    await detail.getByTestId('batch-export').click();
    await expect(detail.getByTestId('batch-export-result')).toContainText('Exported 10 files', {
      timeout: 60_000,
    });
    const exported = filesUnder(webShell.exportDir).find((name) => name.endsWith('seed-3_cfg-7_00001.png'));
    expect(exported, filesUnder(webShell.exportDir).join(', ')).toBeDefined();
    const bytes = readFileSync(join(webShell.exportDir, exported ?? ''));
    // What Loupe wrote is the API workflow (the test reads it as New batch will, to know what to expect).
    const carried = await readPngWorkflow(new Uint8Array(bytes), () => Promise.resolve(null));
    expect(carried.kind).toBe('api');

    // New batch, empty; the picture dropped on the window.
    await page.getByRole('button', { name: 'New batch' }).click();
    const name = (exported ?? '').split('/').pop() ?? '';
    await dropOnWindow(page, { name, mimeType: 'image/png', buffer: bytes });
    await expect(page.getByTestId('workflow-name')).toContainText(name);
    const nodes = page.getByRole('list', { name: 'Workflow nodes' });
    await expect(nodes.getByRole('button', { name: /^Vary 3\.seed / })).toBeVisible();
    await expect(nodes.getByRole('button', { name: /^Vary 3\.cfg / })).toBeVisible();
    await shot(page, 'new-batch-png-drop.png');

    // The editor's own document only: not taken, and the words say how to get the API format.
    await dropOnWindow(page, editorOnlyPng());
    await expect(page.getByText(/Loupe needs the API format/)).toBeVisible();
    await expect(page.getByTestId('workflow-name')).toContainText(name);
    await shot(page, 'new-batch-png-editor-only.png');
    expect(errors).toEqual([]);
  });
});
