// After a change, the library's searches are read again where they are seen, not whole. Every page loaded
// becomes stale (libraryGeneration.ts); the search on screen reads again the stale pages in view, each
// within the bounds it had (library.search's `until`: from its own cursor to the next page's, inclusive), so
// the pages around it still join with no entry twice and none missed; a page scrolled to later is read then.
// TanStack reads an infinite query again whole, page after page: with 100,000 entries loaded, that was 500
// requests in a row after every rating, ahead of anything else the person asked of main.
import type { QueryClient } from '@tanstack/react-query';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { LibrarySearchArgs } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { libraryKeys, type LibraryPageRead, type LibrarySearchData } from '../libraryQueries';
import { LIBRARY_PAGE_SIZE } from '../pageSizes';
import { libraryChanged, libraryGeneration } from './libraryGeneration';

/**
 * The most entries one page read again may hold: a page is LIBRARY_PAGE_SIZE, and what came into it since
 * (new outputs at the top of the newest first) is added. Past this the whole search is read again instead.
 */
export const REFRESH_LIMIT = 1_000;

/** Entries by their place in the loaded list: the first and last in view (overscan included). */
export interface ViewRange {
  first: number;
  last: number;
}

/**
 * Something changed in the library: the searches' pages go stale (those on screen are read again where they
 * are seen), and every other library query (facets, collections, keep status, an entry) is read again.
 * `searches: false` leaves the searches' pages as they are (see useLibraryChanges).
 */
export function refreshLibrary(
  client: QueryClient,
  options: { cancelRefetch?: boolean; searches?: boolean } = {},
): Promise<void> {
  const { searches = true, ...invalidate } = options;
  if (searches) libraryChanged();
  return client.invalidateQueries(
    { queryKey: libraryKeys.all, predicate: (query) => query.queryKey[1] !== 'search' },
    invalidate,
  );
}

/** The indexes of the pages with an entry in `range`, read before `generation`. */
export function stalePagesIn(
  pages: readonly LibraryPageRead[],
  range: ViewRange,
  generation: number,
): number[] {
  const stale: number[] = [];
  let start = 0;
  pages.forEach((page, index) => {
    const end = start + page.entries.length;
    // An empty page at the view's edge counts as in view: entries may have come into it since.
    const inView = start <= range.last && end >= range.first;
    if (inView && page.generation < generation) stale.push(index);
    start = end;
  });
  return stale;
}

// Pages being read again, by query and page start, so a scroll that reports the same view twice asks once.
const underWay = new Set<string>();

/** Reads again, one after another, the stale pages of `args`' search that are in `range`. Never rejects. */
export async function refreshPagesInView(
  client: QueryClient,
  loupe: LoupeApi,
  args: LibrarySearchArgs,
  range: ViewRange,
): Promise<void> {
  const key = libraryKeys.search(args);
  const query = client.getQueryCache().find<LibrarySearchData>({ queryKey: key, exact: true });
  const data = query?.state.data;
  // A search being read (its first page, the next one) is fresh when it lands; its pages are looked at then.
  if (query === undefined || data === undefined || query.state.fetchStatus !== 'idle') return;
  for (const index of stalePagesIn(data.pages, range, libraryGeneration())) {
    const flight = `${query.queryHash}#${data.pageParams[index] ?? ''}`;
    if (underWay.has(flight)) continue;
    underWay.add(flight);
    try {
      await refreshPage(client, loupe, args, key, index);
    } catch {
      // Left stale (main unreachable, the search refused): the next look at it tries again, and the
      // search's own reads say what is wrong.
    } finally {
      underWay.delete(flight);
    }
  }
}

async function refreshPage(
  client: QueryClient,
  loupe: LoupeApi,
  args: LibrarySearchArgs,
  key: ReturnType<typeof libraryKeys.search>,
  index: number,
): Promise<void> {
  const before = client.getQueryData<LibrarySearchData>(key);
  if (before === undefined) return;
  const from = before.pageParams[index] ?? null;
  // The last page has no next page to end at: a whole page is read from its cursor, and says what follows.
  const until = before.pageParams[index + 1];
  const generation = libraryGeneration();
  const answer = await unwrap(
    loupe.library.search(
      until === undefined
        ? { ...args, cursor: from, limit: LIBRARY_PAGE_SIZE }
        : { ...args, cursor: from, until, limit: REFRESH_LIMIT },
    ),
  );
  if (until !== undefined && answer.nextCursor !== null) {
    // More came into this page than one read holds: read the whole search again.
    await client.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  const { total, totalIsLowerBound, queryProblems } = answer;
  client.setQueryData<LibrarySearchData>(key, (now) => {
    // The pages moved meanwhile (another search landed, a page was added): the next look reads it again.
    if (now?.pageParams[index] !== from || now.pageParams[index + 1] !== until) return now;
    const fresh: LibraryPageRead = { ...answer, nextCursor: until ?? answer.nextCursor, generation };
    const pages = now.pages.map((page, at) => {
      if (at === index) return fresh;
      // The count shown is the first page's: it is the whole search's, as true as the freshest answer.
      if (at !== 0) return page;
      const { totalIsLowerBound: _old, ...rest } = page;
      return { ...rest, total, queryProblems, ...(totalIsLowerBound === true ? { totalIsLowerBound } : {}) };
    });
    return { ...now, pages };
  });
}
