// A page read again between its own cursor and the next page's (`until`, inclusive) covers exactly what it
// covered: after entries came (newest first, at the top), went (rejected) and moved (a new rating), the pages
// read again, one by one, are the search read afresh, with no entry twice and none missed. The window relies
// on it to refresh only the pages in view (features/library/pageRefresh.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoupeStore } from '../store';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { LibrarySearch, type SearchInput } from './librarySearch';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;
let search: LibrarySearch;

const minute = (i: number): string => new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString();

beforeEach(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  for (let i = 0; i < 30; i++) {
    addJob(store, 'p', {
      jobId: `j${String(i).padStart(2, '0')}`,
      prompt: i % 3 === 0 ? 'a lighthouse at dusk' : 'a red fox in snow',
      seed: i,
      outputs: 2,
      createdAt: minute(i * 2),
    });
  }
  search = new LibrarySearch(store);
});
afterEach(() => {
  store.close();
  dir.remove();
});

/** The cursors a search's pages began at (null for the first), read with `limit` a page. */
function pageStarts(input: SearchInput, limit: number): Array<string | null> {
  const starts: Array<string | null> = [null];
  for (let guard = 0; guard < 100; guard++) {
    const next = search.search({ ...input, limit, cursor: starts.at(-1) }).nextCursor;
    if (next === null) return starts;
    starts.push(next);
  }
  throw new Error('the search did not end');
}

function everyId(input: SearchInput): number[] {
  return search.search({ ...input, limit: 1_000 }).entries.map((entry) => entry.entryId);
}

/** Each page read again within its old bounds (the last one to the end), joined. */
function readAgain(input: SearchInput, starts: Array<string | null>): number[] {
  return starts.flatMap((cursor, i) => {
    const until = starts[i + 1] ?? null;
    const page = search.search({ ...input, cursor, until, limit: 1_000 });
    expect(page.nextCursor).toBeNull();
    return page.entries.map((entry) => entry.entryId);
  });
}

describe('a page read again within its bounds', () => {
  const searches: SearchInput[] = [
    { sort: 'newest' },
    { sort: 'oldest' },
    { sort: 'rating' },
    { sort: 'newest', query: 'fox' },
    { sort: 'rating', query: 'lighthouse' },
  ];

  it.each(searches)('covers what it covered, after entries came, went and moved: %o', (input) => {
    const starts = pageStarts(input, 7);
    expect(starts.length).toBeGreaterThan(2);
    // Came: newer and older jobs, and one between two others.
    addJob(store, 'p', {
      jobId: 'new-top',
      prompt: 'a red fox at the lighthouse',
      outputs: 3,
      createdAt: minute(200),
    });
    addJob(store, 'p', {
      jobId: 'new-mid',
      prompt: 'a red fox at the lighthouse',
      outputs: 2,
      createdAt: minute(31),
    });
    addJob(store, 'p', {
      jobId: 'new-old',
      prompt: 'a red fox at the lighthouse',
      outputs: 1,
      createdAt: minute(-5),
    });
    const ids = everyId(input);
    // Went and moved.
    store.library.marks.setRejected(ids.slice(3, 5), true);
    store.library.marks.setRating(ids.slice(10, 14), 4);
    store.library.marks.setRating(ids.slice(-3), 5);

    const again = readAgain(input, starts);
    expect(again).toEqual(everyId(input));
    expect(new Set(again).size).toBe(again.length);
  });

  it('says when a page holds more than asked, so the window reads the whole search instead', () => {
    const starts = pageStarts({}, 7);
    for (let i = 0; i < 5; i++)
      addJob(store, 'p', { jobId: `burst${i}`, outputs: 2, createdAt: minute(300 + i) });
    const first = search.search({ cursor: null, until: starts[1], limit: 7 });
    expect(first.entries).toHaveLength(7);
    expect(first.nextCursor).not.toBeNull();
  });

  it('refuses an end it did not give, in words, as it refuses such a cursor', () => {
    expect(() => search.search({ until: 'bm90IGEgY3Vyc29y' })).toThrow(/cannot be continued/);
    const oldestCursor = search.search({ sort: 'oldest', limit: 1 }).nextCursor;
    expect(() => search.search({ sort: 'newest', until: oldestCursor })).toThrow(/cannot be continued/);
  });
});
