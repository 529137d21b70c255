// The kept files' sidecars, written after the keeps from the store, against the real simulator, a real SQLite
// file and real files: each lists every kept entry sharing the bytes (a torn sidecar is mended whole, an
// unkept entry leaves it), none is written while a keep runs, a start after a crash writes those left due and
// removes the temporary downloads left in incoming/, and a sidecar that cannot be written stays due, logged,
// never thrown, and is written once it can be.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { makeDurable } from '../../content/checkedDownload';
import { uploadBytes } from '../../content/testing/bytes';
import { openDatabase } from '../../store/sqlite';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { Supervisor } from '../../supervision';
import { hexOf } from './libraryFolder';
import { LibraryKeep } from './libraryKeep';
import { blake3Of, insertEntries } from './testing/entries';

const KEY = 'demo-key';
let sim: RunningSimulator;
let core: TestCore;
let dataDir: TempDir;
let profileId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless' });
});
afterAll(() => sim.close());
afterEach(async () => {
  await core.dispose();
  dataDir.remove();
});

async function start(logError?: (message: string, error: unknown) => void): Promise<void> {
  core = await createTestCore({ dataDir: dataDir.path, ...(logError === undefined ? {} : { logError }) });
  profileId =
    core.profiles.activeId() ??
    (await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY }));
}

/** One output on the service, and `count` entries (of as many jobs) naming it. */
async function sharedOutput(count: number): Promise<{ ids: number[]; hash: string; sidecar: string }> {
  const bytes = randomBytes(100_000);
  const hash = blake3Of(bytes);
  const { id } = await uploadBytes(sim.url, KEY, bytes, 'out.bin', 'application/octet-stream');
  const ids = insertEntries(
    core.store.path,
    Array.from({ length: count }, (_, i) => ({
      profileId,
      assetId: id,
      jobId: `job-${i}`,
      size: bytes.length,
      hash,
    })),
  );
  const hex = hexOf(hash) ?? '';
  return { ids, hash, sidecar: join(dataDir.path, 'library', hex.slice(0, 2), `${hex}.json`) };
}

function listed(sidecar: string): number[] {
  const parsed = JSON.parse(readFileSync(sidecar, 'utf8')) as { entries: { entryId: number }[] };
  return parsed.entries.map((e) => e.entryId).sort((a, b) => a - b);
}

function dueCount(): number {
  return core.store.librarySidecars.due(100).length;
}

/** What a crash between the keep's record and its sidecar leaves: the row due, no sidecar. */
function leaveDue(storePath: string, hash: string, sidecar: string): void {
  rmSync(sidecar, { force: true });
  const db = openDatabase(storePath, 5000);
  try {
    db.prepare('UPDATE library_blobs SET sidecar_due = 1 WHERE hash = ?').run(hash);
  } finally {
    db.close();
  }
}

describe('library sidecars', () => {
  it('are written after the keeps, listing every kept entry sharing the bytes, and then not due', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    await start();
    const { ids, sidecar } = await sharedOutput(2);
    core.library.keep.keep(ids);
    await core.library.keep.settled();
    expect(listed(sidecar)).toEqual([...ids].sort((a, b) => a - b));
    expect(dueCount()).toBe(0);
  });

  it('mend a torn sidecar whole from the store, keeping the entries it listed before', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    await start();
    const { ids, sidecar } = await sharedOutput(2);
    core.library.keep.keep([ids[0] ?? 0]);
    await core.library.keep.settled();
    writeFileSync(sidecar, '{"hash": "blake3:');
    core.library.keep.keep([ids[1] ?? 0]);
    await core.library.keep.settled();
    expect(listed(sidecar)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('drop an unkept entry while its bytes stay kept for another', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    await start();
    const { ids, sidecar } = await sharedOutput(2);
    core.library.keep.keep(ids);
    await core.library.keep.settled();
    await core.library.keep.unkeep([ids[0] ?? 0]);
    await core.library.keep.settled();
    expect(listed(sidecar)).toEqual([ids[1]]);
  });

  it('left due by a crash are written at the next start, and its temporary downloads removed', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    await start();
    const { ids, hash, sidecar } = await sharedOutput(1);
    core.library.keep.keep(ids);
    await core.library.keep.settled();
    const storePath = core.store.path;
    await core.dispose();
    leaveDue(storePath, hash, sidecar);
    const part = join(dataDir.path, 'library', 'incoming', '.keep-00112233aabb.part');
    writeFileSync(part, 'half a download');
    const before = new Date(Date.now() - 60_000);
    utimesSync(part, before, before);

    // Nothing asks for them: the start alone writes them.
    await start();
    await expect.poll(() => dueCount()).toBe(0);
    expect(listed(sidecar)).toEqual(ids);
    await expect.poll(() => existsSync(part)).toBe(false);
  });

  it('wait while a keep runs, and are written when it is done', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    await start();
    const first = await sharedOutput(1);
    core.library.keep.keep(first.ids);
    await core.library.keep.settled();
    leaveDue(core.store.path, first.hash, first.sidecar);
    const second = await sharedOutput(1);
    let held = false;
    let release = (): void => undefined;
    const keep = new LibraryKeep({
      dataDir: dataDir.path,
      store: core.store,
      cache: { open: () => Promise.resolve(null) },
      upstream: core.content.upstream,
      supervisor: new Supervisor(() => undefined),
      durable: (path) =>
        new Promise<void>((resolve, reject) => {
          held = true;
          release = () => void makeDurable(path).then(resolve, reject);
        }),
    });
    keep.keep(second.ids);
    await expect.poll(() => held).toBe(true);
    keep.sidecars.poke();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(existsSync(first.sidecar)).toBe(false);
    release();
    await keep.settled();
    expect(listed(first.sidecar)).toEqual(first.ids);
    expect(listed(second.sidecar)).toEqual(second.ids);
    await keep.close();
  });

  it('that cannot be written stay due, logged and not thrown, and are written once they can be', async () => {
    dataDir = makeTempDir('loupe-sidecars-');
    const logged: string[] = [];
    await start((message) => logged.push(message));
    const { ids, sidecar } = await sharedOutput(1);
    // A folder where the sidecar goes: the rename onto it fails.
    mkdirSync(join(sidecar, 'blocker'), { recursive: true });
    core.library.keep.keep(ids);
    await core.library.keep.settled();
    expect(core.store.libraryKeep.get(ids[0] ?? 0)?.keepState).toBe('kept');
    expect(dueCount()).toBe(1);
    expect(logged.some((m) => m.includes('library sidecars'))).toBe(true);

    rmSync(sidecar, { recursive: true });
    await core.library.keep.settled();
    expect(listed(sidecar)).toEqual(ids);
    expect(dueCount()).toBe(0);
  });
});
