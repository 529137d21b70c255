// The filter the facets are counted under. Counting is the library's slowest read (it groups every match,
// 70–150 ms over 100,000 entries, where a page of results takes 25–40), and main answers one read at a time:
// counted at each keystroke, the counts would make every search wait behind them. So the facets follow the
// search: they are asked for once its answer is in and the filter has held still for a moment, and until then
// the panel shows the last counts, marked as being brought up to date.
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LibraryFilter } from '../../../../src-shared/contract';
import { libraryKeys } from '../libraryQueries';
import { currentFilter, useLibraryUi } from '../libraryUiStore';

/** How long the filter must hold still (typing, clicking facets) before it is counted. */
export const FACETS_SETTLE_MS = 300;

export interface SettledFilter {
  /** The filter to count under; null until the first search has been answered. */
  settled: LibraryFilter | null;
  /** The counts shown are for an older filter than the grid's. */
  behind: boolean;
}

export function useSettledFilter(): SettledFilter {
  const query = useLibraryUi((state) => state.query);
  const picks = useLibraryUi((state) => state.picks);
  const filter = useMemo(() => currentFilter({ query, picks }), [query, picks]);
  const searching = useIsFetching({ queryKey: libraryKeys.searches }) > 0;
  const [settled, setSettled] = useState<LibraryFilter | null>(null);
  const first = settled === null;
  useEffect(() => {
    if (searching) return;
    const timer = setTimeout(() => setSettled(filter), first ? 0 : FACETS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [filter, searching, first]);
  return { settled, behind: settled !== filter };
}
