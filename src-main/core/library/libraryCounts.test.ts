// Issue 21, search speed: library_counts (kept by triggers) agrees with a full count after inserts, ratings,
// rejects, keeps, batch moves and deletes; the facets folded from one grouped read, the totals counted without
// reading entries, and the pages read by walking newest first all give what the plain SQL per facet, per count
// and per page gave before them.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoupeStore } from '../store';
import { openStore } from '../store/loupeStore';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { LibrarySearch, type SearchInput } from './librarySearch';
import { parseQuery } from './queryParser';
import { EXPIRING_SOON_MS } from './keep/libraryKeep';
import { whereOf, type Where } from './searchWhere';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;
let raw: Database.Database;
const NOW = Date.UTC(2025, 5, 1);

const prompts = ['a lighthouse at dusk', 'a red fox in snow', 'lighthouse keeper portrait', 'city at night'];

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  store.profiles.insert({ ...testProfile, id: 'q', name: 'Second' });
  for (let i = 0; i < 60; i++) {
    addJob(store, i % 3 === 0 ? 'q' : 'p', {
      jobId: `j${String(i).padStart(2, '0')}`,
      prompt: prompts[i % prompts.length] ?? '',
      seed: i,
      outputs: 2,
      type: i % 5 === 0 ? 'video' : 'image',
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i % 7)).toISOString(),
    });
  }
  raw = new Database(dir.file('loupe.db'));
  raw.exec(`INSERT INTO batches (id, profile_id, name, created_at) VALUES ('b1', 'p', 'First batch', 'x');
    INSERT INTO batches (id, profile_id, name, created_at) VALUES ('b2', 'p', 'Second batch', 'x')`);
});
afterEach(() => {
  raw.close();
  store.close();
  dir.remove();
});

/** Marks of every kind, written on the store's own connection and (batch, expiry, delete) on a second one. */
function mark(): void {
  const ids = (from: number, to: number, step: number): number[] =>
    Array.from({ length: Math.ceil((to - from) / step) }, (_, k) => from + k * step);
  store.library.marks.setRating(ids(1, 120, 3), 4);
  store.library.marks.setRating(ids(2, 120, 7), 2);
  store.library.marks.setRejected(ids(1, 120, 11), true);
  store.library.marks.setRejected([12], false);
  store.libraryKeep.markKept(5);
  store.libraryKeep.markKept(6);
  store.libraryKeep.markKept(23);
  store.library.marks.tag(ids(1, 40, 4), ['best'], []);
  raw.exec(`UPDATE library_entries SET batch_id = 'b1' WHERE entry_id % 6 = 0;
    UPDATE library_entries SET batch_id = 'b2' WHERE entry_id % 13 = 0;
    UPDATE library_entries SET expires_at = '2025-06-02T00:00:00.000Z' WHERE entry_id % 4 = 1;
    UPDATE library_entries SET expires_at = '2025-09-01T00:00:00.000Z' WHERE entry_id % 4 = 2;
    UPDATE library_entries SET source = 'upload' WHERE entry_id % 9 = 4;
    UPDATE library_entries SET source = 'router' WHERE entry_id IN (3, 11, 30);
    DELETE FROM library_entries WHERE entry_id IN (7, 8, 9, 50);`);
}

