// Profiles and the first run, in the real browser shell. Each test gets its own shell with a fresh data
// directory: these tests add, activate and remove profiles, and the worker's shared shell must stay a first run
// for the other specs.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { demoOrigin, openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { expect, startWebShell, test as base, type WebShell } from './webShell';

const test = base.extend<{ shell: WebShell }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  shell: async ({}, use) => {
    const shell = await startWebShell();
    await use(shell);
    const exited = new Promise((resolve) => shell.process.once('exit', resolve));
    shell.process.kill('SIGTERM');
    await exited;
    rmSync(shell.dataDir, { recursive: true, force: true });
  },
});

/** A loopback port that nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

test.describe('profiles and the first run', () => {
  test('adds a profile, shows field errors, tests it, saves a key and removes it', async ({
    page,
    shell,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    await openShell(page, shell.url);
    const firstRun = page.getByTestId('first-run');
    await expect(firstRun).toBeVisible();
    await expect(page.getByTestId('active-profile')).toHaveText('No profile selected');
    await page.screenshot({ path: testInfo.outputPath('first-run-jobs.png') });

    // The first run opens the add form in Settings, the name field focused.
    await firstRun.getByRole('button', { name: 'Add a managed or serverless profile' }).click();
    const form = page.getByRole('form', { name: 'Add a profile' });
    await expect(form).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await page.getByLabel('Name', { exact: true }).fill('Closed port');
    await page.getByLabel('Surface').selectOption('serverless');
    const baseUrl = page.getByLabel('Base URL', { exact: true });
    await baseUrl.fill('ftp://127.0.0.1/files');
    await baseUrl.press('Enter');
    await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(form).toContainText('http:// or https://');
    await page.screenshot({ path: testInfo.outputPath('settings-form.png') });

    const port = await closedPort();
    await baseUrl.fill(`http://127.0.0.1:${port}`);
    await baseUrl.press('Enter');
    await expect(form).toBeHidden();
    const row = page.getByRole('listitem', { name: 'Closed port' });
    await expect(row).toContainText(`http://127.0.0.1:${port}`);
    await expect(row.getByTestId('credential-state')).toHaveText('no key');
    // Added from the first run, it became the active profile.
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    await expect(page.getByTestId('active-profile')).toContainText('Closed port');

    // Test connection: unreachable, explained (or, before the connection tester lands, the host's words).
    await row.getByRole('button', { name: 'Test connection to Closed port' }).click();
    const outcome = row.getByTestId('connection-report').or(row.getByRole('alert'));
    await expect(outcome.first()).toBeVisible();
    if ((await row.getByTestId('connection-report').count()) > 0) {
      await expect(row.getByTestId('connection-report')).toHaveAttribute('data-state', 'unreachable');
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'unreachable');
    }
    await row.getByRole('button', { name: 'Details' }).first().click();
    await expect(row.getByText(/code: /).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('settings-test-report.png') });

    // Save a key. Without a usable keychain, Loupe asks before keeping it for this session only.
    await row.getByRole('button', { name: 'Edit Closed port' }).click();
    const editForm = page.getByRole('form', { name: 'Edit Closed port' });
    const key = page.getByLabel('API key', { exact: true });
    await expect(key).toHaveValue('');
    await expect(key).toHaveAttribute('type', 'password');
    await key.fill('sk-e2e-not-a-real-key');
    await key.press('Enter');
    const consent = page.getByRole('alertdialog', { name: 'Your system keychain is not available' });
    // With a working keychain the form closes at once, so wait for the outcome, not the form.
    await expect(
      consent.or(row.getByTestId('credential-state').getByText('key saved in keychain')).first(),
    ).toBeVisible();
    let expected = 'key saved in keychain';
    if (await consent.isVisible()) {
      expected = 'kept for this session';
      await expect(consent.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.screenshot({ path: testInfo.outputPath('keychain-consent.png') });
      await consent.getByRole('button', { name: 'Keep it for this session only' }).click();
    }
    await expect(editForm).toBeHidden();
    await expect(row.getByTestId('credential-state')).toHaveText(expected);
    await expect(row.getByRole('button', { name: 'Edit Closed port' })).toBeFocused();

    // The key field is write-only: reopening the form shows it empty.
    await row.getByRole('button', { name: 'Edit Closed port' }).click();
    await expect(page.getByLabel('API key', { exact: true })).toHaveValue('');
    await expect(editForm).toContainText(`Now: ${expected}`);
    await page.keyboard.press('Escape');
    await expect(editForm).toBeHidden();

    // Remove, with a confirm step that Esc cancels.
    await row.getByRole('button', { name: 'Remove Closed port' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Closed port?' });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(row.getByRole('button', { name: 'Remove Closed port' })).toBeFocused();
    await row.getByRole('button', { name: 'Remove Closed port' }).click();
    await confirm.getByRole('button', { name: 'Remove profile' }).click();
    await expect(row).toBeHidden();
    await expect(page.getByTestId('active-profile')).toHaveText('No profile selected');
    // The Demo profile cannot be removed, and says why.
    const demoRemove = page
      .getByRole('listitem', { name: 'Demo' })
      .getByRole('button', { name: 'Remove Demo' });
    await expect(demoRemove).toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: testInfo.outputPath('settings-after-remove.png') });
    expect(errors).toEqual([]);
  });

  test('first run: the local proxy says what it found and offers Retry', async ({
    page,
    shell,
  }, testInfo) => {
    await openShell(page, shell.url);
    const firstRun = page.getByTestId('first-run');
    await firstRun.getByRole('button', { name: 'Connect to the local proxy' }).click();
    // Nothing listens on 127.0.0.1:8189 here: an unreachable report, or the host's words when it cannot test.
    const retry = firstRun.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('active-profile')).toContainText('Local proxy');
    await page.screenshot({ path: testInfo.outputPath('first-run-local.png') });
    await retry.click();
    await expect(retry).toBeVisible({ timeout: 15_000 });
    await firstRun.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(firstRun).toBeHidden();
  });

  test('first run: the Demo server starts and becomes active', async ({ page, shell }, testInfo) => {
    await openShell(page, shell.url);
    await page.getByTestId('first-run').getByRole('button', { name: 'Try the Demo server' }).click();
    await expect(page.getByTestId('first-run')).toBeHidden({ timeout: 20_000 });
    // Its address shows once it runs (seconds on a busy machine).
    await demoOrigin(page);
    await page.screenshot({ path: testInfo.outputPath('demo-active.png') });

    // The running Demo answers "Test connection" with what it offers.
    await page.keyboard.press('Control+5');
    const demo = page.getByRole('listitem', { name: 'Demo' });
    await demo.getByRole('button', { name: 'Test connection to Demo' }).click();
    await expect(demo.getByTestId('connection-report').or(demo.getByRole('alert')).first()).toBeVisible();
    if ((await demo.getByTestId('connection-report').count()) > 0) {
      await expect(demo.getByTestId('connection-report')).toHaveAttribute('data-state', 'connected');
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
    }
    await page.screenshot({ path: testInfo.outputPath('settings-demo-report.png') });
  });
});
