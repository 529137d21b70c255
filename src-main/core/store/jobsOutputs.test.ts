import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type LoupeStore } from './loupeStore';
import type { TempDir } from './testing/tempDir';
import { openTempStore, steppingClock, testProfile } from './testing/tempStore';

let dir: TempDir;
let store: LoupeStore;
const now = steppingClock();

beforeEach(() => {
  ({ dir, store } = openTempStore({ now, profile: testProfile }));
});
afterEach(() => {
  store.close();
  dir.remove();
});

const job = (id: string, status: string, extra: Record<string, unknown> = {}) => ({ id, status, ...extra });

describe('jobsTable', () => {
  it('round-trips a snapshot, keeping unknown fields and unknown statuses as they came', () => {
    const snapshot = job('j1', 'teleporting', {
      progress: { value: 0.5 },
      outputs: [],
      future_field: [1, 'two'],
    });
    expect(store.jobs.upsertSnapshot('p', snapshot, { project: 'moon' })).toEqual({ changed: true });
    store.close();
    store = openStore(dir.file('loupe.db'), { now });
    const row = store.jobs.get('p', 'j1');
    expect(row).toMatchObject({
      profileId: 'p',
      jobId: 'j1',
      status: 'teleporting',
      snapshot,
      labels: { project: 'moon' },
      submittedByUs: false,
      retryOf: null,
      workflow: null,
      terminalAt: null,
    });
  });

  it('reports an identical snapshot as unchanged and sets terminal_at once', () => {
    store.jobs.upsertSnapshot('p', job('j1', 'running'));
    expect(store.jobs.upsertSnapshot('p', job('j1', 'running')).changed).toBe(false);
    expect(store.jobs.upsertSnapshot('p', job('j1', 'succeeded')).changed).toBe(true);
    const terminalAt = store.jobs.get('p', 'j1')?.terminalAt;
    expect(terminalAt).toEqual(expect.any(String));
    store.jobs.upsertSnapshot('p', job('j1', 'succeeded', { outputs: [1] }));
    expect(store.jobs.get('p', 'j1')?.terminalAt).toBe(terminalAt);
  });

  it('keeps labels when a later snapshot carries none', () => {
    store.jobs.upsertSnapshot('p', job('j1', 'queued'), { a: 'b' });
    store.jobs.upsertSnapshot('p', job('j1', 'running'));
    expect(store.jobs.get('p', 'j1')?.labels).toEqual({ a: 'b' });
  });

  it('records a submission with its workflow and retry link, durably, without losing a later snapshot', () => {
    const workflow = { '3': { class_type: 'KSampler', inputs: { seed: 1 } } };
    store.jobs.recordSubmitted('p', { jobId: 'j1', status: 'failed', workflow });
    const retry = store.jobs.recordSubmitted('p', {
      jobId: 'j2',
      status: 'queued',
      workflow,
      retryOf: 'j1',
      labels: { x: 'y' },
    });
    expect(retry).toMatchObject({
      submittedByUs: true,
      retryOf: 'j1',
      workflow,
      labels: { x: 'y' },
      status: 'queued',
    });
    store.jobs.upsertSnapshot('p', job('j2', 'running'));
    expect(store.jobs.get('p', 'j2')).toMatchObject({
      submittedByUs: true,
      retryOf: 'j1',
      workflow,
      status: 'running',
    });
    expect(store.jobs.retriesOf('p', 'j1').rows.map((r) => r.jobId)).toEqual(['j2']);
  });

  it('lists newest first, pages, and lists open jobs for resuming the watcher', () => {
    for (let i = 0; i < 5; i += 1)
      store.jobs.upsertSnapshot('p', job(`j${i}`, i % 2 === 0 ? 'running' : 'failed'));
    expect(store.jobs.list('p').rows.map((r) => r.jobId)).toEqual(['j4', 'j3', 'j2', 'j1', 'j0']);
    expect(store.jobs.list('p', { limit: 2, offset: 1 }).rows.map((r) => r.jobId)).toEqual(['j3', 'j2']);
    expect(store.jobs.list('p', { openOnly: true }).rows.map((r) => r.jobId)).toEqual(['j4', 'j2', 'j0']);
    // Walked with a cursor: a job before it that ends meanwhile does not make the walk skip one.
    const first = store.jobs.list('p', { openOnly: true, limit: 2 }).rows;
    expect(first.map((r) => r.jobId)).toEqual(['j4', 'j2']);
    store.jobs.upsertSnapshot('p', job('j4', 'succeeded'));
    const last = first[1]!;
    const after = { createdAt: last.createdAt, jobId: last.jobId };
    expect(store.jobs.list('p', { openOnly: true, limit: 2, after }).rows.map((r) => r.jobId)).toEqual([
      'j0',
    ]);
    expect(store.jobs.list('p', { openOnly: true, limit: 2, offset: 2 }).rows).toEqual([]);
  });

  it('a cursor among jobs recorded in the same millisecond goes on by id', () => {
    store.close();
    const sameTime = openStore(dir.file('loupe.db'), { now: () => new Date('2026-11-30T00:00:00.000Z') });
    try {
      for (const id of ['b', 'a', 'c']) sameTime.jobs.upsertSnapshot('p', job(id, 'queued'));
      const [one, two, three] = sameTime.jobs.list('p', { openOnly: true }).rows;
      expect([one?.jobId, two?.jobId, three?.jobId]).toEqual(['a', 'b', 'c']);
      const after = { createdAt: one!.createdAt, jobId: one!.jobId };
      expect(sameTime.jobs.list('p', { openOnly: true, after }).rows.map((r) => r.jobId)).toEqual(['b', 'c']);
    } finally {
      sameTime.close();
      store = openStore(dir.file('loupe.db'), { now });
    }
  });

  it('a job the service forgot leaves the open list; the same snapshot read again brings it back', () => {
    for (const id of ['a', 'b']) store.jobs.upsertSnapshot('p', job(id, 'running'));
    store.jobs.upsertSnapshot('p', job('done', 'succeeded'));
    expect(store.jobs.markGone('p', 'a', '2026-11-30T01:00:00.000Z')).toBe(true);
    // Noted once, at the first 404; an ended job is left as it ended.
    expect(store.jobs.markGone('p', 'a')).toBe(false);
    expect(store.jobs.markGone('p', 'done')).toBe(false);
    expect(store.jobs.get('p', 'a')).toMatchObject({ status: 'running', goneAt: '2026-11-30T01:00:00.000Z' });
    expect(store.jobs.list('p', { openOnly: true }).rows.map((row) => row.jobId)).toEqual(['b']);
    const [open] = store.jobs.list('p', { openOnly: true }).rows;
    expect(store.jobs.list('p', { openOnly: true, after: open! }).rows).toEqual([]);
    // The service answers for it again with nothing new: still a change, the note is cleared.
    expect(store.jobs.upsertSnapshot('p', job('a', 'running')).changed).toBe(true);
    expect(store.jobs.get('p', 'a')?.goneAt).toBeNull();
    expect(
      store.jobs
        .list('p', { openOnly: true })
        .rows.map((row) => row.jobId)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('writes a batch of snapshots in one call', () => {
    const jobs = Array.from({ length: 50 }, (_, i) => job(`j${i}`, 'queued'));
    expect(store.jobs.upsertSnapshots('p', jobs)).toEqual({ changed: 50 });
    expect(store.jobs.upsertSnapshots('p', jobs)).toEqual({ changed: 0 });
    expect(store.jobs.list('p', { limit: 100 }).rows).toHaveLength(50);
  });

  it('rejects a snapshot without id or status before it reaches the disk', () => {
    expect(() => store.jobs.upsertSnapshot('p', { id: '', status: 'x' })).toThrow();
    expect(store.jobs.list('p').rows).toEqual([]);
  });

  it('remove forgets the job and its outputs', () => {
    store.jobs.upsertSnapshot('p', job('j1', 'succeeded'));
    store.outputs.upsertForJob('p', 'j1', [
      { assetId: 'a', nodeId: '', name: 'n', type: 'text', contentType: 'text/plain', size: 1, hash: null },
    ]);
    expect(store.jobs.remove('p', 'j1')).toBe(true);
    expect(store.outputs.listForJob('p', 'j1').rows).toEqual([]);
  });
});

describe('outputsTable', () => {
  const png = { nodeId: '9', name: 'a.png', type: 'image', contentType: 'image/png', size: 10, hash: null };

  it('round-trips outputs in service order, fills a hash in later and keeps unknown types', () => {
    store.jobs.upsertSnapshot('p', job('j1', 'running'));
    store.outputs.upsertForJob('p', 'j1', [{ ...png, assetId: 'a1' }]);
    store.outputs.upsertForJob('p', 'j1', [
      { ...png, assetId: 'a1', hash: 'blake3:abc' },
      { ...png, assetId: 'a2', type: 'hologram', name: 'b.holo' },
    ]);
    const rows = store.outputs.listForJob('p', 'j1').rows;
    expect(rows).toEqual([
      { profileId: 'p', jobId: 'j1', assetId: 'a1', position: 0, ...png, hash: 'blake3:abc' },
      { profileId: 'p', jobId: 'j1', assetId: 'a2', position: 1, ...png, type: 'hologram', name: 'b.holo' },
    ]);
    // A later list without the hash does not erase the one we know.
    store.outputs.upsertForJob('p', 'j1', [{ ...png, assetId: 'a1' }]);
    expect(store.outputs.findByHash('p', 'blake3:abc').rows.map((r) => r.assetId)).toEqual(['a1']);
  });

  it('needs the job recorded first', () => {
    expect(() => store.outputs.upsertForJob('p', 'missing', [{ ...png, assetId: 'a' }])).toThrow(
      expect.objectContaining({ code: 'not_found' }) as Error,
    );
  });
});
