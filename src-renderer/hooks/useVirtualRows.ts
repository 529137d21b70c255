// The Jobs and Batches lists virtualize their rows one way: fixed-height rows keyed by id, a few either side
// of the window, and the keyboard cursor kept on screen as it moves; rows changing under a still cursor (live
// updates, new pages) must not pull the view back to it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';

interface VirtualRowsOptions {
  rowHeight: number;
  cursorId: string | null;
  /** One more row after the last, for "Loading more…" (keyed `#more`). */
  loadingMoreRow?: boolean;
}

export function useVirtualRows(
  rows: readonly { readonly id: string }[],
  { rowHeight, cursorId, loadingMoreRow = false }: VirtualRowsOptions,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length + (loadingMoreRow ? 1 : 0),
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey: useCallback((index: number) => rows[index]?.id ?? '#more', [rows]),
  });

  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (cursorId === null) return;
    const index = rowsRef.current.findIndex((row) => row.id === cursorId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [cursorId, virtualizer]);

  return { scroller, virtualizer };
}
