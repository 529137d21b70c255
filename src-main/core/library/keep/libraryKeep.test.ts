// Keeping, against the real simulator over sockets, a real SQLite file and real files: bytes verified against
// the entry's hash (a mismatch is refused and leaves nothing), one file per hash with one download, a restart
// resumes the queue, unkeep keeps a shared file, the budget refuses in words, the rules queue on index and on
// rating, expiring-soon entries are counted and kept in one call, and hostile arguments are refused.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator/server';
import { clearSimRequests, simRequests } from '../../api/testing/conformance/simulatorHarness';
import { callOk, connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import { uploadBytes } from '../../content/testing/bytes';
import { blake3Of, insertEntries, rateEntries } from './testing/entries';

const KEY = 'demo-key';
let sim: RunningSimulator;
let core: TestCore;
let profileId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless' });
});
afterAll(() => sim.close());
afterEach(async () => {
  await core.dispose();
});

async function freshCore(dataDir?: string): Promise<void> {
  core = await createTestCore(dataDir === undefined ? {} : { dataDir });
  profileId =
    core.profiles.activeId() ??
    (await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY }));
}

async function upload(bytes: Buffer, name = 'out.bin'): Promise<{ id: string; hash: string }> {
  const { id } = await uploadBytes(sim.url, KEY, bytes, name, 'application/octet-stream');
  return { id, hash: blake3Of(bytes) };
}

const keepTable = () => core.store.libraryKeep;
const storageHits = async () =>
  (await simRequests(sim)).filter((r) => r.path.startsWith('/_storage/')).length;

