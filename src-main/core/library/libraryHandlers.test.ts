// Issue 21: library.* through the real dispatcher (the contract's own argument schemas first): marks in bulk
// up to the contract's bound, tags refused in words when they hold characters a tag may not, saved searches,
// the change stream, the keep rule acting on a star, and a store whose text went bad on disk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'libsql';
import {
  LIBRARY_BULK_MAX,
  libraryCollectionSchema,
  librarySearchPageSchema,
} from '../../../src-shared/contracts/library';
import { createTestCore, type TestCore } from '../app/testing/testCore';
import { openStore } from '../store';
import { flipMarkerBytes } from '../store/testing/flipBytes';
import { LibrarySearch } from './librarySearch';
import { addJob } from './testing/libraryFixture';

let core: TestCore;
let profileId: string;

beforeAll(async () => {
  core = await createTestCore({ headless: true });
  profileId = (
    await core.profiles.create({ name: 'Lib', surface: 'serverless', baseUrl: 'https://x.example.com' })
  ).id;
  for (let i = 0; i < 5; i++)
    addJob(core.store, profileId, { jobId: `j${i}`, prompt: `a lighthouse number ${i}`, outputs: 2 });
});
afterAll(async () => {
  await core.dispose();
});

async function call(name: Parameters<TestCore['dispatcher']['call']>[0], args: unknown) {
  return core.dispatcher.call(name, args);
}

describe('library.* through the dispatcher', () => {
  it('searches, rates in bulk (ten thousand ids, unknown ones skipped) and reads the detail', async () => {
    const searched = await call('library.search', { query: 'lighthouse' });
    if (!searched.ok) throw new Error(searched.error.message);
    const page = librarySearchPageSchema.parse(searched.value);
    expect(page.total).toBe(10);
    const ids = page.entries.map((e) => e.entryId);
    const many = [...ids, ...Array.from({ length: LIBRARY_BULK_MAX - ids.length }, (_, i) => 1_000_000 + i)];
    expect(await call('library.rate', { entryIds: many, rating: 4 })).toEqual({
      ok: true,
      value: { updated: 10 },
    });
    const tooMany = await call('library.rate', { entryIds: [...many, 5], rating: 4 });
    expect(tooMany.ok ? null : tooMany.error.code).toBe('invalid_arguments');
    expect((await call('library.rate', { entryIds: ids, rating: 6 })).ok).toBe(false);
    const detail = await call('library.get', { entryId: ids[0] });
    expect(detail.ok && detail.value).toMatchObject({
      rating: 4,
      prompts: [expect.stringMatching(/lighthouse/)],
    });
    const missing = await call('library.get', { entryId: 999_999 });
    expect(missing.ok ? null : missing.error.code).toBe('not_found');
  });

  it('finds an output’s entry by its asset (for rating where it is shown), and refuses hostile arguments', async () => {
    const [shown] = new LibrarySearch(core.store).search({ query: 'lighthouse', limit: 1 }).entries;
    if (shown === undefined) throw new Error('fixture entries missing');
    await call('library.rate', { entryIds: [shown.entryId], rating: 3 });
    expect(await call('library.entryOfAsset', { profileId, assetId: shown.assetId })).toEqual({
      ok: true,
      value: { entry: { entryId: shown.entryId, rating: 3 } },
    });
    expect(await call('library.entryOfAsset', { profileId, assetId: 'never-made' })).toEqual({
      ok: true,
      value: { entry: null },
    });
    for (const args of [
      { profileId: 'no-such-profile', assetId: shown.assetId },
      { profileId, assetId: '../etc/passwd' },
      { profileId, assetId: 'x'.repeat(201) },
      { profileId, assetId: 7 },
      { profileId, assetId: shown.assetId, entryId: 1 },
      { assetId: shown.assetId },
    ]) {
      const refused = await call('library.entryOfAsset', args);
      expect(refused.ok, JSON.stringify(args)).toBe(false);
    }
  });

  it('tags and refuses tags with characters a tag may not hold', async () => {
    const ids = new LibrarySearch(core.store).search({ limit: 3 }).entries.map((e) => e.entryId);
    expect(await call('library.tag', { entryIds: ids, add: ['Keeper', 'sea view'] })).toEqual({
      ok: true,
      value: { updated: 3 },
    });
    for (const bad of ['"quoted"', '*', 'a;b', '<b>', '', ' ', 'x'.repeat(65), 'NEAR(']) {
      const refused = await call('library.tag', { entryIds: ids, add: [bad] });
      expect(refused.ok ? bad : refused.error.code).toBe('invalid_arguments');
    }
    const tags = await call('library.tags', {});
    expect(tags.ok && tags.value).toEqual({
      tags: expect.arrayContaining([{ value: 'Keeper', label: 'Keeper', count: 3 }]) as unknown,
    });
    const found = await call('library.search', { query: 'tag:keeper' });
    expect(found.ok && librarySearchPageSchema.parse(found.value).total).toBe(3);
  });

  it('saves, lists and deletes collections, and tells the change stream', async () => {
    const events: unknown[] = [];
    const owner = {};
    const opened = core.dispatcher.subscribe(owner, 'library.changes', 'library-sub-1', {}, (message) =>
      events.push(message),
    );
    expect(opened.ok).toBe(true);
    const saved = await call('library.saveCollection', {
      name: 'Keepers',
      filter: { minRating: 4 },
      sort: 'rating',
    });
    if (!saved.ok) throw new Error(saved.error.message);
    const collection = libraryCollectionSchema.parse(saved.value);
    const listed = await call('library.collections', {});
    expect(listed.ok && listed.value).toEqual({ collections: [collection] });
    expect(await call('library.deleteCollection', { id: collection.id })).toEqual({
      ok: true,
      value: { deleted: true },
    });
    core.library.changes.flush();
    expect(JSON.stringify(events)).toContain('collections');
    core.dispatcher.disposeOwner(owner);
  });

  it('a star queues the entry under the profile’s keep rule (starred by default); rule nothing does not', async () => {
    addJob(core.store, profileId, { jobId: 'jkite', prompt: 'a red kite over dunes', outputs: 2 });
    const entries = new LibrarySearch(core.store).search({ query: 'kite' }).entries;
    const [first, second] = entries.map((e) => e.entryId);
    if (first === undefined || second === undefined) throw new Error('fixture entries missing');
    const keepOf = async (entryId: number) => {
      const detail = await call('library.get', { entryId });
      return detail.ok ? (detail.value as { keep: string }).keep : 'unreadable';
    };
    expect(await keepOf(first)).toBe('none');
    await call('library.rate', { entryIds: [first], rating: 5 });
    // Queued, then tried against a service this test has none of: either way the rule acted on the star.
    expect(await keepOf(first)).not.toBe('none');
    expect(await call('library.setKeepRule', { profileId, rule: 'nothing' })).toMatchObject({ ok: true });
    await call('library.rate', { entryIds: [second], rating: 5 });
    expect(await keepOf(second)).toBe('none');
  });

  it('on a profile that keeps everything, entries are queued as their outputs are written', async () => {
    expect(await call('library.setKeepRule', { profileId, rule: 'everything' })).toMatchObject({ ok: true });
    addJob(core.store, profileId, { jobId: 'jgull', prompt: 'a gull on a post', outputs: 1 });
    // The rule acts once the outputs write has committed (the next turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    const [entry] = new LibrarySearch(core.store).search({ query: 'gull' }).entries;
    expect(entry?.keep).not.toBe('none');
    await call('library.setKeepRule', { profileId, rule: 'starred' });
  });
});

