// Which rows and columns of the sheet are drawn: only those in (or near) the scroller's view, in both
// directions (a 40 × 25 sheet in a pane four columns wide draws about fifty cells, not a thousand), plus the
// cursor's row and column wherever they are, so the grid's one tab stop always exists to be focused.
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, type RefObject } from 'react';

export interface SheetMetrics {
  /** A cell's inner size and the space between cells, in px. */
  size: number;
  gap: number;
  /** How far the first cell sits from the scroller's top and left edges (headers and margin), in px. */
  top: number;
  left: number;
}

function withIndex(index: number) {
  return (range: Range) => {
    const indexes = defaultRangeExtractor(range);
    return index >= range.count || indexes.includes(index)
      ? indexes
      : [...indexes, index].sort((a, b) => a - b);
  };
}

export function useSheetWindow(
  scroller: RefObject<HTMLDivElement | null>,
  rows: number,
  columns: number,
  cursor: { row: number; column: number },
  metrics: SheetMetrics,
) {
  const { size, gap } = metrics;
  const rowVirtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scroller.current,
    estimateSize: () => size + gap,
    overscan: 2,
    scrollMargin: metrics.top,
    rangeExtractor: useCallback((range: Range) => withIndex(cursor.row)(range), [cursor.row]),
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns,
    getScrollElement: () => scroller.current,
    estimateSize: () => size + gap,
    overscan: 2,
    scrollMargin: metrics.left,
    rangeExtractor: useCallback((range: Range) => withIndex(cursor.column)(range), [cursor.column]),
  });
  // Both keep the sizes they laid out with until told: another cell size lays them out again.
  useLayoutEffect(() => {
    rowVirtualizer.measure();
    columnVirtualizer.measure();
  }, [size, rowVirtualizer, columnVirtualizer]);

  // One array while the drawn columns stay the same, so memoised rows are not re-rendered by a scroll that
  // brings no new column into view.
  const columnsKey = columnVirtualizer
    .getVirtualItems()
    .map((item) => item.index)
    .join(',');
  const shownColumns = useMemo(
    () => (columnsKey === '' ? [] : columnsKey.split(',').map(Number)),
    [columnsKey],
  );
  return {
    shownRows: rowVirtualizer.getVirtualItems(),
    shownColumns,
    height: rowVirtualizer.getTotalSize(),
  };
}
