// The contact sheet in the browser shell, on a batch planned over four axes. The batch is recorded and sent
// by the `loupe` CLI (the built one, as a user runs it) on the same data directory as the shell, against a
// self-hosted simulator this test runs with three workers: the CLI's store is the app's store, so the shell
// shows the CLI's batch live, read from the record, as its jobs run and finish. Screenshots of the sheet
// (running, finished, another X/Y, a focused cell, the lightbox) go to reports/screenshots/ for a person
// to look at; they outlive the next run's clean-up of the test output folder.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
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
    // Three at once, like a small GPU box: the sheet shows queued, running and finished cells side by side.
    const simulator = await startSimulator({ surface: 'self-hosted', timing: e2eTiming, workers: 3 });
    await use(simulator);
    await simulator.close();
  },
});

const SHOTS = resolve('reports/screenshots');
const run = promisify(execFile);

/** The CLI on the shell's data directory (HOME and the keyring are the harness's, inherited). */
function cliEnv(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, LOUPE_DATA_DIR: dataDir, NO_COLOR: '1' };
}

async function loupe(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['bin/loupe.mjs', ...args], { env: cliEnv(dataDir) });
  return stdout;
}

interface RunningBatch {
  /** Every item is on disk (the CLI says so before it sends any): the shell's first read of the list finds it. */
  recorded: Promise<void>;
  finished: Promise<{ code: number | null; output: string }>;
  /** What the CLI has said so far (its stderr carries core's logged errors). */
  output: () => string;
  /** Ends the CLI if it still runs (a failed test leaves no sender behind). */
  stop: () => void;
}

/**
 * `loupe batch run … --wait`, left running while the test watches the shell. The shell hears nothing from
 * another process's store writes until it reads again, so the test opens Batches only once it is recorded.
 */
function startBatch(dataDir: string, workflowPath: string): RunningBatch {
  const child = spawn(
    process.execPath,
    [
      'bin/loupe.mjs',
      'batch',
      'run',
      workflowPath,
      '--name',
      'Lighthouse sweep',
      '--sweep',
      '3.seed=1..5',
      '--sweep',
      '3.cfg=4,7.5',
      '--sweep',
      '5.height=96,128,176',
      '--sweep',
      '6.text=a lighthouse at dusk,a paper kite over the dunes in a strong wind',
      '--concurrency',
      '3',
      '--wait',
    ],
    { env: cliEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const output: string[] = [];
  let onRecorded = (): void => undefined;
  const recorded = new Promise<void>((done) => (onRecorded = done));
  const listen = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (/items recorded/.test(output.join(''))) onRecorded();
  };
  child.stdout.on('data', listen);
  child.stderr.on('data', listen);
  const finished = new Promise<{ code: number | null; output: string }>((done) =>
    child.once('exit', (code) => done({ code, output: output.join('') })),
  );
  return { recorded, finished, output: () => output.join(''), stop: () => child.kill() };
}

/** The batch the running test started: a failure prints what it said, for a reader of a CI log. */
let running: RunningBatch | null = null;

interface ImageLike {
  complete: boolean;
  naturalWidth: number;
}

/** Every picture the grid has drawn has loaded (lazy ones included: they are all on screen here). */
async function picturesLoaded(grid: Locator): Promise<boolean> {
  return grid
    .locator('img')
    .evaluateAll((images: ImageLike[]) => images.every((image) => image.complete && image.naturalWidth > 0));
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, name) });
}