describe('library keep', () => {
  it('keeps verified bytes in <2 hex>/<hex>.<ext> with a sidecar, and records a hash the service gave none', async () => {
    await freshCore();
    const bytes = randomBytes(300_000);
    const asset = await upload(bytes);
    const [withHash, withoutHash] = insertEntries(core.store.path, [
      { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash },
      { profileId, assetId: asset.id, jobId: 'job-nohash', size: bytes.length, hash: null },
    ]);
    expect(await callOk(core, 'library.keep', { entryIds: [withHash, withoutHash] })).toEqual({ queued: 2 });
    await core.library.keep.settled();
    const hex = asset.hash.slice('blake3:'.length);
    const file = join(core.dataDir, 'library', hex.slice(0, 2), `${hex}.bin`);
    expect(blake3Of(readFileSync(file))).toBe(asset.hash);
    expect(keepTable().get(withHash ?? 0)).toMatchObject({ keepState: 'kept' });
    expect(keepTable().get(withoutHash ?? 0)).toMatchObject({ keepState: 'kept', hash: asset.hash });
    const sidecar = JSON.parse(
      readFileSync(join(core.dataDir, 'library', hex.slice(0, 2), `${hex}.json`), 'utf8'),
    ) as {
      entries: { entryId: number; facts: unknown }[];
    };
    expect(sidecar.entries.map((e) => e.entryId).sort()).toEqual([withHash, withoutHash].sort());
    expect(sidecar.entries[0]?.facts).toEqual({ prompt: 'a lighthouse' });
    expect(readdirSync(join(core.dataDir, 'library', 'incoming'))).toEqual([]);
  });

  it('refuses bytes that do not match the entry’s hash, in words, leaving no file', async () => {
    await freshCore();
    const bytes = randomBytes(50_000);
    const asset = await upload(bytes);
    const wrong = blake3Of(randomBytes(10));
    const [id] = insertEntries(core.store.path, [
      { profileId, assetId: asset.id, size: bytes.length, hash: wrong },
    ]);
    await callOk(core, 'library.keep', { entryIds: [id] });
    await core.library.keep.settled();
    const entry = keepTable().get(id ?? 0);
    expect(entry?.keepState).toBe('failed');
    const message = (await callOk(core, 'library.keepStatus', {})) as { failed: number };
    expect(message.failed).toBe(1);
    expect(readdirSync(join(core.dataDir, 'library', 'incoming'))).toEqual([]);
    expect(existsSync(join(core.dataDir, 'library', wrong.slice(7, 9)))).toBe(false);
    const row = core.store.libraryKeep.get(id ?? 0);
    expect(row?.keepState).toBe('failed');
    expect(keepMessageOf(id ?? 0)).toMatch(/do not match the entry’s hash/);
  });

  it('keeps one file per hash with one download, and unkeep removes it only with the last entry', async () => {
    await freshCore();
    const bytes = randomBytes(200_000);
    const asset = await upload(bytes);
    const ids = insertEntries(core.store.path, [
      { profileId, assetId: asset.id, jobId: 'job-a', size: bytes.length, hash: asset.hash },
      { profileId, assetId: asset.id, jobId: 'job-b', size: bytes.length, hash: asset.hash },
    ]);
    await clearSimRequests(sim);
    await callOk(core, 'library.keep', { entryIds: ids });
    await core.library.keep.settled();
    expect(await storageHits()).toBe(1);
    expect(core.library.keep.queue.downloads).toBe(1);
    const hex = asset.hash.slice(7);
    const dir = join(core.dataDir, 'library', hex.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual([`${hex}.bin`, `${hex}.json`]);
    const status = (await callOk(core, 'library.keepStatus', {})) as {
      usedBytes: number;
      keptEntries: number;
    };
    expect(status).toMatchObject({ usedBytes: bytes.length, keptEntries: 2 });

    expect(await callOk(core, 'library.unkeep', { entryIds: [ids[0]] })).toEqual({ updated: 1 });
    expect(existsSync(join(dir, `${hex}.bin`))).toBe(true);
    expect(await callOk(core, 'library.unkeep', { entryIds: [ids[1]] })).toEqual({ updated: 1 });
    expect(existsSync(join(dir, `${hex}.bin`))).toBe(false);
    expect(((await callOk(core, 'library.keepStatus', {})) as { usedBytes: number }).usedBytes).toBe(0);
  });

  it('takes up keeps left queued by an earlier run', async () => {
    await freshCore();
    const { dataDir, keychain } = core;
    const bytes = randomBytes(40_000);
    const asset = await upload(bytes);
    const [id] = insertEntries(core.store.path, [
      { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash, keepState: 'queued' },
    ]);
    // The queue of the run that wrote it was never started: a restart (a new core on the same folder) resumes it.
    await core.close();
    core = await createTestCore({ dataDir, keychain });
    await core.library.keep.settled();
    expect(core.store.libraryKeep.get(id ?? 0)?.keepState).toBe('kept');
    core.dispose = async () => {
      await core.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });

  it('refuses a keep past the disk budget, saying so and what to do', async () => {
    await freshCore();
    const bytes = randomBytes(1_500_000);
    const asset = await upload(bytes);
    const [id] = insertEntries(core.store.path, [
      { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash },
    ]);
    const status = (await callOk(core, 'library.setBudget', { budgetBytes: 1_000_000 })) as {
      budgetBytes: number;
    };
    expect(status.budgetBytes).toBe(1_000_000);
    await clearSimRequests(sim);
    await callOk(core, 'library.keep', { entryIds: [id] });
    await core.library.keep.settled();
    expect(keepMessageOf(id ?? 0)).toMatch(/disk budget.*Raise the budget in Settings/);
    expect(await storageHits()).toBe(0);
  });

  it('queues on index for `everything`, on rating for `starred` (the default), never for `nothing`', async () => {
    await freshCore();
    const bytes = randomBytes(10_000);
    const asset = await upload(bytes);
    const entry = { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash };
    expect(await callOk(core, 'library.keepRule', { profileId })).toEqual({ rule: 'starred' });
    const [unrated, starred] = insertEntries(core.store.path, [entry, { ...entry, jobId: 'j2' }]);
    expect(core.library.keep.onIndexed([unrated ?? 0, starred ?? 0])).toBe(0);
    rateEntries(core.store.path, [starred ?? 0], 4);
    expect(core.library.keep.onRated([starred ?? 0])).toBe(1);
    await core.library.keep.settled();

    await callOk(core, 'library.setKeepRule', { profileId, rule: 'nothing' });
    const [later] = insertEntries(core.store.path, [{ ...entry, jobId: 'j3', rating: 5 }]);
    expect(core.library.keep.onIndexed([later ?? 0])).toBe(0);
    expect(core.library.keep.onRated([later ?? 0])).toBe(0);

    await callOk(core, 'library.setKeepRule', { profileId, rule: 'everything' });
    const [fresh] = insertEntries(core.store.path, [{ ...entry, jobId: 'j4' }]);
    expect(core.library.keep.onIndexed([fresh ?? 0])).toBe(1);
    await core.library.keep.settled();
    for (const id of [starred, later, fresh, unrated])
      expect(core.store.libraryKeep.get(id ?? 0)?.keepState).toBe('kept');
  });

  it('counts entries expiring within 3 days and keeps them all in one call', async () => {
    await freshCore();
    const bytes = randomBytes(10_000);
    const asset = await upload(bytes);
    const day = 24 * 60 * 60 * 1000;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const entry = { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash };
    const [soon, later, gone, never] = insertEntries(core.store.path, [
      { ...entry, jobId: 'soon', expiresAt: at(day) },
      { ...entry, jobId: 'later', expiresAt: at(10 * day) },
      { ...entry, jobId: 'gone', expiresAt: at(-day) },
      { ...entry, jobId: 'never', expiresAt: null },
    ]);
    await callOk(core, 'library.setKeepRule', { profileId, rule: 'nothing' });
    expect(((await callOk(core, 'library.keepStatus', {})) as { expiringSoon: number }).expiringSoon).toBe(1);
    expect(await callOk(core, 'library.keepMatching', { expiringSoon: true })).toEqual({ queued: 1 });
    await core.library.keep.settled();
    expect(core.store.libraryKeep.get(soon ?? 0)?.keepState).toBe('kept');
    for (const id of [later, gone, never])
      expect(core.store.libraryKeep.get(id ?? 0)?.keepState).toBe('none');
    expect(((await callOk(core, 'library.keepStatus', {})) as { expiringSoon: number }).expiringSoon).toBe(0);
  });

  it('keeps what a search query matches ("Select all results" → Keep), read by the search engine in main', async () => {
    await freshCore();
    const bytes = randomBytes(10_000);
    const asset = await upload(bytes);
    const entry = { profileId, assetId: asset.id, size: bytes.length, hash: asset.hash };
    await callOk(core, 'library.setKeepRule', { profileId, rule: 'nothing' });
    const [loud, quiet, picture] = insertEntries(core.store.path, [
      { ...entry, jobId: 'loud', type: 'audio', rating: 4 },
      { ...entry, jobId: 'quiet', type: 'audio', rating: 1 },
      { ...entry, jobId: 'picture', type: 'image', rating: 5 },
    ]);
    // The query's own filters and the facets picked beside it both narrow what is kept.
    expect(
      await callOk(core, 'library.keepMatching', { query: 'type:audio rating:>=3', profileIds: [profileId] }),
    ).toEqual({ queued: 1 });
    await core.library.keep.settled();
    expect(core.store.libraryKeep.get(loud ?? 0)?.keepState).toBe('kept');
    for (const id of [quiet, picture]) expect(core.store.libraryKeep.get(id ?? 0)?.keepState).toBe('none');
    // Nothing matches: nothing queued, and no error.
    expect(await callOk(core, 'library.keepMatching', { query: 'type:video' })).toEqual({ queued: 0 });
  });

  it('refuses hostile arguments before anything runs', async () => {
    await freshCore();
    const refused = async (name: Parameters<typeof core.dispatcher.call>[0], args: unknown) => {
      const result = await core.dispatcher.call(name, args);
      expect(result.ok, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(false);
    };
    await refused('library.keep', { entryIds: [0] });
    await refused('library.keep', { entryIds: [-1] });
    await refused('library.keep', { entryIds: [2 ** 60] });
    await refused('library.keep', { entryIds: [1.5] });
    await refused('library.keep', { entryIds: [] });
    await refused('library.keep', { entryIds: Array.from({ length: 10_001 }, (_, i) => i + 1) });
    await refused('library.unkeep', { entryIds: Array.from({ length: 10_001 }, (_, i) => i + 1) });
    await refused('library.dragOut', { entryIds: Array.from({ length: 101 }, (_, i) => i + 1) });
    await refused('library.export', { entryIds: ['../../etc/passwd'] });
    await refused('library.setBudget', { budgetBytes: -1 });
    await refused('library.setBudget', { budgetBytes: 2 ** 51 });
    await refused('library.setBudget', { budgetBytes: Number.POSITIVE_INFINITY });
    await refused('library.setKeepRule', { profileId, rule: 'all' });
    await refused('library.keepMatching', { profileIds: ['a'], path: '/etc' });
    // 10,000 unknown ids are a valid call that queues nothing.
    expect(
      await callOk(core, 'library.keep', { entryIds: Array.from({ length: 10_000 }, (_, i) => i + 1) }),
    ).toEqual({
      queued: 0,
    });
  });
});

function keepMessageOf(entryId: number): string {
  return core.store.libraryKeep.get(entryId)?.keepMessage ?? '';
}
