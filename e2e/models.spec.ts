// The Router in the browser shell, against the Demo profile (its simulator serves the Router too): browse the
// catalogue; fill a form built from a model's schema, be stopped by the schema check, fix it and run
// synchronously (an image comes back, the cost shows); pictures linked by signed URLs with no extension kept and
// shown on the run's page; queue runs and watch one move through the queue;
// cancel one; see the Runs list; the Router down (in words, Try again under the same key); and a profile
// without a Router. Screenshots go to reports/screenshots/models-*.png for a person to look at.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { CATALOG } from '../src-main/simulator/router/catalog';
import { addActiveProfile, demoOrigin, openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, test } from './support/simulator';

const SHOTS = resolve('reports/screenshots');
const LISTED = CATALOG.filter((entry) => entry.listed).length;

/** A screenshot of the window (or one part of it) for a person to look at. */
async function shot(target: Page | Locator, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: join(SHOTS, name), animations: 'disabled' });
}

async function openModels(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Models' }).click();
}

async function openModel(page: Page, modelId: string): Promise<Locator> {
  const search = page.getByLabel('Search models by id');
  await search.fill(modelId);
  // The list is the filtered one before the click: under load a click once landed where the row had been in
  // the whole list (the trace: y 576, the filtered row at y 200), and opened nothing.
  await expect(page.getByTestId('model-count')).toContainText(' of ');
  const list = page.getByRole('listbox', { name: 'Models' });
  const model = page.getByTestId('model-page');
  await expect(async () => {
    await list.locator(`[role="option"][data-model-id="${modelId}"]`).click();
    await expect(model).toHaveAttribute('data-model-id', modelId, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(model.getByTestId('run-bar')).toBeVisible();
  return model;
}

// Most tests start on one model's page of the Demo profile; one way there keeps them alike.
/** The Demo profile in the browser shell at `shellUrl`, the Models screen, the page of `modelId`. */
async function openDemoModel(page: Page, shellUrl: string, modelId: string): Promise<Locator> {
  await openDemo(page, shellUrl);
  await openModels(page);
  return openModel(page, modelId);
}

/** Sets the Demo simulator's Router fault switches (its /_sim endpoint, loopback only). */
async function routerFaults(page: Page, faults: Record<string, unknown> | null): Promise<void> {
  const origin = await demoOrigin(page);
  const answer = await page.request.post(`${origin}/_sim/faults`, { data: { router: faults } });
  expect(answer.ok()).toBe(true);
}

test.describe('models', () => {
  test('browse the catalogue: every page, search, filters, a model’s page', async ({ page, webShell }) => {
    const errors = collectPageErrors(page);
    await openDemo(page, webShell.url);
    await openModels(page);
    // Every page of the catalogue was followed (the Router serves 20 a page).
    await expect(page.getByTestId('model-count')).toHaveText(`${LISTED} models`);
    const list = page.getByRole('listbox', { name: 'Models' });
    await expect(list.getByRole('option').first()).toBeVisible();

    await page.getByLabel('Search models by id').fill('tts');
    await expect(list.getByRole('option')).toHaveCount(2);
    await expect(page.getByTestId('model-count')).toHaveText(`2 of ${LISTED} models`);
    await page.getByLabel('Search models by id').fill('');
    await page.getByLabel('Filter by provider').selectOption('lumen');
    await expect(list.getByRole('option')).toHaveCount(3);
    await page.getByLabel('Filter by provider').selectOption('');

    // A model's page: its facts, billing as given, and the form built from its schema.
    await list.locator('[role="option"][data-model-id="acme/imagegen-2"]').click();
    const model = page.getByTestId('model-page');
    await expect(model.getByRole('heading', { name: 'acme/imagegen-2' })).toBeVisible();
    await expect(model.getByTestId('billing-fact')).toContainText('yes');
    await expect(model.getByLabel('Width', { exact: true })).toHaveValue('1024');
    await expect(model.getByRole('slider', { name: 'Guidance scale slider' })).toBeVisible();
    await shot(page, 'models-catalogue.png');

    // The keyboard moves through the list and opens a model.
    await list.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(model).not.toHaveAttribute('data-model-id', 'acme/imagegen-2');
    expect(errors).toEqual([]);
  });

  test('fill a generated form, be stopped by the schema, fix it, run it synchronously, see the cost', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    const model = await openDemoModel(page, webShell.url, 'acme/imagegen-2');

    await model.getByLabel('Width', { exact: true }).fill('4096');
    await model.getByTestId('run-button').click();
    const prompt = model.getByLabel('Prompt', { exact: true });
    await expect(model.locator('[data-field-path="prompt"]').getByTestId('field-errors')).toHaveText(
      'Required.',
    );
    await expect(model.locator('[data-field-path="width"]').getByTestId('field-errors')).toHaveText(
      'Must be at most 2048.',
    );
    await expect(prompt).toBeFocused();
    await expect(model.getByTestId('input-problems')).toContainText('Nothing was sent: 2 problems');
    await shot(page, 'models-form-validation.png');

    await prompt.fill('a lighthouse on a cliff at dusk');
    await model.getByLabel('Width', { exact: true }).fill('512');
    await model.getByTestId('run-button').click();
    const result = model.getByTestId('run-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(model.getByTestId('credits-used')).toHaveText('4 credits used');
    const tile = result.getByTestId('gallery-tile').first();
    await expect(tile).toHaveAttribute('data-kind', 'image');
    await expect(tile.locator('[data-load-state="loaded"]')).toBeVisible();
    await expect(result.getByRole('tree', { name: 'Output' })).toContainText('images');
    await shot(page, 'models-sync-result.png');

    // The lightbox from the existing gallery, with Download.
    await tile.locator('[data-tile-open]').click();
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox.getByRole('button', { name: 'Download' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();

    // The cost, in the status bar: committed spend from the run's answer, and its credits.
    const meter = page.getByTestId('spend-meter');
    await expect(meter).toBeVisible();
    await expect(meter.getByTestId('spend-current')).toHaveText('$0.04 / $500.00');
    await expect(meter.getByTestId('spend-remaining')).toHaveText('$499.96 left');
    await expect(meter.getByTestId('spend-last-credits')).toHaveText('· last run 4 credits');
    // The status bar close up, and the whole window with it.
    await shot(page.getByRole('contentinfo', { name: 'Status' }), 'models-status-meter.png');
    expect(errors).toEqual([]);
  });

  test('queue runs and watch one through the queue; cancel one; the Runs list', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(90_000);
    const errors = collectPageErrors(page);
    const model = await openDemoModel(page, webShell.url, 'lumen/video-1');
    await model.getByRole('radio', { name: 'Queued' }).check();
    await model.getByLabel('Prompt', { exact: true }).fill('waves breaking on basalt, slow motion');
    // Three in a row, with the Router's runner held, so they wait their turn for as long as the test looks (on
    // a loaded machine the last one once started before its Cancel was clicked).
    await routerFaults(page, { queuePaused: true });
    const queue = model.getByRole('button', { name: 'Queue run' });
    for (let i = 0; i < 3; i++) {
      await queue.click();
      await expect(page.getByRole('tab', { name: /Runs/ })).toContainText(String(i + 1));
    }
    const progress = model.getByTestId('run-progress');
    await expect(progress).toHaveAttribute('data-state', 'in_queue');
    await expect(progress.getByTestId('queue-position')).toContainText('position 2');
    await shot(page, 'models-queued-in-queue.png');

    // Cancel the last one while it waits: asked first, and said what it costs.
    await model.getByRole('button', { name: 'Cancel run' }).click();
    const dialog = page.getByTestId('cancel-run-dialog');
    await expect(dialog).toContainText('Cancelled before it starts, it is not charged.');
    await dialog.getByRole('button', { name: 'Cancel run' }).click();
    await expect(model.getByTestId('run-cancelled')).toBeVisible({ timeout: 15_000 });
    await expect(model.getByTestId('run-panel')).toHaveAttribute('data-state', 'cancelled');
    await shot(page, 'models-cancelled.png');
    // The runner goes on: the two left run one after the other.
    await routerFaults(page, null);

    // The Runs list: newest first; the second run is watched through the queue to its answer.
    await page.getByRole('tab', { name: /Runs/ }).click();
    const runs = page.getByRole('listbox', { name: 'Runs' });
    await expect(runs.getByRole('option')).toHaveCount(3);
    await expect(runs.getByRole('option').first()).toHaveAttribute('data-state', 'cancelled');
    await runs.getByRole('option').nth(1).click();
    const runPage = page.getByTestId('run-page');
    // On a loaded machine the run can pass through in_progress between two looks: its answer is the proof.
    await expect(runPage.getByTestId('run-state').first()).toHaveText(/In progress|Completed/, {
      timeout: 15_000,
    });
    await shot(page, 'models-queued-in-progress.png');
    await expect(runPage.getByTestId('run-result')).toBeVisible({ timeout: 20_000 });
    await expect(runPage.getByTestId('run-state').first()).toHaveText('Completed');
    await expect(runs.getByRole('option').nth(2)).toHaveAttribute('data-state', 'completed', {
      timeout: 15_000,
    });
    await shot(page, 'models-runs-list.png');

    // Edit and run: the form again, with that run's input.
    await runPage.getByRole('button', { name: 'Edit and run' }).click();
    await expect(page.getByTestId('model-page').getByLabel('Prompt', { exact: true })).toHaveValue(
      'waves breaking on basalt, slow motion',
    );
    expect(errors).toEqual([]);
  });

  test('pictures the model links by signed URLs with no extension are kept and shown on the run’s page', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    const model = await openDemoModel(page, webShell.url, 'acme/imagegen-2-signed');
    await model.getByLabel('Prompt', { exact: true }).fill('a harbour at dawn, seen from the lighthouse');
    await model.getByLabel('Num images', { exact: true }).fill('3');
    await model.getByTestId('run-button').click();
    const result = model.getByTestId('run-result');
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result.getByRole('tree', { name: 'Output' })).toContainText('images');
    const tiles = result.getByTestId('gallery-tile');
    await expect(tiles).toHaveCount(3, { timeout: 15_000 });
    await expect(result.locator('[data-load-state="loaded"]')).toHaveCount(3);

    // The run's own page, from Runs: the same three pictures, served by Loupe, not by the expiring links.
    await page.getByRole('tab', { name: /Runs/ }).click();
    await page.getByRole('listbox', { name: 'Runs' }).getByRole('option').first().click();
    const runPage = page.getByTestId('run-page');
    // Sent once: saving its pictures is not sending the run again.
    await expect(runPage.locator('header')).toContainText('1 time under one key');
    const media = runPage.getByTestId('run-media');
    await expect(media.getByTestId('gallery-tile')).toHaveCount(3);
    await expect(media.locator('[data-load-state="loaded"]')).toHaveCount(3);
    for (const image of await media.locator('img').all()) {
      expect(await image.getAttribute('src')).not.toContain('/_storage/');
      expect(
        await image.evaluate((element: { naturalWidth: number }) => element.naturalWidth),
      ).toBeGreaterThan(0);
    }
    await expect(media).toContainText('3 files');
    await shot(page, 'models-signed-media.png');
    expect(errors).toEqual([]);
  });

  test('the Router down: said in words, status one click away, tried again under the same key', async ({
    page,
    webShell,
  }) => {
    test.setTimeout(60_000);
    const errors = collectPageErrors(page);
    const model = await openDemoModel(page, webShell.url, 'lexa/chat-3.5');
    await routerFaults(page, { unavailable: true });
    // The schema asks for at least one message, so the form starts with one.
    await model.getByLabel('Role', { exact: true }).selectOption({ label: 'user' });
    await model.getByLabel('Content', { exact: true }).fill('Say hello.');
    await model.getByTestId('run-button').click();
    const error = model.getByTestId('run-error');
    await expect(error).toBeVisible({ timeout: 15_000 });
    await error.getByRole('button', { name: 'Details' }).click();
    await expect(error.getByTestId('run-error-details')).toContainText('503');
    await expect(error.getByTestId('run-error-details')).toContainText('service_unavailable');
    await shot(page, 'models-error.png');

    await routerFaults(page, null);
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(model.getByTestId('run-result')).toBeVisible({ timeout: 15_000 });
    await expect(model.getByTestId('run-result')).toContainText('Simulated reply to: Say hello.');
    expect(errors).toEqual([]);
  });

  test('a profile without a Router is pointed to Settings', async ({ page, webShell, simulator }) => {
    const errors = collectPageErrors(page);
    await page.goto(webShell.url);
    await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
    await addActiveProfile(page, {
      name: 'No Router here',
      surface: 'serverless',
      baseUrl: simulator.url,
      apiKey: 'demo-key',
    });
    await openModels(page);
    await expect(page.getByRole('heading', { name: 'This profile has no Router' })).toBeVisible();
    await expect(page.getByTestId('spend-meter')).toHaveCount(0);
    await shot(page, 'models-no-router.png');
    await page.getByRole('button', { name: 'Add a Router address in Settings' }).click();
    await expect(page.getByLabel('Router URL')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
