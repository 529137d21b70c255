import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type LoupeStore } from './loupeStore';
import type { TempDir } from './testing/tempDir';
import { openTempStore, testProfile } from './testing/tempStore';
import { sendWithIntent } from './writeBeforeSend';

let dir: TempDir;
let store: LoupeStore;

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
});
afterEach(() => {
  store.close();
  dir.remove();
});

const request = {
  prompt: { '1': { class_type: 'LoadImage', inputs: { image: 'x.png' } } },
  labels: { run: '7' },
};

describe('batchesTable + batchItemsTable', () => {
  it('records a batch with its item intents and reads them back', () => {
    const { batch, items } = store.batches.create({ id: 'b1', profileId: 'p', name: 'Night run' }, [
      { id: 'i1', idempotencyKey: 'k1', request },
      { id: 'i2', idempotencyKey: 'k2', request: { prompt: {} } },
    ]);
    expect(batch).toMatchObject({ id: 'b1', profileId: 'p', name: 'Night run' });
    expect(items.map((i) => [i.id, i.position, i.state, i.attempts])).toEqual([
      ['i1', 0, 'pending', 0],
      ['i2', 1, 'pending', 0],
    ]);
    store.close();
    store = openStore(dir.file('loupe.db'));
    expect(store.batchItems.get('i1')).toMatchObject({
      batchId: 'b1',
      idempotencyKey: 'k1',
      request,
      jobId: null,
    });
    expect(store.batches.list('p').rows.map((b) => b.id)).toEqual(['b1']);
    expect(
      store.batchItems.recordIntent({ id: 'i3', batchId: 'b1', idempotencyKey: 'k3', request: {} }).position,
    ).toBe(2);
  });

  it('names the batch of several items a job runs an item of; a batch of one is none', () => {
    store.batches.create({ id: 'several', profileId: 'p', name: 'Sweep' }, [
      { id: 's1', idempotencyKey: 'ks1', request },
      { id: 's2', idempotencyKey: 'ks2', request },
      { id: 's3', idempotencyKey: 'ks3', request },
    ]);
    store.batches.create({ id: 'lone', profileId: 'p', name: 'Submitted: one.json' }, [
      { id: 'l1', idempotencyKey: 'kl1', request },
    ]);
    for (const [item, jobId] of [
      ['s1', 'job-1'],
      ['s2', 'job-2'],
      ['l1', 'job-lone'],
    ] as const) {
      store.batchItems.markSent(item);
      store.batchItems.markResult(item, { outcome: 'created', jobId });
    }
    expect(store.batchItems.severalItemBatchOf('p', 'job-1')).toBe('several');
    expect(store.batchItems.severalItemBatchOf('p', 'job-lone')).toBeNull();
    expect(store.batchItems.severalItemBatchOf('p', 'unknown')).toBeNull();
    // Another profile's question finds nothing of this one's.
    expect(store.batchItems.severalItemBatchOf('other', 'job-1')).toBeNull();
    expect(
      [...store.batchItems.severalItemBatchesOfJobs('p', ['job-1', 'job-2', 'job-lone'])].sort(),
    ).toEqual([
      ['job-1', 'several'],
      ['job-2', 'several'],
    ]);
    expect(store.batchItems.severalItemBatchesOfJobs('other', ['job-1']).size).toBe(0);
  });

  it('walks pending → sent → unknown → sent → created, counting attempts', () => {
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [{ id: 'i', idempotencyKey: 'k', request }]);
    expect(store.batchItems.markSent('i')).toMatchObject({ state: 'sent', attempts: 1 });
    expect(store.batchItems.markResult('i', { outcome: 'unknown', error: 'socket hang up' })).toMatchObject({
      state: 'unknown',
      lastError: 'socket hang up',
    });
    expect(store.batchItems.listResumable('p').rows.map((r) => r.id)).toEqual(['i']);
    expect(store.batchItems.markSent('i')).toMatchObject({ state: 'sent', attempts: 2, idempotencyKey: 'k' });
    expect(store.batchItems.markResult('i', { outcome: 'created', jobId: 'job-1' })).toMatchObject({
      state: 'created',
      jobId: 'job-1',
      lastError: null,
    });
    expect(store.batchItems.listResumable('p').rows).toEqual([]);
    expect(store.batchItems.countsByState('b')).toEqual({
      pending: 0,
      sent: 0,
      unknown: 0,
      created: 1,
      failed: 0,
    });
  });

  it('refuses steps out of order with a typed error', () => {
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [{ id: 'i', idempotencyKey: 'k', request }]);
    expect(() => store.batchItems.markResult('i', { outcome: 'created', jobId: 'j' })).toThrow(
      expect.objectContaining({ code: 'conflict' }) as Error,
    );
    store.batchItems.markSent('i');
    store.batchItems.markResult('i', { outcome: 'failed', error: 'invalid_workflow' });
    expect(() => store.batchItems.markSent('i')).toThrow(
      expect.objectContaining({ code: 'conflict' }) as Error,
    );
    expect(() => store.batchItems.markSent('nope')).toThrow(
      expect.objectContaining({ code: 'not_found' }) as Error,
    );
    expect(store.batchItems.requeue('i', 'k-2')).toMatchObject({
      state: 'pending',
      idempotencyKey: 'k-2',
      lastError: null,
    });
  });

  it('refuses a reused idempotency key and leaves nothing of a half-recorded batch', () => {
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [{ id: 'i', idempotencyKey: 'k', request }]);
    expect(() =>
      store.batches.create({ id: 'b2', profileId: 'p', name: '' }, [
        { id: 'i2', idempotencyKey: 'fresh', request },
        { id: 'i3', idempotencyKey: 'k', request },
      ]),
    ).toThrow(/UNIQUE/);
    expect(store.batches.get('b2')).toBeNull();
    expect(store.batchItems.get('i2')).toBeNull();
  });
});

