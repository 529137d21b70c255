// The Router runs table: a run is on disk with its key before anything else; its steps go only where its state
// allows (a completed run is never marked sent again); reads a caller can reach are scoped by profile; a damaged
// column costs that column, a damaged row that row, never the list; a profile removed takes its runs along.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoupeStore } from './loupeStore';
import type { TempDir } from './testing/tempDir';
import { openTempStore, testProfile } from './testing/tempStore';

let dir: TempDir;
let store: LoupeStore;

const meta = {
  creditsUsed: 3,
  droppedParams: [],
  fallbackProvider: null,
  replayed: false,
  committedSpend: { limit: 100, current: 3, remaining: 97 },
};

function run(id: string, profileId = 'p') {
  return store.routerRuns.insert({
    id,
    profileId,
    modelId: 'acme/x',
    mode: 'sync',
    idempotencyKey: `key-${id}`,
    input: { prompt: id },
    options: {},
  });
}

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  store.profiles.insert({ ...testProfile, id: 'q', name: 'Q' });
});
afterEach(() => {
  store.close();
  dir.remove();
});

describe('router runs on disk', () => {
  it('go pending → sent → completed, and a completed run is not sent again', () => {
    expect(run('a')).toMatchObject({
      state: 'pending',
      attempts: 0,
      idempotencyKey: 'key-a',
      input: { prompt: 'a' },
    });
    expect(store.routerRuns.markSent('a')).toMatchObject({ state: 'sent', attempts: 1 });
    store.routerRuns.addAttempts('a', 2);
    const done = store.routerRuns.recordCompleted('a', {
      output: { ok: 1 },
      meta,
      requestId: 'r1',
      media: [],
    });
    expect(done).toMatchObject({
      state: 'completed',
      attempts: 3,
      output: { ok: 1 },
      creditsUsed: 3,
      requestId: 'r1',
    });
    expect(() => store.routerRuns.markSent('a')).toThrow(/Cannot send Router run a: it is completed/);
    expect(() => run('a')).toThrow(/already exists/);
    expect(store.routerRuns.totalCredits('p')).toBe(3);
  });

  it('are found by their own profile only, newest first, and go with their profile', () => {
    run('a');
    run('b');
    run('c', 'q');
    expect(store.routerRuns.getForProfile('q', 'a')).toBeNull();
    expect(store.routerRuns.getForProfile('p', 'a')?.id).toBe('a');
    expect(store.routerRuns.list('p', 10).rows.map((row) => row.id)).toEqual(['b', 'a']);
    expect(store.routerRuns.open().rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    store.profiles.remove('q');
    expect(store.routerRuns.get('c')).toBeNull();
  });

  it('read a damaged column as unknown, and set a damaged row aside', () => {
    run('a');
    run('b');
    const db = new Database(dir.file('loupe.db'));
    db.exec(`UPDATE router_runs SET media = '{oops', meta = '[]', queue_links = '"x"' WHERE id = 'a';
      UPDATE router_runs SET input = 'not json' WHERE id = 'b';`);
    db.close();
    expect(store.routerRuns.get('a')).toMatchObject({ media: [], meta: null, queueLinks: null });
    const read = store.routerRuns.list('p', 10);
    expect(read.rows.map((row) => row.id)).toEqual(['a']);
    expect(read.corrupt).toHaveLength(1);
  });
});