describe('a store whose text went bad on disk', () => {
  it('still searches: a flipped byte in an entry’s title and facts reads as a replacement character', async () => {
    const dataDir = core.dataDir;
    const path = core.store.path;
    addJob(core.store, profileId, { jobId: 'jbad', prompt: 'MARKERWORD zebra crossing', outputs: 1 });
    await core.close();
    expect(flipMarkerBytes(path, 'MARKERWORD')).toBeGreaterThan(0);
    const store = openStore(path);
    try {
      const search = new LibrarySearch(store);
      const page = search.search({ query: 'zebra' });
      expect(page.total).toBe(1);
      expect(page.entries[0]?.title).toContain('\uFFFD');
      expect(() => search.get(page.entries[0]?.entryId ?? 0)).not.toThrow();
      expect(search.facets({}).types.length).toBeGreaterThan(0);
    } finally {
      store.close();
    }
    core = await createTestCore({ headless: true, dataDir });
  });
});

describe('a search page', () => {
  it('names an entry’s batch from its record, else from the facts; damaged facts give the batch’s id instead of failing', () => {
    addJob(core.store, profileId, { jobId: 'jnamed', prompt: 'QUOKKA named', outputs: 1 });
    addJob(core.store, profileId, { jobId: 'jremembered', prompt: 'QUOKKA remembered', outputs: 1 });
    addJob(core.store, profileId, { jobId: 'jbroken', prompt: 'QUOKKA broken', outputs: 1 });
    const raw = new Database(core.store.path);
    try {
      // b-q is a batch Loupe records (renamed since its entries were indexed); b-gone and b-lost are not.
      raw.exec(`INSERT INTO batches (id, profile_id, name, created_at) VALUES ('b-q', '${profileId}', 'Quokka sweep', 'x');
        UPDATE library_entries SET batch_id = 'b-q', facts = json_set(facts, '$.batchName', 'Old name') WHERE job_id = 'jnamed';
        UPDATE library_entries SET batch_id = 'b-gone', facts = json_set(facts, '$.batchName', 'Remembered sweep') WHERE job_id = 'jremembered';
        UPDATE library_entries SET batch_id = 'b-lost', facts = substr(facts, 1, 20) WHERE job_id = 'jbroken';`);
    } finally {
      raw.close();
    }
    const search = new LibrarySearch(core.store);
    const page = search.search({ query: 'quokka' });
    const batchOf = (job: string) => page.entries.find((e) => e.jobId === job)?.batch?.name;
    expect(page.total).toBe(3);
    // The name the Batch facet shows too.
    expect(batchOf('jnamed')).toBe('Quokka sweep');
    expect(search.facets({ query: 'quokka' }).batches).toContainEqual(
      expect.objectContaining({ value: 'b-q', label: 'Quokka sweep' }),
    );
    expect(batchOf('jremembered')).toBe('Remembered sweep');
    expect(batchOf('jbroken')).toBe('b-lost');
    // The detail still reads the whole facts (the prompts), which the page left out.
    const named = page.entries.find((e) => e.jobId === 'jnamed');
    expect(search.get(named?.entryId ?? 0).prompts).toEqual(['QUOKKA named']);
  });
});
