// The outputs writer on a real store: a chunk per transaction with a turn of the event loop between, only
// what changed written again, a newer list never losing rows of the one being written, a failed write giving
// up its list (not the writer), and finish() writing what is left at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Output } from '../api';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { OutputsWriter } from './outputsWriter';

function output(i: number, hash: string | null = null): Output {
  return {
    id: `a${i}`,
    node_id: '9',
    name: `out_${i}.txt`,
    type: 'text',
    content_type: 'text/plain',
    size_bytes: 3,
    hash,
    url: `http://127.0.0.1/a${i}`,
    url_expires_at: null,
    job_id: 'j1',
  };
}

const outputs = (from: number, to: number): Output[] =>
  Array.from({ length: to - from }, (_, i) => output(from + i));

describe('OutputsWriter', () => {
  let dir: TempDir;
  let store: LoupeStore;
  let errors: unknown[];
  /** Every yield the writer took, and what was written by then. */
  let yields: number[];

  function writer(chunkRows = 100): OutputsWriter {
    const made = new OutputsWriter({
      profileId: 'p1',
      store,
      chunkRows,
      logError: (_message, error) => errors.push(error),
      yieldNow: () => {
        yields.push(made.stats.rowsWritten);
        return new Promise((resolve) => setImmediate(resolve));
      },
    });
    return made;
  }

  const stored = (): string[] => store.outputs.listForJob('p1', 'j1').rows.map((row) => row.assetId);

  beforeEach(() => {
    dir = makeTempDir('loupe-outputs-');
    store = openStore(dir.file('loupe.db'));
    store.profiles.insert({
      id: 'p1',
      name: 'Test',
      surface: 'serverless',
      baseUrl: 'http://127.0.0.1:9',
      routerBaseUrl: null,
      builtIn: null,
    });
    store.jobs.upsertSnapshot('p1', { id: 'j1', status: 'running' });
    errors = [];
    yields = [];
  });
  afterEach(() => {
    store.close();
    dir.remove();
  });

  it('writes a chunk per transaction and lets the event loop run between two', async () => {
    const outputsWriter = writer(100);
    outputsWriter.enqueue('j1', outputs(0, 1000));
    await outputsWriter.whenIdle();
    expect(stored()).toHaveLength(1000);
    expect(outputsWriter.stats).toMatchObject({
      transactions: 10,
      rowsWritten: 1000,
      largestTransaction: 100,
    });
    // A turn of the event loop before the first chunk (never inside the flush that queued it) and after
    // every one: the writer never holds the loop for more than one chunk.
    expect(yields).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('writes only what changed: the same list again costs nothing, a filled-in hash one row', async () => {
    const outputsWriter = writer(100);
    const first = outputs(0, 300);
    outputsWriter.enqueue('j1', first);
    await outputsWriter.whenIdle();
    outputsWriter.enqueue('j1', [...first]);
    await outputsWriter.whenIdle();
    expect(outputsWriter.stats.rowsWritten).toBe(300);
    const hashed = first.map((o, i) => (i === 7 ? output(7, `blake3:${'a'.repeat(64)}`) : o));
    outputsWriter.enqueue('j1', hashed);
    await outputsWriter.whenIdle();
    expect(outputsWriter.stats.rowsWritten).toBe(301);
    expect(store.outputs.listForJob('p1', 'j1').rows[7]?.hash).toBe(`blake3:${'a'.repeat(64)}`);
  });

  it('writes every row of a list even when a longer one arrives while it is being written', async () => {
    const outputsWriter = writer(100);
    const first = outputs(0, 500);
    outputsWriter.enqueue('j1', first);
    // A stream appended to the list (the same output objects, four more) after the first chunk.
    await new Promise((resolve) => setImmediate(resolve));
    outputsWriter.enqueue('j1', [...first, ...outputs(500, 504)]);
    await outputsWriter.whenIdle();
    expect(stored()).toEqual(Array.from({ length: 504 }, (_, i) => `a${i}`));
    expect(outputsWriter.stats.rowsWritten).toBe(504);
  });

  it('gives up a list it cannot write, and writes it whole once it can', async () => {
    const outputsWriter = writer(100);
    outputsWriter.enqueue('j2', outputs(0, 50));
    await outputsWriter.whenIdle();
    expect(errors).toHaveLength(1);
    store.jobs.upsertSnapshot('p1', { id: 'j2', status: 'running' });
    outputsWriter.enqueue('j2', outputs(0, 50));
    await outputsWriter.whenIdle();
    expect(store.outputs.listForJob('p1', 'j2').rows).toHaveLength(50);
  });

  it('looks through a long unchanged list a few chunks at a time, yielding between', async () => {
    const outputsWriter = writer(100);
    const list = outputs(0, 2000);
    outputsWriter.enqueue('j1', list);
    await outputsWriter.whenIdle();
    yields.length = 0;
    // The same rows as new objects (a read brings a new list): each is weighed, none written again.
    outputsWriter.enqueue('j1', outputs(0, 2000));
    await outputsWriter.whenIdle();
    expect(outputsWriter.stats.rowsWritten).toBe(2000);
    expect(yields.length).toBeGreaterThanOrEqual(2000 / (100 * 4));
  });

  it('writes what is left at once when finished, and takes nothing after', async () => {
    const outputsWriter = writer(100);
    outputsWriter.enqueue('j1', outputs(0, 1000));
    outputsWriter.finish();
    expect(stored()).toHaveLength(1000);
    outputsWriter.enqueue('j1', outputs(0, 1001));
    await outputsWriter.whenIdle();
    expect(stored()).toHaveLength(1000);
  });
});
