import { useEffect, type MouseEvent } from 'react';
import type { JobSummary } from '../../../../src-shared/contract';
import { Spinner } from '../../../components/Spinner';
import { VirtualListbox } from '../../../components/VirtualListbox';
import { useVirtualRows } from '../../../hooks/useVirtualRows';
import { JobRow, ROW_HEIGHT } from './JobRow';
import type { PosterDrawer } from './useRowPosterDrawer';
import type { ThumbnailUrl } from './useThumbnailUrl';

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
  /** A row's picture on the asset route (useThumbnailUrl). */
  thumbnailUrl: ThumbnailUrl;
  /** Draws a video row's poster frame (useRowPosterDrawer). */
  drawPoster: PosterDrawer;
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
  thumbnailUrl,
  drawPoster,
}: VirtualJobRowsProps) {
  const { scroller, virtualizer } = useVirtualRows(rows, {
    rowHeight: ROW_HEIGHT,
    cursorId,
    loadingMoreRow: hasNextPage,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, fetchNextPage]);

  return (
    <VirtualListbox
      scroller={scroller}
      totalSize={virtualizer.getTotalSize()}
      aria-label="Jobs"
      aria-multiselectable="true"
      aria-rowcount={rows.length}
      aria-activedescendant={cursorId === null ? undefined : `job-row-${cursorId}`}
      data-testid="job-list"
    >
      {items.map((item) => {
        const row = rows[item.index];
        // Keyed by place in the window, not by job: a row scrolled out hands its elements to the row
        // scrolled in, so a fast scroll updates ~20 rows' text and attributes instead of building and
        // removing their DOM every frame. (Near the ends the window is shorter: its keys start over once.)
        const key = `slot-${item.index % items.length}`;
        if (!row) {
          return (
            <div
              key={key}
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
            key={key}
            row={row}
            top={item.start}
            selected={selected.has(row.id)}
            cursor={row.id === cursorId}
            open={row.id === openJobId}
            thumbnailUrl={thumbnailUrl(row.thumbnail)}
            pictureUrl={thumbnailUrl(row.thumbnail, 'original')}
            drawPoster={drawPoster}
            onClick={onRowClick}
          />
        );
      })}
    </VirtualListbox>
  );
}
