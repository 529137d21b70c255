// Steps the surface specs share: open the shell, add a profile through Settings → Profiles (handling the
// keychain consent when the system keychain is unavailable), and hand workflow files to the picker.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../webShell';

export interface ProfileInput {
  name: string;
  surface: 'self-hosted' | 'managed' | 'serverless';
  baseUrl: string;
  apiKey?: string;
}

export async function openShell(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
}

/**
 * Opens a fresh shell (every test gets its own, so this is a first run) and chooses the Demo server from the
 * first-run screen. Returns the Demo server's origin once it runs.
 */
export async function openDemo(page: Page, url: string): Promise<string> {
  await openShell(page, url);
  await page.getByRole('button', { name: 'Try the Demo server' }).click();
  return demoOrigin(page);
}

/** The origin of the Demo server the active Demo profile points at, once the status bar shows it. */
export async function demoOrigin(page: Page): Promise<string> {
  const active = page.getByTestId('active-profile');
  // The Demo server is a process of its own that seeds a sweep as it starts: seconds on a busy machine.
  await expect(active).toContainText(/Demo · serverless · http:\/\/127\.0\.0\.1:\d+/, { timeout: 30_000 });
  const address = /http:\/\/127\.0\.0\.1:\d+/.exec((await active.textContent()) ?? '')?.[0] ?? '';
  return new URL(address).origin;
}

/** The Demo server's job list, once its seeded jobs are there. */
export async function openDemoJobs(page: Page, url: string): Promise<Locator> {
  await openDemo(page, url);
  const list = page.getByRole('listbox', { name: 'Jobs' });
  await expect(list.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
  return list;
}

/** Where Loupe kept the profile's key: the system keychain, this session only, or nowhere (none given). */
export type KeyStorage = 'keychain' | 'session' | 'none';

/** Settings → Profiles → Add; with no profile active yet, the new one becomes active. Ends on the Jobs screen. */
export async function addActiveProfile(page: Page, input: ProfileInput): Promise<KeyStorage> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: '+ Add profile' }).click();
  const form = page.getByRole('form', { name: 'Add a profile' });
  await expect(form).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(input.name);
  await form.getByLabel('Surface').selectOption(input.surface);
  await form.getByLabel('Base URL', { exact: true }).fill(input.baseUrl);
  if (input.apiKey !== undefined) await form.getByLabel('API key', { exact: true }).fill(input.apiKey);
  await form.getByRole('button', { name: 'Save' }).click();

  let stored: KeyStorage = 'none';
  if (input.apiKey !== undefined) {
    // Without a usable keychain Loupe asks before keeping the key for this session only. The row shows
    // "no key" while the key is on its way, so wait for the dialog or the row's final word.
    const consent = page.getByRole('alertdialog', { name: 'Your system keychain is not available' });
    const credential = page.getByRole('listitem', { name: input.name }).getByTestId('credential-state');
    await expect(consent.or(credential.getByText('key saved in keychain')).first()).toBeVisible();
    stored = 'keychain';
    if (await consent.isVisible()) {
      stored = 'session';
      await consent.getByRole('button', { name: 'Keep it for this session only' }).click();
      await expect(credential).toHaveText('kept for this session');
    }
  }
  await expect(form).toBeHidden();
  await expect(page.getByTestId('active-profile')).toContainText(input.name);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Jobs' }).click();
  return stored;
}

/** A fresh shell whose first profile is `input`, made active; ends on the Jobs screen. */
export async function openWithProfile(page: Page, url: string, input: ProfileInput): Promise<KeyStorage> {
  await openShell(page, url);
  return addActiveProfile(page, input);
}

export function jsonFile(name: string, value: unknown) {
  return { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(value)) };
}

/** Submit through the picker ("Submit workflow…"); resolves to the id of the job the detail then opens. */
export async function submitThroughPicker(page: Page, name: string, workflow: unknown): Promise<string> {
  const detail = page.getByTestId('job-detail');
  const before = (await detail.count()) > 0 ? await detail.getAttribute('data-job-id') : null;
  await page.getByTestId('workflow-file-input').first().setInputFiles(jsonFile(name, workflow));
  // The submission is a journal write, a POST and a store write before the page opens: seconds on a
  // loaded 2-core machine (CI failed once at the default 5 s with the load average at 12).
  await expect(detail).toBeVisible({ timeout: 20_000 });
  if (before !== null) await expect(detail).not.toHaveAttribute('data-job-id', before, { timeout: 20_000 });
  const id = await detail.getAttribute('data-job-id');
  expect(id).toBeTruthy();
  return id ?? '';
}

export function headerStatus(detail: Locator): Locator {
  return detail.getByTestId('job-status').first();
}
