// Issue 21: a Router run's saved media and a finished upload are library entries from the moment the store
// records them, with what each knows, searchable in the one box and filterable by source; a store from before
// (schema 10) gains the column by migration 11 and its runs and uploads are caught up once.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type LoupeStore } from '../store';
import type { StoredMedia } from '../store/routerRunRow';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { catchUpLibrary } from './catchUp';
import { LibrarySearch } from './librarySearch';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
});
afterEach(() => {
  store.close();
  dir.remove();
});

const meta = {
  creditsUsed: 4.5,
  droppedParams: [],
  fallbackProvider: null,
  replayed: false,
  committedSpend: { limit: null, current: null, remaining: null },
};

function medium(
  index: number,
  state: StoredMedia['state'],
  kind: StoredMedia['kind'] = 'image',
): StoredMedia {
  const ext = kind === 'video' ? 'mp4' : 'png';
  return {
    index,
    kind,
    contentType: kind === 'video' ? 'video/mp4' : 'image/png',
    name: `output-${index}.${ext}`,
    sizeBytes: 1234,
    file: state === 'saved' ? `${index}.${ext}` : null,
    state,
    source: 'answer',
    pointer: null,
  };
}

function completedRun(id: string, media: StoredMedia[], prompt = 'a copper teapot on a windowsill'): void {
  store.routerRuns.insert({
    id,
    profileId: 'p',
    modelId: 'acme/flux-pro',
    mode: 'sync',
    idempotencyKey: `key-${id}`,
    input: { prompt, negative_prompt: 'blurry', image_url: 'https://cdn.example.com/x.png', steps: 30 },
    options: {},
  });
  store.routerRuns.markSent(id);
  store.routerRuns.recordCompleted(id, { output: null, meta, requestId: 'r', media });
}

function finishedUpload(id: string, assetId: string, relativePath = 'refs/moodboard/harbour.png'): void {
  store.uploads.recordIntent({
    id,
    profileId: 'p',
    filePath: `/home/me/${relativePath}`,
    size: 2048,
    hash: `blake3:${'ab'.repeat(32)}`,
    idempotencyKey: `up-${id}`,
    placement: { relativePath },
  });
  store.uploads.markSent(id);
  store.uploads.markResult(id, { outcome: 'created', assetId });
}

describe('Router runs’ media in the library', () => {
  it('a saved medium is an entry as the run is recorded: model, prompt, time, state and credits', () => {
    completedRun('run-1', [medium(0, 'saved'), medium(1, 'saving')]);
    const search = new LibrarySearch(store);
    const page = search.search({ query: 'teapot' });
    expect(page.total).toBe(1);
    const entry = page.entries[0];
    expect(entry).toMatchObject({
      source: 'router',
      jobId: 'run-1',
      assetId: 'router:run-1:0',
      title: 'a copper teapot on a windowsill',
      name: 'output-0.png',
      type: 'image',
      model: 'acme/flux-pro',
      prompt: 'a copper teapot on a windowsill',
      jobStatus: 'completed',
    });
    const detail = search.get(entry?.entryId ?? 0);
    expect(detail.credits).toBe(4.5);
    // Every text input is searchable, the links and numbers are not words.
    expect(detail.strings.map((s) => s.at)).toEqual(['input.prompt', 'input.negative_prompt']);
    expect(search.search({ query: 'blurry' }).total).toBe(1);
    expect(search.search({ query: 'model:flux' }).total).toBe(1);

    // The medium still saving becomes an entry once it is saved.
    store.routerRuns.setMedia('run-1', [medium(0, 'saved'), medium(1, 'saved')]);
    expect(search.search({ query: 'teapot' }).total).toBe(2);
  });

  it('a run with nothing saved is no entry', () => {
    completedRun('run-2', [medium(0, 'failed')]);
    expect(store.library.entries.total()).toBe(0);
  });
});

describe('uploads in the library', () => {
  it('a finished upload is an entry with its file’s name, type, size, hash and time, found by its path', () => {
    store.uploads.recordIntent({
      id: 'u0',
      profileId: 'p',
      filePath: '/home/me/pending.png',
      size: 1,
      hash: null,
      idempotencyKey: 'up-u0',
    });
    expect(store.library.entries.total()).toBe(0);
    finishedUpload('u1', 'asset-up-1');
    const page = new LibrarySearch(store).search({ query: 'moodboard' });
    expect(page.entries).toEqual([
      expect.objectContaining({
        source: 'upload',
        jobId: 'u1',
        assetId: 'asset-up-1',
        name: 'harbour.png',
        title: 'harbour.png',
        type: 'image',
        contentType: 'image/png',
        sizeBytes: 2048,
        hash: `blake3:${'ab'.repeat(32)}`,
        jobStatus: 'uploaded',
      }),
    ]);
  });

  it('an upload whose answer was lost becomes an entry when its asset is learnt', () => {
    store.uploads.recordIntent({
      id: 'u2',
      profileId: 'p',
      filePath: '/home/me/lost.png',
      size: 5,
      hash: null,
      idempotencyKey: 'up-u2',
    });
    store.uploads.markSent('u2');
    store.uploads.markResult('u2', { outcome: 'created', assetId: null, error: 'answer lost' });
    expect(store.library.entries.total()).toBe(0);
    store.uploads.attachAsset('u2', 'asset-lost');
    expect(new LibrarySearch(store).search({ query: 'lost' }).entries[0]?.assetId).toBe('asset-lost');
  });
});

