// The search the box, the facets and the sort make, as one infinite query: the entries loaded so far (in
// order), how many match in all, and what the query said it did not understand.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LibraryEntry, LibrarySearchArgs } from '../../../src-shared/contract';
import { useLoupe } from '../../lib/loupeContext';
import { librarySearchQuery } from './libraryQueries';
import { searchArgsOf, useLibraryUi } from './libraryUiStore';

export function useSearchArgs(): LibrarySearchArgs {
  const query = useLibraryUi((state) => state.query);
  const picks = useLibraryUi((state) => state.picks);
  const sort = useLibraryUi((state) => state.sort);
  return useMemo(() => searchArgsOf({ query, picks, sort }), [query, picks, sort]);
}

export function useLibraryResults() {
  const loupe = useLoupe();
  const args = useSearchArgs();
  const results = useInfiniteQuery(librarySearchQuery(loupe, args));
  const pages = results.data?.pages;
  const entries = useMemo<LibraryEntry[]>(() => pages?.flatMap((page) => page.entries) ?? [], [pages]);
  const first = pages?.[0];
  return {
    args,
    results,
    entries,
    total: first?.total ?? 0,
    /** The total stopped counting: at least `total` match (shown as "10,000+"). */
    totalIsLowerBound: first?.totalIsLowerBound === true,
    queryProblems: first?.queryProblems ?? [],
  };
}
