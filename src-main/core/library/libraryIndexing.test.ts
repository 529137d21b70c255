// Issue 21: every output written to the store becomes a library entry, with what its job's workflow said,
// in the same transaction; a store from before the library is caught up; hostile workflows stay bounded.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type LoupeStore } from '../store';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { jsonObjectSchema } from '../store/rowCodec';
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

describe('indexing outputs', () => {
  it('makes one entry per output with the workflow facts, named by the first prompt words', () => {
    addJob(store, 'p', {
      jobId: 'j1',
      prompt: 'a red lighthouse on a cliff at dusk with gulls and heavy rain',
      seed: 1234,
      outputs: 2,
      labels: { project: 'moon' },
    });
    const page = new LibrarySearch(store).search({});
    expect(page.total).toBe(2);
    const entry = page.entries[0];
    expect(entry).toMatchObject({
      jobId: 'j1',
      title: 'a red lighthouse on a cliff at dusk…',
      seed: 1234,
      steps: 20,
      cfg: 7,
      sampler: 'euler',
      model: 'sd_xl_base_1.0.safetensors',
      width: 64,
      jobStatus: 'succeeded',
      createdAt: '2025-01-01T00:00:00.000Z',
      rating: 0,
      keep: 'none',
    });
    const detail = new LibrarySearch(store).get(entry?.entryId ?? 0);
    expect(detail.negatives).toEqual(['blurry']);
    expect(detail.labels).toEqual({ project: 'moon' });
    expect(detail.strings.map((s) => s.at)).toContain('9.filename_prefix');
  });

  it('names a batch item by its batch and values when there is no prompt, and a bare output by its file', () => {
    store.batches.create({ id: 'b1', profileId: 'p', name: 'Lighthouse sweep' }, [
      { id: 'i1', idempotencyKey: 'k1', request: {}, values: [{ target: '3.seed', value: 7 }] },
    ]);
    store.batchItems.markSent('i1');
    store.batchItems.markResult('i1', { outcome: 'created', jobId: 'jb' });
    addJob(store, 'p', { jobId: 'jb', workflow: { '1': { class_type: 'Noop', inputs: {} } } });
    addJob(store, 'p', { jobId: 'jx', workflow: null });
    const byJob = new Map(new LibrarySearch(store).search({}).entries.map((e) => [e.jobId, e]));
    expect(byJob.get('jb')).toMatchObject({
      title: 'Lighthouse sweep · seed 7',
      batch: { id: 'b1', name: 'Lighthouse sweep', values: { seed: '7' } },
    });
    expect(byJob.get('jx')?.title).toBe('ComfyUI_jx_0.png');
  });

  it('a batch item’s job whose workflow Loupe never read takes its facts from the submission Loupe recorded', () => {
    const workflow = {
      '3': { class_type: 'KSampler', inputs: { seed: 42, steps: 20, cfg: 7, positive: ['6', 0] } },
      '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a heron in fog at dawn' } },
    };
    store.batches.create({ id: 'b2', profileId: 'p', name: 'Herons' }, [
      { id: 'i2', idempotencyKey: 'k2', request: { workflow }, values: [{ target: '3.seed', value: 42 }] },
    ]);
    store.batchItems.markSent('i2');
    store.batchItems.markResult('i2', { outcome: 'created', jobId: 'jh' });
    addJob(store, 'p', { jobId: 'jh', workflow: null });
    const [entry] = new LibrarySearch(store).search({ query: 'heron seed:42' }).entries;
    expect(entry).toMatchObject({ jobId: 'jh', title: 'a heron in fog at dawn', seed: 42, cfg: 7 });
  });

  it('refreshes an entry when its outputs are written again, keeping the rating', () => {
    addJob(store, 'p', { jobId: 'j1' });
    const search = new LibrarySearch(store);
    const id = search.search({}).entries[0]?.entryId ?? 0;
    store.library.marks.setRating([id], 4);
    store.outputs.upsertForJob('p', 'j1', [
      {
        assetId: 'j1-a0',
        nodeId: '9',
        name: 'renamed.png',
        type: 'image',
        contentType: 'image/png',
        size: 5,
        hash: null,
      },
    ]);
    expect(search.get(id)).toMatchObject({ name: 'renamed.png', rating: 4, hash: 'blake3:j10' });
    expect(search.search({ query: 'renamed' }).total).toBe(1);
    expect(store.library.entries.total()).toBe(1);
  });

  it('keeps a hostile workflow bounded: thousands of long strings make a small entry', () => {
    const workflow: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) {
      workflow[String(i)] = {
        class_type: 'CLIPTextEncode',
        inputs: { text: `${'word '.repeat(2000)}${i}`, x: [i] },
      };
    }
    workflow.deep = {
      class_type: 'X',
      inputs: { nested: JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown },
    };
    addJob(store, 'p', { jobId: 'jh', workflow: jsonObjectSchema.parse(workflow) });
    const entry = new LibrarySearch(store).search({}).entries[0];
    expect(entry).toBeDefined();
    const detail = new LibrarySearch(store).get(entry?.entryId ?? 0);
    expect(detail.strings.length).toBeLessThanOrEqual(120);
    expect(JSON.stringify(detail).length).toBeLessThan(400_000);
    expect(entry?.title.length).toBeLessThanOrEqual(200);
  });
});

describe('catch-up pass', () => {
  it('indexes the outputs an older store holds, in chunks, and queues its finished jobs with none', async () => {
    for (let i = 0; i < 30; i++) addJob(store, 'p', { jobId: `j${i}`, outputs: 3 });
    store.jobs.upsertSnapshot('p', {
      id: 'listed-only',
      status: 'succeeded',
      created_at: '2025-02-01T00:00:00Z',
    });
    store.close();
    // As a store from before the library: outputs, and no entries.
    const db = new Database(dir.file('loupe.db'));
    db.exec('DELETE FROM library_fts; DELETE FROM library_entries;');
    db.close();
    store = openStore(dir.file('loupe.db'));
    expect(store.library.entries.total()).toBe(0);
    let chunks = 0;
    const result = await catchUpLibrary(store, {
      chunk: 25,
      yieldNow: () => {
        chunks++;
        return Promise.resolve();
      },
    });
    expect(result).toEqual({ indexed: 90, queued: 1 });
    expect(chunks).toBeGreaterThanOrEqual(3);
    expect(store.library.entries.total()).toBe(90);
    expect(new LibrarySearch(store).search({ query: 'lighthouse' }).total).toBe(90);
    expect(store.library.backlog.next('p', 10).map((b) => b.jobId)).toEqual(['listed-only']);
  });
});
