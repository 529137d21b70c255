// Use as input across two profiles, in the browser shell (issue 22): the Demo profile's sweep outputs are put
// on a New batch inputs axis of a second profile, on a self-hosted simulator this test runs. The first time,
// the bytes move: the second simulator counts exactly the picture's bytes arriving in upload bodies. The
// second time it already holds them: Loupe asks by hash (HEAD by-hash, then from-hash) and 0 upload bytes
// arrive. New batch on the second profile binds the brought asset to the workflow's LoadImage input.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { startSimulator, type RunningSimulator } from '../src-main/simulator/server';
import { loadImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { openDemo } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { e2eTiming } from './support/simulator';
import { expect, test as base } from './webShell';

const test = base.extend<{ simulator: RunningSimulator }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ surface: 'self-hosted', timing: e2eTiming });
    await use(simulator);
    await simulator.close();
  },
});

const SHOTS = resolve('reports/screenshots');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

async function section(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name, exact: true }).click();
}

/** Requests the simulator saw on an assets path (`by-hash`, `from-hash`, the upload itself). */
function assetRequests(simulator: RunningSimulator, method: string, pathPart: string): number {
  return simulator.control
    .requests()
    .filter((request) => request.method === method && request.path.includes(pathPart)).length;
}

/** The Demo's first lighthouse picture in the Library, opened large, and its Use as input asked for. */
async function useFirstPictureAsInput(page: Page): Promise<void> {
  await section(page, 'Library');
  const results = page.getByRole('listbox', { name: 'Library results' });
  await page.getByPlaceholder(/Search prompts/).fill('lighthouse seed:3 cfg:7');
  await expect.poll(() => results.getByRole('option').count(), { timeout: 45_000 }).toBe(1);
  await results.getByRole('option').first().dblclick();
  const entry = page.getByTestId('library-lightbox');
  await entry.getByRole('button', { name: 'Use as input…' }).click();
}

test.describe('use as input', () => {
  test('across two profiles: the bytes move once, then 0 bytes are re-sent', async ({
    page,
    webShell,
    simulator,
  }) => {
    test.setTimeout(150_000);
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openDemo(page, webShell.url);

    // A second profile, "Studio", on another simulator; the Demo stays shown.
    await section(page, 'Settings');
    await page.getByRole('button', { name: '+ Add profile' }).click();
    const form = page.getByRole('form', { name: 'Add a profile' });
    await form.getByLabel('Name', { exact: true }).fill('Studio');
    await form.getByLabel('Surface').selectOption('self-hosted');
    await form.getByLabel('Base URL', { exact: true }).fill(simulator.url);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('active-profile')).toContainText('Demo');

    // New batch holds an image-to-image workflow whose LoadImage the outputs will feed.
    const workflowPath = join(webShell.dataDir, 'variations.json');
    writeFileSync(workflowPath, JSON.stringify(loadImageWorkflow()));
    await section(page, 'Batches');
    await page.getByRole('button', { name: 'New batch' }).click();
    await page.getByTestId('new-batch-workflow-input').setInputFiles(workflowPath);
    await expect(page.getByTestId('workflow-name')).toContainText('variations.json');

    const received = () => simulator.control.stats().uploadBytesReceived;
    expect(received()).toBe(0);

    // First time: choose Studio; its service lacks the bytes, so they are uploaded, counted on arrival.
    await useFirstPictureAsInput(page);
    const choice = page.getByRole('dialog', { name: 'Use as input on…' });
    await expect(choice.getByRole('radio', { name: /Demo/ })).toBeChecked();
    await choice.getByRole('radio', { name: /Studio/ }).check();
    await expect(choice).toContainText(simulator.url.replace(/\/$/, ''));
    await shot(page, 'use-as-input-choice.png');
    await choice.getByRole('button', { name: 'Open New batch on Studio' }).click();
    await expect(choice).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('active-profile')).toContainText('Studio');
    const axis = page.getByTestId('inputs-axis');
    await expect(axis).toHaveCount(1);
    await expect(axis.getByTestId('inputs-target')).toHaveText('10.image');
    await expect(axis.getByTestId('inputs-count')).toContainText('1');
    await shot(page, 'use-as-input-new-batch.png');
    const firstBytes = received();
    expect(firstBytes).toBeGreaterThan(0);
    const uploads = assetRequests(simulator, 'POST', '/api/v2/assets');

    // Second time, from the Demo again: Studio already holds the hash, so nothing is uploaded.
    await page.getByLabel('Active profile').selectOption({ label: 'Demo' });
    await expect(page.getByTestId('active-profile')).toContainText('Demo');
    const fromHashBefore = assetRequests(simulator, 'POST', '/from-hash');
    await useFirstPictureAsInput(page);
    await choice.getByRole('radio', { name: /Studio/ }).check();
    await choice.getByRole('button', { name: 'Open New batch on Studio' }).click();
    await expect(choice).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('inputs-axis')).toHaveCount(2);
    expect(received()).toBe(firstBytes);
    expect(assetRequests(simulator, 'HEAD', '/by-hash/')).toBeGreaterThanOrEqual(2);
    expect(assetRequests(simulator, 'POST', '/from-hash')).toBe(fromHashBefore + 1);
    // The only new POST on the assets path is the from-hash mint: no upload body.
    expect(assetRequests(simulator, 'POST', '/api/v2/assets')).toBe(uploads + 1);
    await shot(page, 'use-as-input-again.png');
    expect(errors).toEqual([]);
  });
});
