// Query options for the library (issue 21). Every key sits under ['library'], so one invalidation after a
// rating, a keep or a `library.changes` event refreshes everything the library shows. The library spans
// profiles, so its keys name none, except the per-profile keep rule.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type { LibraryFilter, LibrarySearchArgs, LibrarySearchPage } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';

export const LIBRARY_PAGE_SIZE = 200;

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

export const librarySearchQuery = (loupe: LoupeApi, args: LibrarySearchArgs) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.search(args),
    queryFn: ({ pageParam }) =>
      unwrap(loupe.library.search({ ...args, cursor: pageParam, limit: LIBRARY_PAGE_SIZE })),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LibrarySearchPage) => last.nextCursor,
    // Main says when the library changes (library.changes, which invalidates every library query), so a
    // search seen before is still true until then. Going back to it (Esc after a search) must not read
    // again every page loaded so far: up to 500 of them, ahead of the next search in main's queue.
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
