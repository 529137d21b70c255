// The "expiring soon" facet as a filter (issue 21): library.search and library.facets with expiringSoon narrow
// to entries not kept whose service copy goes after now and within three days, the same window the keeper
// counts and keepMatching queues; it combines with the words and the other picks, and the facet's count is the
// number of entries the picked filter shows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryFilterSchema, librarySearchArgsSchema } from '../../../src-shared/contracts/library';
import type { LoupeStore } from '../store';
import { openDatabase, prepare } from '../store/sqlite';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { LibrarySearch } from './librarySearch';
import { addJob } from './testing/libraryFixture';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let dir: TempDir;
let store: LoupeStore;
let search: LibrarySearch;

/** Sets an entry's expiry and keep state as the watcher and the keeper would. */
function mark(jobId: string, expiresAt: string | null, keepState = 'none'): void {
  const db = openDatabase(store.path, 5000);
  try {
    prepare<{ jobId: string; expiresAt: string | null; keepState: string }>(
      db,
      'UPDATE library_entries SET expires_at = :expiresAt, keep_state = :keepState WHERE job_id = :jobId',
    ).run({ jobId, expiresAt, keepState });
  } finally {
    db.close();
  }
}

const at = (ms: number): string => new Date(NOW + ms).toISOString();

beforeAll(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  const jobs: Array<[string, string]> = [
    ['soon-lighthouse', 'a lighthouse at dusk'],
    ['soon-fox', 'a red fox in snow'],
    ['edge', 'a lighthouse keeper'],
    ['kept', 'a lighthouse in fog'],
    ['later', 'a lighthouse at noon'],
    ['gone', 'a lighthouse long gone'],
    ['never', 'a lighthouse forever'],
  ];
  jobs.forEach(([jobId, prompt], i) =>
    addJob(store, 'p', { jobId, prompt, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
  );
  mark('soon-lighthouse', at(DAY));
  mark('soon-fox', at(2 * DAY));
  mark('edge', at(3 * DAY));
  mark('kept', at(HOUR), 'kept');
  mark('later', at(3 * DAY + HOUR));
  mark('gone', at(-HOUR));
  mark('never', null);
  search = new LibrarySearch(store, () => NOW);
});
afterAll(() => {
  store.close();
  dir.remove();
});

const jobsOf = (input: Parameters<LibrarySearch['search']>[0]): string[] =>
  search
    .search(input)
    .entries.map((entry) => entry.jobId)
    .sort();

describe('expiring soon as a filter', () => {
  it('is one field of the filter every call takes (search, facets, saved searches, keepMatching)', () => {
    expect(libraryFilterSchema.parse({ expiringSoon: true })).toEqual({ expiringSoon: true });
    expect(librarySearchArgsSchema.parse({ expiringSoon: false, limit: 5 })).toEqual({
      expiringSoon: false,
      limit: 5,
    });
    expect(libraryFilterSchema.safeParse({ expiringSoon: 'yes' }).success).toBe(false);
  });

  it('narrows to entries not kept whose copy goes after now and within three days', () => {
    expect(jobsOf({})).toHaveLength(7);
    expect(jobsOf({ expiringSoon: true })).toEqual(['edge', 'soon-fox', 'soon-lighthouse']);
    expect(jobsOf({ expiringSoon: false })).toHaveLength(7);
    const page = search.search({ expiringSoon: true });
    expect(page.total).toBe(3);
    expect(page.entries.every((entry) => entry.expiringSoon && entry.keep !== 'kept')).toBe(true);
  });

  it('marks the same entries expiring that the filter finds (an entry already gone is not expiring)', () => {
    const marked = search
      .search({})
      .entries.filter((entry) => entry.expiringSoon)
      .map((entry) => entry.jobId)
      .sort();
    expect(marked).toEqual(jobsOf({ expiringSoon: true }));
  });

  it('combines with the words and the other picks', () => {
    expect(jobsOf({ query: 'lighthouse', expiringSoon: true })).toEqual(['edge', 'soon-lighthouse']);
    expect(jobsOf({ query: 'fox', expiringSoon: true })).toEqual(['soon-fox']);
    expect(jobsOf({ kept: true, expiringSoon: true })).toEqual([]);
    expect(jobsOf({ types: ['audio'], expiringSoon: true })).toEqual([]);
  });

  it('counts in the facets what the picked filter shows, and the other facets count under it', () => {
    expect(search.facets({}).expiringSoon).toBe(3);
    expect(search.facets({ query: 'lighthouse' }).expiringSoon).toBe(2);
    const picked = search.facets({ expiringSoon: true });
    expect(picked.expiringSoon).toBe(3);
    expect(picked.kept).toBe(0);
    expect(picked.types).toEqual([expect.objectContaining({ value: 'image', count: 3 })]);
  });
});
