import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import type { BatchSummary } from '../../../../src-preload/contract';
import { BATCH_ROW_HEIGHT, BatchRow } from './BatchRow';

interface VirtualBatchRowsProps {
  batches: readonly BatchSummary[];
  openBatchId: string | null;
  cursorId: string | null;
  onRowClick: (batchId: string) => void;
}

/**
 * The rows, virtualized: every submit is a batch of one, so a long-used profile has thousands, and only
 * those on screen are in the DOM.
 */
export function VirtualBatchRows({ batches, openBatchId, cursorId, onRowClick }: VirtualBatchRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: batches.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => BATCH_ROW_HEIGHT,
    overscan: 8,
    getItemKey: useCallback((index: number) => batches[index]?.id ?? index, [batches]),
  });

  // Keep the keyboard cursor on screen as it moves; rows changing under a still cursor must not pull the
  // view back to it.
  const rowsRef = useRef(batches);
  useEffect(() => {
    rowsRef.current = batches;
  }, [batches]);
  useEffect(() => {
    if (cursorId === null) return;
    const index = rowsRef.current.findIndex((batch) => batch.id === cursorId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [cursorId, virtualizer]);

  return (
    <div
      ref={scroller}
      role="listbox"
      aria-label="Batches"
      aria-activedescendant={cursorId === null ? undefined : `batch-row-${cursorId}`}
      tabIndex={0}
      data-testid="batch-list"
      className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-none"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const batch = batches[item.index];
          if (!batch) return null;
          return (
            <BatchRow
              key={item.key}
              batch={batch}
              top={item.start}
              cursor={batch.id === cursorId}
              open={batch.id === openBatchId}
              onClick={onRowClick}
            />
          );
        })}
      </div>
    </div>
  );
}
