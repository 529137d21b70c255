// A damaged store in the real browser shell (the built out/main/web.js, spawned): it starts anyway, says in one
// line on stderr what is wrong, and the page shows the damage screen in Chromium; "Move it aside and start
// fresh" renames the damaged file (its bytes kept) and the app opens on an empty store, saying where the file
// went. Then the same shell process is started on each case of the damage table and asked over its WebSocket.
// The cases are prepared by a process of their own (prepareDamageCases.ts): Playwright's transform cannot load
// core's store modules.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { storeStatusSchema } from '../src-shared/contract';
import { openContractSocket } from '../src-main/web/testing/contractSocket';
import { collectPageErrors } from './support/pageErrors';
import { expect, startWebShell, stopWebShell, test } from './webShell';

const PREPARE = 'src-main/core/store/testing/prepareDamageCases.ts';
const preparedSchema = z.array(
  z.object({ name: z.string(), kind: z.string().nullable(), dataDir: z.string(), database: z.string() }),
);
type Prepared = z.infer<typeof preparedSchema>[number];

let parent: string;
let cases: Prepared[];

test.beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'loupe-e2e-damage-'));
  const output = execFileSync('npx', ['tsx', PREPARE, parent], { encoding: 'utf8' });
  cases = preparedSchema.parse(JSON.parse(output));
});
test.afterAll(() => {
  execFileSync('npx', ['tsx', PREPARE, '--release', parent]);
  rmSync(parent, { recursive: true, force: true });
});

function theCase(kind: string): Prepared {
  const found = cases.find((prepared) => prepared.kind === kind);
  if (found === undefined) throw new Error(`no ${kind} case was prepared`);
  return found;
}

test.describe('a damaged store', () => {
  test('shows the damage screen and starts fresh after moving the file aside', async ({ page }, testInfo) => {
    const errors = collectPageErrors(page);
    const badHeader = theCase('not_a_database');
    const damagedBytes = readFileSync(badHeader.database);
    const shell = await startWebShell({ dataDir: badHeader.dataDir });
    try {
      await expect.poll(() => shell.stderr()).toContain('is not a database');
      await page.goto(shell.url);
      await expect(page.locator('[data-app-ready="store-damaged"]')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Loupe cannot use its data file' })).toBeVisible();
      await expect(page.getByTestId('damage-summary')).toContainText(
        `${badHeader.database} is not a database`,
      );
      await expect(page.getByRole('button', { name: 'Restore the newest backup' })).toBeVisible();
      await page.getByRole('button', { name: 'Details' }).click();
      await expect(page.getByText(/code: store_damaged/)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('store-damage-screen.png') });

      await page.getByRole('button', { name: 'Move it aside and start fresh' }).click();
      await expect(page.locator('[data-app-ready="true"]')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'set aside, not deleted' })).toContainText(
        'loupe.db.damaged-',
      );
      await expect(page.getByTestId('active-profile')).toContainText('No profile selected');
      await page.screenshot({ path: testInfo.outputPath('store-started-fresh.png') });

      const aside = readdirSync(badHeader.dataDir).find((name) => /^loupe\.db\.damaged-[\dT-]+Z$/.test(name));
      expect(aside).toBeDefined();
      expect(readFileSync(join(badHeader.dataDir, aside ?? '')).equals(damagedBytes)).toBe(true);
      expect(existsSync(badHeader.database)).toBe(true);
    } finally {
      await stopWebShell(shell);
    }
    expect(errors).toEqual([]);
  });

  test('the real shell process answers each case of the damage table over its WebSocket', async () => {
    // The first test started the bad-header case fresh; every other case is as it was prepared.
    for (const prepared of cases.filter((candidate) => candidate.kind !== 'not_a_database')) {
      const shell = await startWebShell({ dataDir: prepared.dataDir });
      try {
        const page = await openContractSocket(shell.url);
        const answer = await page.call('store.status');
        page.close();
        if (!answer.ok) throw new Error(`${prepared.name}: ${answer.error.message}`);
        const status = storeStatusSchema.parse(answer.value);
        if (prepared.kind === null) {
          expect(status.state, prepared.name).toBe('ok');
        } else {
          if (status.state !== 'unusable') throw new Error(`${prepared.name}: the shell opened the store`);
          expect(status.damage.kind, prepared.name).toBe(prepared.kind);
          expect(shell.stderr(), prepared.name).toContain(status.damage.summary);
        }
      } finally {
        await stopWebShell(shell);
      }
    }
  });
});