test.describe('contact sheet', () => {
  // A run that times out (one stalled once on a loaded CI machine) says where the CLI and the service stood.
  test.afterEach(({ simulator }, testInfo) => {
    const batch = running;
    running = null;
    batch?.stop();
    if (testInfo.status === testInfo.expectedStatus || batch === null) return;
    const statuses: Record<string, number> = {};
    for (const job of simulator.control.jobs()) statuses[job.status] = (statuses[job.status] ?? 0) + 1;
    const requests = simulator.control.requests();
    console.log(
      [
        `The service's jobs: ${JSON.stringify(statuses)}; ${requests.length} requests, the last ten:`,
        ...requests
          .slice(-10)
          .map((r) => `  ${r.time} ${r.method} ${r.path} → ${r.status} in ${r.durationMs} ms`),
        'The CLI said:',
        batch.output().slice(-4_000),
      ].join('\n'),
    );
  });

  test('a swept batch laid out on its axes: live, another X/Y, the keyboard, the lightbox', async ({
    page,
    launches,
    simulator,
  }) => {
    // Sixty items sent by the CLI and each followed at the watcher's one-second pace: about two minutes here,
    // and 150 s was passed once on a loaded two-core machine with 58 of 60 done.
    test.setTimeout(240_000);
    mkdirSync(SHOTS, { recursive: true });
    const errors = collectPageErrors(page);
    const workflowPath = join(launches.dataDir, 'lighthouse.json');
    writeFileSync(workflowPath, JSON.stringify(textToImageWorkflow({ steps: 12, width: 128, height: 128 })));
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

    const shell = await launches.start();
    await page.setViewportSize({ width: 1440, height: 900 });
    await openShell(page, shell.url);
    await expect(page.getByTestId('active-profile')).toContainText('Sim');
    const batch = startBatch(launches.dataDir, workflowPath);
    running = batch;
    await Promise.race([batch.recorded, batch.finished]);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Batches' }).click();
    const row = page.getByRole('listbox', { name: 'Batches' }).getByRole('option').first();
    await expect(row.getByTestId('batch-name')).toHaveText('Lighthouse sweep', { timeout: 15_000 });
    await row.click();
    const detail = page.getByTestId('batch-detail');
    await expect(detail.getByRole('tab', { name: 'Contact sheet' })).toHaveAttribute('aria-selected', 'true');
    const grid = detail.getByRole('grid', { name: 'Contact sheet' });
    await expect(grid).toBeVisible();
    // Seeds across, cfgs down; height and prompt hold the page.
    await expect(grid.getByRole('columnheader')).toHaveText(['3.seed →3.cfg ↓', '1', '2', '3', '4', '5']);
    await expect(grid.getByRole('rowheader')).toHaveText(['4', '7.5']);
    await expect(detail.getByRole('combobox', { name: '5.height' })).toHaveValue('0');

    // While it runs: some cells are pictures, others say where their item stands. The shell reads the CLI's
    // record every few seconds, so a cell caught running on this page is luck: wait a while for one, no more.
    await expect(grid.locator('[data-kind="image"]').first()).toBeVisible({ timeout: 30_000 });
    await grid
      .locator('[data-state="running"], [data-state="queued"]')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await shot(page, 'contact-sheet-running.png');

    const outcome = await batch.finished;
    expect(outcome.code, outcome.output).toBe(0);
    await expect(detail.getByTestId('batch-finished')).toBeVisible({ timeout: 20_000 });
    await expect(grid.locator('[data-kind="image"]')).toHaveCount(10);
    await expect.poll(() => picturesLoaded(grid), { timeout: 15_000 }).toBe(true);
    await expect(detail.getByTestId('contact-sheet-summary')).toHaveText('5 × 2 · 10 pictures');
    await shot(page, 'contact-sheet.png');

    // Another layout: height down (the pictures' shapes differ down the rows), cfg holds the page at 7.5.
    await detail.getByRole('combobox', { name: 'Y axis' }).selectOption({ label: '5.height (3)' });
    await detail.getByRole('combobox', { name: '3.cfg' }).selectOption({ label: '7.5' });
    const regrid = detail.getByRole('grid', { name: 'Contact sheet' });
    await expect(regrid.getByRole('rowheader')).toHaveText(['96', '128', '176']);
    await detail.getByRole('combobox', { name: '6.text' }).selectOption({ index: 1 });
    await expect.poll(() => picturesLoaded(regrid), { timeout: 15_000 }).toBe(true);
    await shot(page, 'contact-sheet-axes.png');

    // The keyboard: the first cell is the tab stop; → → ↓ moves along seed, then along height.
    const cells = regrid.getByRole('gridcell');
    await cells.first().focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    const focused = regrid.locator('[data-cell="7"]');
    await expect(focused).toBeFocused();
    await expect(focused.locator('img')).toHaveAttribute('alt', '3.seed 3 · 5.height 128');
    await shot(page, 'contact-sheet-focus.png');

    // Enter opens that picture in the lightbox; ↓ steps along height, → along seed; Esc gives focus back.
    await page.keyboard.press('Enter');
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox).toBeVisible();
    await expect(lightbox).toContainText('8 of 15');
    await expect(lightbox.getByTestId('cell-values')).toContainText('5.height128');
    await page.keyboard.press('ArrowDown');
    await expect(lightbox).toContainText('13 of 15');
    await expect(lightbox.getByTestId('cell-values')).toContainText('5.height176');
    const large = lightbox.getByTestId('lightbox-stage').locator('img');
    await expect.poll(() => large.evaluate((image: ImageLike) => image.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'contact-sheet-lightbox.png');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('14 of 15');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
    await expect(regrid.locator('[data-cell="13"]')).toBeFocused();

    // The light theme: the same tokens, so the sheet follows (set on the root, as Settings' choice sets it).
    await page.locator('html').evaluate((root: { dataset: Record<string, string> }) => {
      root.dataset.theme = 'light';
    });
    await shot(page, 'contact-sheet-light.png');
    expect(errors).toEqual([]);
  });
});
