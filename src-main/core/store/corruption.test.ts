// Rows damaged on disk (by another tool, a bad build, a half-restored backup) must come back as typed
// errors, never as a crash or a wrong-shaped object.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreError, StoreError } from './errors';
import { openStore, type LoupeStore } from './loupeStore';
import type { TempDir } from './testing/tempDir';
import { openTempStore, testProfile } from './testing/tempStore';

let dir: TempDir;
let store: LoupeStore;

function tamper(sql: string): void {
  const db = new Database(dir.file('loupe.db'));
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}

function caught(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    if (isStoreError(error)) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

beforeEach(() => {
  ({ dir, store } = openTempStore({
    profile: { ...testProfile, surface: 'managed', baseUrl: 'https://m.example.com' },
  }));
  store.jobs.recordSubmitted('p', {
    jobId: 'good',
    status: 'queued',
    workflow: { a: 1 },
    labels: { k: 'v' },
  });
  store.jobs.recordSubmitted('p', { jobId: 'bad', status: 'queued', workflow: { a: 1 } });
});
afterEach(() => {
  store.close();
  dir.remove();
});

describe('corrupt rows', () => {
  it.each([
    ['snapshot', "'{not json'"],
    ['labels', '\'{"k": 5}\''],
    ['submitted_by_us', '7'],
  ])('a damaged jobs.%s becomes corrupt_row on get and is set aside on list', (column, value) => {
    tamper(`UPDATE jobs SET ${column} = ${value} WHERE job_id = 'bad'`);
    const error = caught(() => store.jobs.get('p', 'bad'));
    expect(error.code).toBe('corrupt_row');
    expect(error.details).toMatchObject({ table: 'jobs', key: 'bad', columns: [column] });
    expect(error.message).toMatch(new RegExp(`jobs row \\(bad\\) could not be read: ${column} is damaged`));

    const list = store.jobs.list('p');
    expect(list.rows.map((r) => r.jobId)).toEqual(['good']);
    expect(list.corrupt.map((e) => [e.code, e.details.key])).toEqual([['corrupt_row', 'bad']]);
  });

  it('a damaged jobs.workflow becomes corrupt_row on get; the list, which never reads it, still shows the job', () => {
    tamper(`UPDATE jobs SET workflow = '[1,2,3]' WHERE job_id = 'bad'`);
    const error = caught(() => store.jobs.get('p', 'bad'));
    expect(error.code).toBe('corrupt_row');
    expect(error.details).toMatchObject({ table: 'jobs', key: 'bad', columns: ['workflow'] });
    const list = store.jobs.list('p');
    expect(list.corrupt).toEqual([]);
    expect(list.rows.map((r) => [r.jobId, r.workflow])).toEqual([
      ['bad', null],
      ['good', null],
    ]);
  });

  it.each([
    ['not a time', "'not a time'"],
    ['a number', '42'],
    ['a long text', `'${'9'.repeat(5_000)}'`],
  ])(
    'a damaged jobs.gone_at (%s) reads as no note, not as a damaged row that would hide the job',
    (_kind, value) => {
      store.jobs.markGone('p', 'bad');
      tamper(`UPDATE jobs SET gone_at = ${value} WHERE job_id = 'bad'`);
      expect(store.jobs.get('p', 'bad')).toMatchObject({ jobId: 'bad', goneAt: null });
      const list = store.jobs.list('p');
      expect(list.corrupt).toEqual([]);
      expect(list.rows.map((row) => row.jobId).sort()).toEqual(['bad', 'good']);
    },
  );

  it('a damaged message never echoes the stored content', () => {
    tamper(`UPDATE jobs SET snapshot = '{"secret-ish": ' WHERE job_id = 'bad'`);
    expect(caught(() => store.jobs.get('p', 'bad')).message).not.toContain('secret-ish');
  });

  it('a wrong type where a string belongs, an unknown enum and a broken request are typed errors too', () => {
    tamper("UPDATE profiles SET surface = 'mainframe' WHERE id = 'p'");
    expect(caught(() => store.profiles.get('p')).details.columns).toEqual(['surface']);
    expect(store.profiles.list().corrupt).toHaveLength(1);

    store.close();
    tamper("UPDATE profiles SET surface = 'managed' WHERE id = 'p'");
    store = openStore(dir.file('loupe.db'));
    store.batches.create({ id: 'b', profileId: 'p', name: '' }, [
      { id: 'i', idempotencyKey: 'k', request: {} },
    ]);
    tamper("UPDATE batch_items SET request = 'nul' WHERE id = 'i'");
    expect(caught(() => store.batchItems.get('i')).details.columns).toEqual(['request']);
    tamper("UPDATE batch_items SET request = '{}', state = 'teleported' WHERE id = 'i'");
    expect(caught(() => store.batchItems.get('i')).details.columns).toEqual(['state']);
    tamper("UPDATE uploads SET size = 'big'");
    tamper(
      "INSERT INTO uploads VALUES ('u', 'p', '/f', 'big', NULL, NULL, 'pending', 'k9', 0, NULL, 'a', 'a', NULL)",
    );
    expect(caught(() => store.uploads.get('u')).details.columns).toEqual(['size']);
    // A damaged placement loses only the resume's options, never the row.
    tamper("UPDATE uploads SET size = 5, placement = '{{' WHERE id = 'u'");
    expect(store.uploads.get('u')).toMatchObject({ size: 5, placement: null });
    tamper("INSERT INTO settings VALUES ('activeProfileId', '{{', 'a')");
    expect(store.settings.activeProfileId()).toBeNull();
  });
});
