// Issue 21: the library's search over a real store: words, prefixes, phrases and field filters; facets that
// ignore their own pick; keyset pages; rejected hidden by default; and text no person should be able to turn
// into FTS5 syntax, a crash or an unbounded query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoupeStore } from '../store';
import type { TempDir } from '../store/testing/tempDir';
import { openTempStore, testProfile } from '../store/testing/tempStore';
import { LibrarySearch } from './librarySearch';
import { parseQuery } from './queryParser';
import { addJob } from './testing/libraryFixture';

let dir: TempDir;
let store: LoupeStore;
let search: LibrarySearch;

const prompts = ['a lighthouse at dusk', 'a red fox in snow', 'lighthouse keeper portrait', 'city at night'];

beforeAll(() => {
  ({ dir, store } = openTempStore({ profile: testProfile }));
  // 40 jobs of 2 outputs: prompts cycle, seeds 0..39, steps 10..49, one minute apart.
  for (let i = 0; i < 40; i++) {
    addJob(store, 'p', {
      jobId: `j${String(i).padStart(2, '0')}`,
      prompt: prompts[i % prompts.length] ?? '',
      seed: i,
      steps: 10 + i,
      outputs: 2,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
    });
  }
  search = new LibrarySearch(store);
});
afterAll(() => {
  store.close();
  dir.remove();
});

const total = (query: string): number => search.search({ query }).total;

describe('words and filters', () => {
  it('finds words, prefixes (explicit and while typing) and phrases', () => {
    expect(total('lighthouse')).toBe(40);
    expect(total('light*')).toBe(40);
    expect(total('lighth')).toBe(40);
    expect(total('lighth ')).toBe(0);
    expect(total('"red fox"')).toBe(20);
    expect(total('"fox red"')).toBe(0);
    expect(total('keeper lighthouse')).toBe(20);
    expect(total('blurry')).toBe(80);
    expect(total('sd_xl_base')).toBe(80);
  });

  it('applies field filters and says in words what it could not read', () => {
    expect(total('seed:7')).toBe(2);
    expect(total('steps:>=45')).toBe(10);
    expect(total('steps:<12 fox')).toBe(2);
    expect(total('cfg:7')).toBe(80);
    expect(total('model:sdxl')).toBe(0);
    expect(total('model:sd_xl')).toBe(80);
    expect(total('sampler:eul')).toBe(80);
    expect(total('type:image')).toBe(80);
    expect(total('type:video')).toBe(0);
    const page = search.search({ query: 'seed:abc colour:blue fox' });
    expect(page.queryProblems).toHaveLength(2);
    expect(page.queryProblems[0]).toMatch(/seed:abc.*needs a number/);
    expect(page.total).toBe(0); // "colour:blue" searched as words
    expect(search.search({ query: 'seed:' }).queryProblems).toEqual([]);
    // The last word: still being typed at its colon, a mistake once a value follows it.
    expect(search.search({ query: 'fox colour:' }).queryProblems).toEqual([]);
    expect(search.search({ query: 'fox colour:red' }).queryProblems).toEqual([
      expect.stringMatching(/“colour:” is not a filter Loupe knows/),
    ]);
  });

  it('hides rejected entries unless asked, filters by rating and tag, and searches tags as words', () => {
    const ids = search.search({ query: 'fox', limit: 20 }).entries.map((e) => e.entryId);
    store.library.marks.setRejected(ids.slice(0, 4), true);
    store.library.marks.setRating(ids.slice(4, 7), 5);
    store.library.marks.tag(ids.slice(4, 6), ['Keeper'], []);
    expect(total('fox')).toBe(16);
    expect(search.search({ query: 'fox', rejected: 'only' }).total).toBe(4);
    expect(search.search({ query: 'fox', rejected: 'include' }).total).toBe(20);
    expect(total('rating:>=4')).toBe(3);
    expect(search.search({ minRating: 5 }).total).toBe(3);
    expect(total('tag:keeper')).toBe(2);
    expect(search.search({ tags: ['KEEPER'] }).total).toBe(2);
    expect(total('keeper')).toBe(22);
    const sorted = search.search({ sort: 'rating', limit: 3 }).entries.map((e) => e.rating);
    expect(sorted).toEqual([5, 5, 5]);
    // Undo, so the other tests see the plain set.
    store.library.marks.setRejected(ids, false);
    store.library.marks.setRating(ids, 0);
    store.library.marks.tag(ids, [], ['keeper']);
    expect(total('tag:keeper')).toBe(0);
  });
});

describe('pages and facets', () => {
  it('pages with a keyset cursor in every order, without repeats or gaps', () => {
    for (const sort of ['newest', 'oldest', 'rating'] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 20; guard++) {
        const page = search.search({ sort, limit: 7, cursor });
        seen.push(...page.entries.map((e) => e.entryId));
        cursor = page.nextCursor;
        if (cursor === null) break;
      }
      expect(new Set(seen).size).toBe(80);
      expect(seen).toHaveLength(80);
    }
    const newest = search.search({ limit: 2 }).entries.map((e) => e.jobId);
    expect(newest).toEqual(['j39', 'j39']);
  });

  it('refuses a cursor it did not give, in words', () => {
    expect(() => search.search({ cursor: 'bm90IGEgY3Vyc29y' })).toThrow(/cannot be continued/);
    const cursor = search.search({ limit: 1 }).nextCursor;
    expect(() => search.search({ cursor, sort: 'oldest' })).toThrow(/cannot be continued/);
  });

  it('counts facets under the same filter, each ignoring its own pick', () => {
    const facets = search.facets({ query: 'fox', types: ['video'] });
    expect(facets.types).toEqual([{ value: 'image', label: 'image', count: 20 }]);
    expect(facets.profiles).toEqual([]);
    expect(facets.ratings).toEqual([]);
    const all = search.facets({ query: 'fox' });
    expect(all.profiles).toEqual([{ value: 'p', label: 'P', count: 20 }]);
    expect(all.ratings).toEqual([{ value: '0', label: '0', count: 20 }]);
    expect(all.kept).toBe(0);
  });
});

describe('hostile text', () => {
  const hostile = [
    '"',
    '""',
    '"unclosed phrase',
    '*',
    '**',
    'light**',
    'NEAR(',
    'NEAR(a b, 3)',
    'a OR b',
    'a AND NOT b',
    '-fox',
    '^fox',
    'title:fox',
    '{title prompts}: fox',
    'fox)',
    '((((',
    "'; DROP TABLE library_entries; --",
    '\u0000\u0001\u202e',
    'seed:>=',
    'seed:1e400',
    'rating:NaN',
    'kept:maybe',
    'tag:%_\\',
    'model:%',
    'batch:"',
    'x'.repeat(500),
    'a '.repeat(250),
    'seed:1 '.repeat(60),
  ];

  it.each(hostile)('never throws and never reaches MATCH raw: %j', (query) => {
    const page = search.search({ query });
    expect(page.total).toBeGreaterThanOrEqual(0);
    expect(() => search.facets({ query })).not.toThrow();
  });

  it('bounds the words and filters one query may ask for', () => {
    const parsed = parseQuery('a '.repeat(250));
    expect(parsed.terms.length).toBeLessThanOrEqual(24);
    expect(parseQuery('seed:1 '.repeat(60)).filters.length).toBeLessThanOrEqual(16);
    expect(total('model:%')).toBe(0);
    expect(total('tag:%_\\')).toBe(0);
  });
});
