// A keep in two halves, against the real simulator over sockets, a real SQLite file and real files: the lane
// is free for the next download while a file is made durable, yet no file takes its name and no entry is
// recorded kept before its bytes are on the disk; temporary downloads an earlier run left behind are removed
// at the next start (only those older than the run); a download into a missing folder makes the folder.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { clearSimRequests, simRequests } from '../../api/testing/conformance/simulatorHarness';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { uploadBytes } from '../../content/testing/bytes';
import { makeDurable } from '../../content/checkedDownload';
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
beforeEach(async () => {
  core = await createTestCore();
  dataDir = makeTempDir('loupe-keep-settle-');
  profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY });
});
afterEach(async () => {
  await core.dispose();
  dataDir.remove();
});

function keeper(durable?: (path: string) => Promise<void>): LibraryKeep {
  return new LibraryKeep({
    dataDir: dataDir.path,
    store: core.store,
    cache: { open: () => Promise.resolve(null) },
    upstream: core.content.upstream,
    supervisor: new Supervisor(() => undefined),
    concurrency: 1,
    ...(durable === undefined ? {} : { durable }),
  });
}

async function entriesFor(count: number): Promise<{ ids: number[]; hashes: string[] }> {
  const files = Array.from({ length: count }, () => randomBytes(200_000));
  const hashes = files.map((bytes) => blake3Of(bytes));
  const assets = [];
  for (const [i, bytes] of files.entries()) {
    assets.push(await uploadBytes(sim.url, KEY, bytes, `o${i}.bin`, 'application/octet-stream'));
  }
  const ids = insertEntries(
    core.store.path,
    assets.map((asset, i) => ({ profileId, assetId: asset.id, size: 200_000, hash: hashes[i] ?? null })),
  );
  return { ids, hashes };
}

const storageHits = async (): Promise<number> =>
  (await simRequests(sim)).filter((r) => r.path.startsWith('/_storage/')).length;

function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  return new Promise((resolve, reject) => {
    const poll = async (): Promise<void> => {
      if (await check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(() => void poll(), 10);
    };
    void poll();
  });
}

describe('keeping in two halves', () => {
  it('downloads the next file while one is made durable, and names and records none before it is', async () => {
    const { ids, hashes } = await entriesFor(3);
    await clearSimRequests(sim);
    const held: { path: string; release: () => void }[] = [];
    const keep = keeper(
      (path) =>
        new Promise<void>((resolve, reject) => {
          // The first file waits here until the test lets it go; the others pass straight through.
          if (held.length > 0) return void makeDurable(path).then(resolve, reject);
          held.push({ path, release: () => void makeDurable(path).then(resolve, reject) });
        }),
    );
    keep.keep(ids);
    await until(() => held.length === 1, 'the first file to be held before it is durable');
    // One lane (concurrency 1), and yet the next downloads ran while the first file waited for the disk.
    await until(async () => (await storageHits()) >= 2, 'the second download');
    const first = keep.folder.fileOf(hexOf(hashes[0] ?? '') ?? '', 'application/octet-stream');
    expect(existsSync(first)).toBe(false);
    expect(core.store.libraryKeep.get(ids[0] ?? 0)?.keepState).toBe('queued');
    expect(existsSync(held[0]?.path ?? '')).toBe(true);

    held[0]?.release();
    await keep.settled();
    for (const [i, id] of ids.entries()) {
      expect(core.store.libraryKeep.get(id)).toMatchObject({ keepState: 'kept', hash: hashes[i] });
    }
    expect(existsSync(first)).toBe(true);
    expect(readdirSync(keep.folder.incoming)).toEqual([]);
    await keep.close();
  });

  it('leaves nothing and records nothing when making the file durable fails', async () => {
    const { ids, hashes } = await entriesFor(1);
    const keep = keeper(() => Promise.reject(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })));
    keep.keep(ids);
    await keep.settled();
    const entry = core.store.libraryKeep.get(ids[0] ?? 0);
    expect(entry?.keepState).toBe('failed');
    expect(entry?.keepMessage).toMatch(/\S/);
    expect(existsSync(keep.folder.fileOf(hexOf(hashes[0] ?? '') ?? '', 'application/octet-stream'))).toBe(
      false,
    );
    expect(readdirSync(keep.folder.incoming)).toEqual([]);
    expect(core.store.libraryKeep.keptBlob(hashes[0] ?? '')).toBeNull();
    await keep.close();
  });

  it('makes incoming/ when it is missing, then keeps', async () => {
    const { ids } = await entriesFor(1);
    const keep = keeper();
    expect(existsSync(keep.folder.incoming)).toBe(false);
    keep.keep(ids);
    await keep.settled();
    expect(core.store.libraryKeep.get(ids[0] ?? 0)?.keepState).toBe('kept');
    await keep.close();
  });

  it('removes at start the temporary downloads an earlier run left, and only those', async () => {
    const keep = keeper();
    mkdirSync(keep.folder.incoming, { recursive: true });
    const stale = join(keep.folder.incoming, '.keep-0123456789ab.part');
    const fresh = join(keep.folder.incoming, '.keep-ba9876543210.part');
    const other = join(keep.folder.incoming, 'notes.txt');
    for (const path of [stale, fresh, other]) writeFileSync(path, 'x');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, anHourAgo, anHourAgo);
    utimesSync(other, anHourAgo, anHourAgo);
    // `fresh` stands for a keep this run started: written after the run began.
    expect(await keep.sweepIncoming(Date.now() - 60_000)).toBe(1);
    expect(readdirSync(keep.folder.incoming).sort()).toEqual(['.keep-ba9876543210.part', 'notes.txt']);
    await keep.close();
  });
});
