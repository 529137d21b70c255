// Sharing a contact sheet (issue 22), in the browser shell: a finished sweep over three axes (recorded and
// run by the built `loupe` CLI on the shell's data directory, against the simulator) exported from the
// contact sheet's toolbar as a PNG and as an HTML page into the shell's export folder; the PNG is a picture of
// the promised size, and the page opens from disk in Chromium with the network off: every picture decodes, no
// request goes out (any http(s) request is aborted and counted), and the axis menus lay the grid out again.
// A screenshot of the page goes to reports/screenshots/ for a person to look at.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { Locator } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../src-main/simulator/server';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { launchesFixture, type Launches } from './support/launches';
import { openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { e2eTiming } from './support/simulator';
import { expect, test as base } from './webShell';

const test = base.extend<{ launches: Launches; simulator: RunningSimulator }>({
  ...launchesFixture,
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ surface: 'self-hosted', timing: e2eTiming, workers: 3 });
    await use(simulator);
    await simulator.close();
  },
});

const SHOTS = resolve('reports/screenshots');
const run = promisify(execFile);

async function loupe(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['bin/loupe.mjs', ...args], {
    env: { ...process.env, LOUPE_DATA_DIR: dataDir, NO_COLOR: '1' },
  });
  return stdout;
}

/** Exports the sheet shown from the toolbar; resolves to the file's path, as the result line says it. */
async function exportSheet(detail: Locator, format: 'PNG image' | 'HTML page'): Promise<string> {
  await detail.getByTestId('sheet-export').click();
  await detail
    .getByRole('group', { name: 'Export the sheet as' })
    .getByRole('button', { name: format })
    .click();
  const result = detail.getByTestId('sheet-export-result');
  await expect(result).toContainText(format === 'PNG image' ? '.png' : '.html', { timeout: 30_000 });
  await expect(detail.getByTestId('sheet-export')).toHaveText('Export sheet…');
  return (await result.locator('code').textContent()) ?? '';
}

test.describe('a shared contact sheet', () => {
  test('exported as PNG and HTML from the toolbar; the page opens from disk offline and switches axes', async ({
    page,
    browser,
    launches,
    simulator,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const errors = collectPageErrors(page);
    const workflowPath = join(launches.dataDir, 'sweep.json');
    writeFileSync(workflowPath, JSON.stringify(textToImageWorkflow({ steps: 2, width: 128, height: 128 })));
    await loupe(launches.dataDir, [
      'profiles',
      'add',
      'Sim',
      '--surface',
      'self-hosted',
      '--url',
      simulator.url,
    ]);
    await loupe(launches.dataDir, ['profiles', 'use', 'Sim']);
    await loupe(launches.dataDir, [
      'batch',
      'run',
      workflowPath,
      '--name',
      'Shared sweep',
      '--sweep',
      '3.seed=1..3',
      '--sweep',
      '3.cfg=4,7.5',
      '--sweep',
      '5.height=96,128',
      '--concurrency',
      '3',
      '--wait',
    ]);

    const shell = await launches.start();
    await openShell(page, shell.url);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
    const row = page.getByRole('listbox', { name: 'Batches' }).getByRole('option').first();
    await expect(row.getByTestId('batch-name')).toHaveText('Shared sweep', { timeout: 15_000 });
    await row.click();
    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('grid', { name: 'Contact sheet' })).toBeVisible();

    // The PNG: seeds across, cfgs down, the two heights as pages (each a title, a head and two rows).
    const png = await exportSheet(detail, 'PNG image');
    expect(png.startsWith(shell.exportDir)).toBe(true);
    await expect(detail.getByTestId('sheet-export-result')).toContainText('an image of 12 cells');
    expect(await sharp(png).metadata()).toMatchObject({
      format: 'png',
      width: 180 + 3 * 256,
      height: 2 * (36 + 32 + 2 * 256),
    });
    await page.screenshot({ path: join(SHOTS, 'sheet-export-result.png') });

    // The page, with cfg across and seed down (as shown when it was exported).
    await detail.getByRole('combobox', { name: 'X axis' }).selectOption({ label: '3.cfg (2)' });
    await detail.getByRole('combobox', { name: 'Y axis' }).selectOption({ label: '3.seed (3)' });
    const html = await exportSheet(detail, 'HTML page');
    expect(html.startsWith(shell.exportDir)).toBe(true);
    await expect(detail.getByTestId('sheet-export-result')).toContainText('a page of 12 cells');
    expect(errors).toEqual([]);

    // From disk, with the network off: anything http(s) is aborted and counted.
    const offline = await browser.newContext();
    await offline.setOffline(true);
    const network: string[] = [];
    await offline.route(
      (url) => url.protocol === 'http:' || url.protocol === 'https:',
      async (route) => {
        network.push(route.request().url());
        await route.abort();
      },
    );
    const requests: string[] = [];
    offline.on('request', (request) => {
      if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
        requests.push(request.url());
    });
    const sheet = await offline.newPage();
    const sheetErrors = collectPageErrors(sheet);
    const consoleErrors: string[] = [];
    sheet.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await sheet.goto(pathToFileURL(html).href);
    await expect(sheet.locator('h1')).toHaveText('Shared sweep');
    const images = sheet.locator('#pages img');
    await expect(images).toHaveCount(12);
    await expect
      .poll(() =>
        images.evaluateAll((all: { complete: boolean; naturalWidth: number }[]) =>
          all.every((image) => image.complete && image.naturalWidth > 0),
        ),
      )
      .toBe(true);
    // cfg across, seed down, a page per height.
    await expect(sheet.locator('#x-axis')).toHaveValue('3.cfg');
    await expect(sheet.locator('#y-axis')).toHaveValue('3.seed');
    await expect(sheet.locator('section.page')).toHaveCount(2);
    await expect(sheet.locator('section.page').first().locator('tr').first().locator('th')).toHaveText([
      '3.seed ↓ 3.cfg →',
      '4',
      '7.5',
    ]);
    await sheet.screenshot({ path: join(SHOTS, 'sheet-html.png'), fullPage: true });

    // The switch: height across, cfg down, seeds as pages; still every picture, still nothing fetched.
    await sheet.locator('#x-axis').selectOption('5.height');
    await sheet.locator('#y-axis').selectOption('3.cfg');
    await expect(sheet.locator('section.page')).toHaveCount(3);
    await expect(sheet.locator('section.page').first().locator('tr').first().locator('th')).toHaveText([
      '3.cfg ↓ 5.height →',
      '96',
      '128',
    ]);
    await expect(sheet.locator('section.page h2').first()).toHaveText('3.seed = 1');
    await expect(images).toHaveCount(12);
    expect(
      await images.evaluateAll((all: { naturalWidth: number }[]) =>
        all.every((image) => image.naturalWidth > 0),
      ),
    ).toBe(true);
    await sheet.screenshot({ path: join(SHOTS, 'sheet-html-switched.png'), fullPage: true });
    expect(network).toEqual([]);
    expect(requests).toEqual([]);
    expect(sheetErrors).toEqual([]);
    // No CSP refusal or failed load either.
    expect(consoleErrors).toEqual([]);
    await offline.close();
  });
});
