import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import type { JobSummary } from '../../../../src-preload/contract';
import { Spinner } from '../../../components/Spinner';
import { JobRow, ROW_HEIGHT } from './JobRow';

/** How close to the end of the loaded rows the next page is asked for. */
const PREFETCH_ROWS = 40;

interface VirtualJobRowsProps {
  rows: readonly JobSummary[];
  openJobId: string | null;
  cursorId: string | null;
  selected: ReadonlySet<string>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  onRowClick: (jobId: string, event: MouseEvent) => void;
}

/**
 * The rows, virtualized: only the window on screen (plus a few either side) is in the DOM, so 100,000 jobs
 * scroll as smoothly as 100. Scrolling near the end asks for the next page.
 */
export function VirtualJobRows({
  rows,
  openJobId,
  cursorId,
  selected,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onRowClick,
}: VirtualJobRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = rows.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: useCallback((index: number) => rows[index]?.id ?? '#more', [rows]),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  // Keep the keyboard cursor on screen as j/k move it; rows changing under a still cursor (live updates,
  // new pages) must not pull the view back to it.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (cursorId === null) return;
    const index = rowsRef.current.findIndex((row) => row.id === cursorId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [cursorId, virtualizer]);

  return (
    <div
      ref={scroller}
      role="listbox"
      aria-label="Jobs"
      aria-multiselectable="true"
      aria-rowcount={rows.length}
      aria-activedescendant={cursorId === null ? undefined : `job-row-${cursorId}`}
      tabIndex={0}
      data-testid="job-list"
      className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-none"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) {
            return (
              <div
                key={item.key}
                className="absolute inset-x-0 top-0 flex items-center gap-2 px-3 text-xs text-faint"
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                role="status"
              >
                <Spinner /> Loading more jobs…
              </div>
            );
          }
          return (
            <JobRow
              key={item.key}
              row={row}
              top={item.start}
              selected={selected.has(row.id)}
              cursor={row.id === cursorId}
              open={row.id === openJobId}
              onClick={onRowClick}
            />
          );
        })}
      </div>
    </div>
  );
}