function countsAgree(): void {
  const kept = raw
    .prepare(
      `SELECT type, profile_id, batch_id, rating, rejected, kept, n FROM library_counts
       ORDER BY type, profile_id, batch_id, rating, rejected, kept`,
    )
    .all();
  const full = raw
    .prepare(
      `SELECT type, profile_id, batch_id, rating, rejected, keep_state = 'kept' AS kept, count(*) AS n
       FROM library_entries GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    )
    .all();
  expect(kept).toEqual(full);
}

const expiring = `e.keep_state <> 'kept' AND e.expires_at IS NOT NULL
  AND e.expires_at > '${new Date(NOW).toISOString()}'
  AND e.expires_at <= '${new Date(NOW + EXPIRING_SOON_MS).toISOString()}'`;

/** The search's conditions, with the expiring window when that facet is picked (as LibrarySearch does). */
type Except = 'types' | 'profiles' | 'batches' | 'ratings' | 'sources';

function whereBefore(input: SearchInput, except?: Except): Where {
  const where = whereOf(parseQuery(input.query ?? ''), input, except);
  return input.expiringSoon === true ? { ...where, sql: `(${where.sql}) AND ${expiring}` } : where;
}

/** The facets as the SQL per facet counted them before the fold (issue 21's first version). */
function factsBefore(input: SearchInput): Record<string, unknown> {
  const run = (sql: string, except?: Except): unknown[] => {
    const where = whereBefore(input, except);
    return raw
      .prepare(sql.replace('WHERE_SQL', where.sql))
      .all(where.params)
      .map((r) => {
        const row = r as { value: string | number; label: string | null; n: number };
        return { value: String(row.value), label: row.label ?? String(row.value), count: row.n };
      });
  };
  const all = whereBefore(input);
  const one = (extra: string): number =>
    (
      raw
        .prepare(`SELECT count(*) AS n FROM library_entries e WHERE (${all.sql}) AND ${extra}`)
        .get(all.params) as {
        n: number;
      }
    ).n;
  return {
    types: run(
      `SELECT e.type AS value, NULL AS label, count(*) AS n FROM library_entries e WHERE WHERE_SQL
       GROUP BY e.type ORDER BY n DESC, value LIMIT 50`,
      'types',
    ),
    profiles: run(
      `SELECT e.profile_id AS value, p.name AS label, count(*) AS n FROM library_entries e
       LEFT JOIN profiles p ON p.id = e.profile_id WHERE WHERE_SQL GROUP BY e.profile_id ORDER BY n DESC, value LIMIT 100`,
      'profiles',
    ),
    batches: run(
      `SELECT e.batch_id AS value, b.name AS label, count(*) AS n FROM library_entries e
       LEFT JOIN batches b ON b.id = e.batch_id WHERE e.batch_id IS NOT NULL AND WHERE_SQL
       GROUP BY e.batch_id ORDER BY n DESC, value LIMIT 50`,
      'batches',
    ),
    ratings: run(
      `SELECT e.rating AS value, NULL AS label, count(*) AS n FROM library_entries e WHERE WHERE_SQL
       GROUP BY e.rating ORDER BY value DESC`,
      'ratings',
    ),
    sources: run(
      `SELECT e.source AS value, NULL AS label, count(*) AS n FROM library_entries e WHERE WHERE_SQL
       GROUP BY e.source ORDER BY n DESC, value`,
      'sources',
    ),
    kept: one("e.keep_state = 'kept'"),
    expiringSoon: one(expiring),
  };
}

const inputs: SearchInput[] = [
  {},
  { rejected: 'include' },
  { rejected: 'only' },
  { types: ['video'] },
  { types: ['image'], profileIds: ['p'], minRating: 2 },
  { batchId: 'b1', kept: false },
  { kept: true, rejected: 'include' },
  { query: 'lighthouse' },
  { query: 'lighthouse', rejected: 'only' },
  // Words matching many entries with narrow picks: the newest-first walk leaves less than a page, so the page is
  // read again by looking up every match.
  { query: 'lighthouse', types: ['video'], profileIds: ['q'] },
  { query: 'fox', types: ['video'], minRating: 0 },
  { query: 'light', profileIds: ['q', 'p'], batchId: 'b2' },
  { query: 'seed:>10 city', rejected: 'include' },
  { query: 'j07' },
  { query: 'j0', rejected: 'include' },
  { query: 'lighthouse', expiringSoon: true },
  { from: '2025-01-01T00:02:00.000Z', to: '2025-01-01T00:05:00.000Z' },
  { tags: ['best'] },
  { sources: ['upload'] },
  { query: 'lighthouse', sources: ['router', 'upload'], rejected: 'include' },
];

describe('library counts', () => {
  it('agree with a full count after inserts, ratings, rejects, keeps, batch moves and deletes', () => {
    countsAgree();
    mark();
    countsAgree();
    store.library.marks.setRating([1, 2, 3], 0);
    store.libraryKeep.unkeep([5]);
    store.profiles.remove('q');
    countsAgree();
  });

  it('give the same facets, totals and pages as reading the entries', () => {
    mark();
    const search = new LibrarySearch(store, () => NOW);
    for (const input of inputs) {
      const facets = search.facets(input);
      // Tags keep their own grouped query (not folded from the counts); sources are the fold's total less the
      // entries not from jobs, or their own query when a source is picked.
      expect({ ...facets, tags: undefined }, JSON.stringify(input)).toEqual({
        ...factsBefore(input),
        tags: undefined,
      });
      const where = whereBefore(input);
      const ids = raw
        .prepare(
          `SELECT entry_id FROM library_entries e WHERE ${where.sql} ORDER BY created_at DESC, entry_id DESC`,
        )
        .all(where.params)
        .map((r) => (r as { entry_id: number }).entry_id);
      const page = search.search({ ...input, limit: 5 });
      expect(page.total, JSON.stringify(input)).toBe(ids.length);
      expect(page.entries.map((e) => e.entryId)).toEqual(ids.slice(0, 5));
      const next =
        page.nextCursor === null ? null : search.search({ ...input, limit: 5, cursor: page.nextCursor });
      expect(next?.entries.map((e) => e.entryId) ?? []).toEqual(ids.slice(5, 10));
    }
  });
});

describe('migration 12 (library counts)', () => {
  it('upgrades a schema-10 library with data: counts every entry, drops words left by removed entries', () => {
    mark();
    // Back to schema 10: no counts, no triggers, and entries removed the old way (their words stayed).
    raw.exec(`DROP TRIGGER library_counts_delete;
      DROP TRIGGER library_counts_update; DROP TRIGGER library_fts_delete; DROP TABLE library_counts;
      DROP INDEX library_rejected;
      DELETE FROM schema_migrations WHERE version = 12;
      DROP INDEX library_by_asset; DELETE FROM schema_migrations WHERE version = 13;
      DROP INDEX library_sidecars_due; ALTER TABLE library_blobs DROP COLUMN sidecar_due;
      DELETE FROM schema_migrations WHERE version = 14;
      ALTER TABLE profiles DROP COLUMN credential_saved; DELETE FROM schema_migrations WHERE version = 15;
      DROP INDEX jobs_by_creation; ALTER TABLE jobs DROP COLUMN created_ms;
      DELETE FROM schema_migrations WHERE version = 17;
      ALTER TABLE jobs DROP COLUMN gone_at; DELETE FROM schema_migrations WHERE version = 16;
      DELETE FROM library_entries WHERE entry_id IN (SELECT entry_id FROM library_entries WHERE profile_id = 'q'
        LIMIT 5);`);
    const ftsRows = (): number =>
      (
        raw.prepare("SELECT count(*) AS n FROM library_fts WHERE library_fts MATCH 'png'").get() as {
          n: number;
        }
      ).n;
    const entries = (): number =>
      (raw.prepare('SELECT count(*) AS n FROM library_entries').get() as { n: number }).n;
    expect(ftsRows()).toBe(entries() + 5);
    store.close();

    store = openStore(dir.file('loupe.db'));
    expect(store.migration.applied).toEqual([12, 13, 14, 15, 16, 17]);
    countsAgree();
    expect(ftsRows()).toBe(entries());
    expect(new LibrarySearch(store).search({ query: 'png', rejected: 'include' }).total).toBe(entries());
  });
});