describe('write before send', () => {
  it('the intent and the sent mark are on disk (seen by another connection) before the send callback runs', async () => {
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [
      { id: 'i', idempotencyKey: 'key-1', request },
    ]);
    const observed: unknown[] = [];
    const row = await sendWithIntent(store.batchItems, 'i', (item) => {
      const other = openStore(dir.file('loupe.db'));
      try {
        observed.push(other.batchItems.get('i'));
      } finally {
        other.close();
      }
      expect(item.idempotencyKey).toBe('key-1');
      return Promise.resolve({ outcome: 'created' as const, jobId: 'job-9' });
    });
    expect(observed).toEqual([
      expect.objectContaining({ state: 'sent', idempotencyKey: 'key-1', request, attempts: 1 }),
    ]);
    expect(row).toMatchObject({ state: 'created', jobId: 'job-9' });
  });

  it('a send that throws is recorded as an unknown outcome, not a failure', async () => {
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [{ id: 'i', idempotencyKey: 'k', request }]);
    const row = await sendWithIntent(store.batchItems, 'i', () => Promise.reject(new Error('ECONNRESET')));
    expect(row).toMatchObject({ state: 'unknown', lastError: 'Error: ECONNRESET' });
  });

  it('a send never runs for an item that cannot be marked sent', async () => {
    let ran = false;
    await expect(
      sendWithIntent(store.batchItems, 'missing', () => {
        ran = true;
        return Promise.resolve({ outcome: 'created' as const, jobId: 'x' });
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(ran).toBe(false);
  });
});

describe('uploadsTable', () => {
  const intent = {
    id: 'u1',
    profileId: 'p',
    filePath: '/in/a.png',
    size: 42,
    hash: 'blake3:aa',
    idempotencyKey: 'uk1',
  };

  it('records the intent, sends and finishes, and finds the finished upload by hash', async () => {
    expect(store.uploads.recordIntent(intent)).toMatchObject({
      ...intent,
      state: 'pending',
      assetId: null,
      attempts: 0,
    });
    const done = await sendWithIntent(store.uploads, 'u1', () =>
      Promise.resolve({ outcome: 'created' as const, assetId: 'asset-1' }),
    );
    expect(done).toMatchObject({ state: 'created', assetId: 'asset-1', hash: 'blake3:aa', attempts: 1 });
    expect(store.uploads.findCreatedByHash('p', 'blake3:aa')?.assetId).toBe('asset-1');
    expect(store.uploads.findCreatedByHash('p', 'blake3:bb')).toBeNull();
  });

  it('lists by state for resuming and requeues a failure under a new key', () => {
    store.uploads.recordIntent(intent);
    store.uploads.recordIntent({ ...intent, id: 'u2', idempotencyKey: 'uk2' });
    store.uploads.markSent('u2');
    store.uploads.markResult('u2', { outcome: 'failed', error: 'x'.repeat(5000) });
    expect(store.uploads.get('u2')?.lastError?.length).toBeLessThan(2010);
    expect(store.uploads.list('p', ['pending']).rows.map((r) => r.id)).toEqual(['u1']);
    expect(store.uploads.requeue('u2', 'uk3')).toMatchObject({ state: 'pending', idempotencyKey: 'uk3' });
    expect(() => store.uploads.recordIntent(intent)).toThrow(
      expect.objectContaining({ code: 'conflict' }) as Error,
    );
  });
});