describe('the source facet', () => {
  it('filters by source (picked, or `source:` in the box) and counts each source', () => {
    addJob(store, 'p', { jobId: 'j1', outputs: 2 });
    completedRun('run-3', [medium(0, 'saved', 'video')]);
    finishedUpload('u3', 'asset-up-3');
    const search = new LibrarySearch(store);
    expect(search.search({}).total).toBe(4);
    expect(search.search({ sources: ['upload'] }).entries.map((e) => e.assetId)).toEqual(['asset-up-3']);
    expect(search.search({ sources: ['router'] }).entries.map((e) => e.type)).toEqual(['video']);
    expect(search.search({ query: 'source:job' }).total).toBe(2);
    const facets = search.facets({ sources: ['upload'] });
    // A facet's counts ignore its own pick.
    expect(Object.fromEntries(facets.sources.map((f) => [f.value, f.count]))).toEqual({
      job: 2,
      router: 1,
      upload: 1,
    });
    expect(facets.types.map((f) => f.value)).toEqual(['image']);
  });
});

describe('a store from before the library knew these sources', () => {
  it('migration 11 keeps every entry a job’s, and the catch-up makes the runs’ and uploads’ entries once', async () => {
    addJob(store, 'p', { jobId: 'j1', prompt: 'harbour at dawn', outputs: 2 });
    completedRun('run-old', [medium(0, 'saved')], 'an old teapot');
    finishedUpload('u-old', 'asset-old');
    store.close();
    // As schema 10 left it: no source column, entries only for jobs' outputs.
    const db = new Database(dir.file('loupe.db'));
    db.exec(`
      DELETE FROM library_fts WHERE rowid IN (SELECT entry_id FROM library_entries WHERE source <> 'job');
      DELETE FROM library_entries WHERE source <> 'job';
      DROP INDEX library_by_source;
      ALTER TABLE library_entries DROP COLUMN source;
      DELETE FROM schema_migrations WHERE version = 11;
      DROP TRIGGER library_counts_delete; DROP TRIGGER library_counts_update; DROP TRIGGER library_fts_delete;
      DROP TABLE library_counts; DROP INDEX library_rejected;
      DELETE FROM schema_migrations WHERE version = 12;
      DROP INDEX library_by_asset; DELETE FROM schema_migrations WHERE version = 13;
      DROP INDEX library_sidecars_due; ALTER TABLE library_blobs DROP COLUMN sidecar_due;
      DELETE FROM schema_migrations WHERE version = 14;
      ALTER TABLE profiles DROP COLUMN credential_saved; DELETE FROM schema_migrations WHERE version = 15;
      DROP INDEX jobs_by_creation; ALTER TABLE jobs DROP COLUMN created_ms;
      DELETE FROM schema_migrations WHERE version = 17;
      ALTER TABLE jobs DROP COLUMN gone_at; DELETE FROM schema_migrations WHERE version = 16;
    `);
    db.close();

    store = openStore(dir.file('loupe.db'));
    expect(store.migration).toMatchObject({ from: 10, applied: [11, 12, 13, 14, 15, 16, 17] });
    const search = new LibrarySearch(store);
    expect(search.search({}).entries.map((e) => e.source)).toEqual(['job', 'job']);
    expect(search.search({ query: 'harbour' }).total).toBe(2);

    const first = await catchUpLibrary(store, { chunk: 1, yieldNow: () => Promise.resolve() });
    expect(first.indexed).toBe(2);
    expect(search.search({ sources: ['router'] }).entries.map((e) => e.title)).toEqual(['an old teapot']);
    expect(search.search({ query: 'source:upload' }).entries.map((e) => e.assetId)).toEqual(['asset-old']);
    // Once: a second pass finds nothing left to do.
    expect((await catchUpLibrary(store)).indexed).toBe(0);
    expect(store.library.entries.total()).toBe(4);
  });
});
