// Keeps the pages of the search on screen fresh where they are seen: when the library changes (a new
// generation), when the pages change, and when the grid reports a new view, the stale pages in view are read
// again (pageRefresh.ts). The grid reports its view through the returned callback; nothing re-renders for it.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { LibrarySearchArgs } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import type { LibraryPageRead } from '../libraryQueries';
import { useLibraryGeneration } from './libraryGeneration';
import { refreshPagesInView, type ViewRange } from './pageRefresh';

export function useFreshPagesInView(
  args: LibrarySearchArgs,
  /** The search's pages as loaded (a new value when any page is read). */
  data: { pages: readonly LibraryPageRead[] } | undefined,
  /** The data shown is the previous search's, kept while this one is read: nothing of it is refreshed. */
  placeholder: boolean,
): (range: ViewRange) => void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const generation = useLibraryGeneration((state) => state.generation);
  // Until the grid says, the top: an empty result has no grid, and its first page is what may fill it.
  const view = useRef<ViewRange>({ first: 0, last: 0 });

  const refresh = useCallback(() => {
    if (!placeholder) void refreshPagesInView(client, loupe, args, view.current);
  }, [client, loupe, args, placeholder]);

  useEffect(() => {
    if (data !== undefined) refresh();
  }, [refresh, generation, data]);

  return useCallback(
    (range: ViewRange) => {
      if (range.first === view.current.first && range.last === view.current.last) return;
      view.current = range;
      refresh();
    },
    [refresh],
  );
}
