// library.keepMatching with search words ("Select all 1,234 results" → Keep in the window, or a saved search):
// the keeper narrows by facets on its own, but words need the search engine, so the matching ids are read
// here, a page at a time in main (never through the window), up to the keeper's bound, and kept by id.
import type { LibraryFilter } from '../../../src-shared/contracts/library';
import { KEEP_MATCH_MAX } from './keep/libraryKeep';
import type { LibrarySearch } from './librarySearch';

const PAGE = 1_000;

/** Every entry id the filter and its words match, newest first, at most `max`. */
export function matchingIds(search: LibrarySearch, filter: LibraryFilter, max = KEEP_MATCH_MAX): number[] {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const page = search.search({ ...filter, sort: 'newest', cursor, limit: PAGE });
    for (const entry of page.entries) ids.push(entry.entryId);
    cursor = page.nextCursor;
  } while (cursor !== null && ids.length < max);
  return ids.slice(0, max);
}
