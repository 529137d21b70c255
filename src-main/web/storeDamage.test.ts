// The damage table through the browser shell: for each way the disk can damage Loupe's store, the shell is
// started on that data folder (startBrowserShell, exactly what `npm run serve` runs) and a page's WebSocket
// asks it what is wrong. It must start (never crash, never open an empty store over the user's), answer
// store.status with the damage in words, refuse every other call with the damage's code, and come back to a
// working app through store.recover. Damage in a value (bad UTF-8) must not stop it at all.
// The table of messages is printed and written to reports/store-damage-shell.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeStatusSchema } from '../../src-shared/contract';
import type { CallResult } from '../../src-shared/protocol';
import { FakeKeychain } from '../core/profiles/testing/fakeKeychain';
import {
  caseFolder,
  damageCases,
  GOOD_BATCH,
  GOOD_PROFILE,
  makeGoodStore,
} from '../core/store/testing/damageCases';
import type { Undo } from '../core/store/testing/disks';
import { fullDiskFallback } from '../core/store/testing/fullDiskFallback';
import { startBrowserShell, type BrowserShell } from './browserShell';
import { openContractSocket, type ContractSocket } from './testing/contractSocket';

let parent: string;
let rendererRoot: string;
/** Unmounts, run after each case. */
const mounts: Undo[] = [];
/** Undoes the damage itself (a read-only mount, an immutable file): the fix before "check again". */
const fixes: Undo[] = [];
const rows: string[] = [];
let shell: BrowserShell | null = null;
let socket: ContractSocket | null = null;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'loupe-shell-damage-'));
  rendererRoot = join(parent, 'renderer');
  mkdirSync(rendererRoot);
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Loupe</title>');
});
afterEach(async () => {
  socket?.close();
  socket = null;
  await shell?.close();
  shell = null;
  for (const undo of [...fixes.splice(0).reverse(), ...mounts.splice(0).reverse()]) undo();
});
afterAll(() => {
  const table = ['| case | what the page is told (store.status: summary) |', '| --- | --- |', ...rows].join(
    '\n',
  );
  console.log(`store damage through the browser shell:\n${table}`);
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/store-damage-shell.md', `${table}\n`);
  rmSync(parent, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<ContractSocket> {
  shell = await startBrowserShell({
    dataDir,
    rendererRoot,
    keychain: new FakeKeychain(),
    demo: null,
    exportRoot: null,
  });
  socket = await openContractSocket(shell.host.url);
  return socket;
}

function value<S extends z.ZodType>(result: CallResult<unknown>, schema: S): z.output<S> {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return schema.parse(result.value);
}

const profileIds = z.object({ profiles: z.array(z.object({ id: z.string() })) });

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

describe('the browser shell on a damaged store', () => {
  it.each(damageCases)('$name', async (damage) => {
    const { dataDir, unmount } = caseFolder(parent, damage);
    if (unmount !== null) mounts.push(unmount);
    const files = makeGoodStore(dataDir);
    const undo = damage.damage(files);
    if (undo !== null) fixes.push(undo);
    if (damage.smallDisk === true && unmount === null) fixes.push(fullDiskFallback());
    const page = await start(dataDir);
    const status = value(await page.call('store.status'), storeStatusSchema);

    if (damage.kind === null) {
      expect(status.state).toBe('ok');
      const seen = JSON.stringify([
        value(await page.call('profiles.list'), z.unknown()),
        value(await page.call('batches.list', { profileId: GOOD_PROFILE.id }), z.unknown()),
        await page.call('batches.get', { profileId: GOOD_PROFILE.id, batchId: GOOD_BATCH.id }),
      ]);
      expect(seen).toContain('\uFFFD');
      const shown = [...seen.matchAll(/"(?:name|id|value)":"([^"]*\uFFFD[^"]*)"/g)].map((m) => m[1]);
      rows.push(
        `| ${damage.name} | (no damage screen: the app opens) the value reads ${cell(shown.join(', '))} |`,
      );
      return;
    }
    if (damage.smallDisk === true && unmount === null) {
      // Not root: SQLITE_FULL injected, seen by the first write rather than the open check.
      expect(status.state).toBe('ok');
      const write = await page.call('profiles.create', { name: 'x', surface: 'self-hosted' });
      expect(!write.ok && write.error.code).toBe('disk_full');
      rows.push(`| ${damage.name} (injected, not root) | ${!write.ok ? cell(write.error.message) : ''} |`);
      return;
    }
    if (status.state !== 'unusable') throw new Error(`the shell opened the store: ${JSON.stringify(status)}`);
    expect(status.damage).toMatchObject({ kind: damage.kind, path: files.database });
    // Every other call refuses with the damage's code and its words; app.info still answers.
    const refused = await page.call('profiles.list');
    expect(refused).toEqual({
      ok: false,
      error: { code: status.damage.code, message: `${status.damage.summary} ${status.damage.nextStep}` },
    });
    expect(value(await page.call('app.info'), z.object({ name: z.string() })).name).toBe('Loupe');
    rows.push(`| ${damage.name} | ${cell(status.damage.summary)} |`);

    // The first action offered gets the user back in (after the cause is fixed, for check_again).
    const action = status.damage.actions[0];
    if (action === 'check_again') {
      for (const fix of fixes.splice(0).reverse()) fix();
      if (damage.kind === 'disk_full') rmSync(join(dataDir, 'filler.bin'), { force: true });
    }
    const after = value(await page.call('store.recover', { action }), storeStatusSchema);
    expect(after.state).toBe('ok');
    const profiles = value(await page.call('profiles.list'), profileIds);
    expect(profiles.profiles.length).toBeGreaterThan(0);
    if (action === 'keep_what_is_left' || action === 'check_again') {
      expect(profiles.profiles.map((profile) => profile.id)).toContain(GOOD_PROFILE.id);
    }
    // A second recover finds nothing to do: the file now in use is never moved.
    const again = await page.call('store.recover', { action: 'start_fresh' });
    expect(!again.ok && again.error.code).toBe('nothing_to_recover');
  });
});
