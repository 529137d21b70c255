// Query options for the library (issue 21). Every key sits under ['library']: after a rating, a keep or a
// `library.changes` event, refreshLibrary (refresh/pageRefresh.ts) reads again what the library shows, the
// searches page by page where they are seen. The library spans profiles, so its keys name none, except the
// per-profile keep rule.
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type { LibraryFilter, LibrarySearchArgs, LibrarySearchPage } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';
import { firstPageLimit, LIBRARY_PAGE_SIZE } from './pageSizes';
import { libraryGeneration } from './refresh/libraryGeneration';
import { useLibraryUi } from './libraryUiStore';

export const libraryKeys = {
  all: ['library'] as const,
  searches: ['library', 'search'] as const,
  search: (args: LibrarySearchArgs) => ['library', 'search', args] as const,
  facets: (filter: LibraryFilter) => ['library', 'facets', filter] as const,
  entry: (entryId: number) => ['library', 'entry', entryId] as const,
  collections: ['library', 'collections'] as const,
  tags: ['library', 'tags'] as const,
  keepStatus: ['library', 'keepStatus'] as const,
  keepRule: (profileId: string) => ['library', 'keepRule', profileId] as const,
};

/** A page of a search, stamped with the library's change count when it was asked for. */
export interface LibraryPageRead extends LibrarySearchPage {
  generation: number;
}
export type LibrarySearchData = InfiniteData<LibraryPageRead, string | null>;

export const librarySearchQuery = (loupe: LoupeApi, args: LibrarySearchArgs) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.search(args),
    queryFn: async ({ pageParam }): Promise<LibraryPageRead> => {
      const generation = libraryGeneration();
      // The first page is a screenful of the grid as it is drawn now (tile size, grid or list).
      const { size, view } = useLibraryUi.getState();
      const page = await unwrap(
        loupe.library.search({
          ...args,
          cursor: pageParam,
          limit: pageParam === null ? firstPageLimit(size, view, window) : LIBRARY_PAGE_SIZE,
        }),
      );
      return { ...page, generation };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: LibraryPageRead) => last.nextCursor,
    // Never read again whole: a change makes its pages stale (their generation), and the pages in view are
    // read again one by one (refresh/pageRefresh.ts). Read whole, 100,000 loaded entries were 500 requests in
    // a row, after every rating, and going back to a search (Esc) read again every page it had loaded.
    staleTime: Infinity,
    // A new search keeps the last grid on screen until its answer comes, so typing never blanks it.
    placeholderData: (previous) => previous,
  });

export const libraryFacetsQuery = (loupe: LoupeApi, filter: LibraryFilter) =>
  queryOptions({
    queryKey: libraryKeys.facets(filter),
    queryFn: () => unwrap(loupe.library.facets(filter)),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });

export const libraryEntryQuery = (loupe: LoupeApi, entryId: number) =>
  queryOptions({
    queryKey: libraryKeys.entry(entryId),
    queryFn: () => unwrap(loupe.library.get({ entryId })),
  });

export const libraryCollectionsQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: libraryKeys.collections,
    queryFn: async () => (await unwrap(loupe.library.collections())).collections,
  });

export const libraryKeepStatusQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: libraryKeys.keepStatus,
    queryFn: () => unwrap(loupe.library.keepStatus()),
  });

export const libraryKeepRuleQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: libraryKeys.keepRule(profileId),
    queryFn: async () => (await unwrap(loupe.library.keepRule({ profileId }))).rule,
  });
