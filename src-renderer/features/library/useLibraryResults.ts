// The search the box, the facets and the sort make, as one infinite query: the entries loaded so far (in
// order), how many match in all, and what the query said it did not understand.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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

/**
 * What the grid draws: this search's pages once they are in, and until then what it drew before; not
 * another search's answer that lands meanwhile. That is a prefix of the words typed, answered after the
 * whole word was sent: drawn, it was gone some 50 ms later, and its render, layout, paint and thumbnail
 * requests took the two cores from main while main read the word's answer.
 */
function useDrawn<T>(data: T | undefined, placeholder: boolean): T | undefined {
  const [drawn, setDrawn] = useState(data);
  // React's pattern for state that follows a value: set during render, drawn once with the new value.
  if ((!placeholder || drawn === undefined) && drawn !== data) {
    setDrawn(data);
    return data;
  }
  return drawn;
}

export function useLibraryResults() {
  const loupe = useLoupe();
  const args = useSearchArgs();
  const results = useInfiniteQuery(librarySearchQuery(loupe, args));
  const data = useDrawn(results.data, results.isPlaceholderData);
  const pages = data?.pages;
  const entries = useMemo<LibraryEntry[]>(() => pages?.flatMap((page) => page.entries) ?? [], [pages]);
  const first = pages?.[0];
  return {
    args,
    results,
    /** The pages drawn (see useDrawn): this search's, or those drawn before while it is read. */
    data,
    entries,
    total: first?.total ?? 0,
    /** The total stopped counting: at least `total` match (shown as "10,000+"). */
    totalIsLowerBound: first?.totalIsLowerBound === true,
    queryProblems: first?.queryProblems ?? [],
  };
}
