// A real crash in the middle of an upload, end to end in the browser shell: a file dropped on the Demo
// profile is held on its way to the service (the Demo simulator's `delayMs` switch), the shell process is
// killed with SIGKILL while the store's row says `sent`, and the next launch on the same data directory
// brings the upload back as an interrupted card. The page's copy of the bytes died with the page, so the
// file offers no Retry and says to drop it again; dropping the same bytes again finishes it; Dismiss settles
// the row so a later launch does not offer it again. The store itself (read-only, from outside) is the
// evidence of what each launch left behind. The interrupted card's screenshot goes next to the test output.
import { randomBytes } from 'node:crypto';
import type { JSHandle, Locator, Page } from '@playwright/test';
import { z } from 'zod';
import { launchesFixture, type Launches } from './support/launches';
import { demoOrigin, openDemo, openShell } from './support/loupeUi';
import { collectPageErrors } from './support/pageErrors';
import { storedRows } from './support/storeFile';
import { demoStats, dropFiles, openAssets, setDemoDelay } from './support/uploadsUi';
import { expect, stopWebShell, test as base } from './webShell';

const test = base.extend<{ launches: Launches }>(launchesFixture);

const uploadRowSchema = z.object({
  file_path: z.string(),
  state: z.string(),
  last_error: z.string().nullable(),
});

/** The store's upload rows, oldest first. */
function storedUploads(dataDir: string): z.infer<typeof uploadRowSchema>[] {
  return storedRows(
    dataDir,
    'SELECT file_path, state, last_error FROM uploads ORDER BY created_at',
    uploadRowSchema,
  );
}

/** A File in the page holding exactly `bytes`: the same file a person would drop again after the restart. */
async function fileOf(page: Page, name: string, bytes: Buffer): Promise<JSHandle<File>> {
  return page.evaluateHandle(
    ({ name, base64 }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index++) data[index] = binary.charCodeAt(index);
      return new File([data], name, { type: 'application/octet-stream' });
    },
    { name, base64: bytes.toString('base64') },
  );
}

function interruptedCard(page: Page): Locator {
  return page.getByTestId('upload-card').filter({ has: page.getByTestId('upload-interrupted') });
}

const NAME = 'harbour-dusk-plate.raw';

test('an upload cut off by a crash comes back as interrupted; dropped again it finishes; dismissed it stays gone', async ({
  page,
  launches,
}, testInfo) => {
  // Three launches of the shell (each starts the Demo server) and a held upload: 23 s alone, 63 s in a loaded
  // CI run. The limit catches a hang, not a slow machine.
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const bytes = randomBytes(300_000);

  // First launch: the Demo profile, a file dropped, its upload held by the service.
  const first = await launches.start();
  const demo = await openDemo(page, first.url);
  await openAssets(page);
  // Every answer waits 3 s from when its request arrives: the check by hash goes through (slowly), and the
  // upload that follows it is still unanswered seconds after the store recorded it as sent.
  await setDemoDelay(demo, 3_000);
  await dropFiles(page, [await fileOf(page, NAME, bytes)]);
  const row = page.getByTestId('upload-card').first().getByTestId('upload-file');
  await expect(row).toHaveAttribute('data-path', NAME);
  await expect(row).toHaveAttribute('data-stage', 'sending', { timeout: 10_000 });
  // The intent is on disk and the request has left: the row the next launch will find.
  await expect
    .poll(() => storedUploads(launches.dataDir).map((stored) => stored.state), { intervals: [50] })
    .toEqual(['sent']);
  // Held before the service read a byte of it.
  expect((await demoStats(demo)).uploadBytesReceived).toBe(0);

  // The crash: no clean quit, the Demo server (in the same process) dies with it, the request never answered.
  await stopWebShell(first, 'SIGKILL');
  expect(first.process.signalCode).toBe('SIGKILL');
  expect(storedUploads(launches.dataDir)).toEqual([{ file_path: NAME, state: 'sent', last_error: null }]);

  // Second launch on the same data directory: the Demo profile is still active, its server starts again.
  const second = await launches.start();
  await openShell(page, second.url);
  const restartedDemo = await demoOrigin(page);
  await openAssets(page);
  const card = interruptedCard(page);
  await expect(card).toHaveCount(1, { timeout: 10_000 });
  await expect(card.getByTestId('upload-interrupted')).toContainText('Interrupted when Loupe last stopped');
  const lost = card.getByTestId('upload-file');
  await expect(lost).toHaveAttribute('data-path', NAME);
  await expect(lost).toHaveAttribute('data-result', 'failed');
  await expect(lost.getByTestId('upload-file-stage')).toHaveText('Interrupted');
  await expect(lost.getByTestId('upload-file-message')).toContainText(
    'Loupe stopped before the service answered this upload.',
  );
  await expect(lost.getByTestId('upload-file-message')).toContainText('Drop the file again');
  // The page's copy of the bytes is gone: nothing here can send them again.
  await expect(lost.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Resume all' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('interrupted-upload.png'), animations: 'disabled' });
  await lost.getByRole('button', { name: 'Details' }).click();
  await expect(lost.getByText('code: interrupted_page_file')).toBeVisible();

  // The same bytes dropped again: checked by hash, then sent, and finished on a card of their own. The Demo
  // server started empty with this launch (the held request died unanswered with the old one), so the
  // check finds nothing and the bytes go exactly once.
  expect((await demoStats(restartedDemo)).uploadBytesReceived).toBe(0);
  await dropFiles(page, [await fileOf(page, NAME, bytes)]);
  const again = page
    .getByTestId('upload-card')
    .filter({ hasNot: page.getByTestId('upload-interrupted') })
    .getByTestId('upload-file');
  await expect(again).toHaveAttribute('data-path', NAME);
  await expect(again).toHaveAttribute('data-result', 'uploaded', { timeout: 15_000 });
  expect((await demoStats(restartedDemo)).uploadBytesReceived).toBe(bytes.length);
  await expect(
    page.getByRole('listbox', { name: 'Assets' }).getByRole('option').filter({ hasText: NAME }),
  ).toBeVisible();
  expect(storedUploads(launches.dataDir).map((stored) => stored.state)).toEqual(['sent', 'created']);

  // Dismiss: the card goes, and the interrupted row is settled in the store.
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('upload-interrupted')).toHaveCount(0);
  const settled = storedUploads(launches.dataDir);
  expect(settled.map((stored) => stored.state)).toEqual(['failed', 'created']);
  expect(settled[0]?.last_error).toContain('dismissed');

  // A clean quit and a third launch: nothing is offered again.
  await stopWebShell(second);
  expect(second.process.exitCode).toBe(0);
  const third = await launches.start();
  await openShell(page, third.url);
  await demoOrigin(page);
  await openAssets(page);
  await expect(page.getByRole('listbox', { name: 'Assets' })).toBeVisible();
  // The tray looks at uploads.list once, as Assets opens: on the second launch the card was there within
  // a few tens of milliseconds of the heading, so a second is ample.
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('upload-interrupted')).toHaveCount(0);
  await expect(page.getByTestId('upload-card')).toHaveCount(0);
  expect(errors).toEqual([]);
});
