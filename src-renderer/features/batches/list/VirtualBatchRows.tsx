import type { BatchSummary } from '../../../../src-shared/contract';
import { VirtualListbox } from '../../../components/VirtualListbox';
import { useVirtualRows } from '../../../hooks/useVirtualRows';
import type { PosterDrawer } from '../../jobs/list/useRowPosterDrawer';
import type { ThumbnailUrl } from '../../jobs/list/useThumbnailUrl';
import { BATCH_ROW_HEIGHT, BatchRow } from './BatchRow';

interface VirtualBatchRowsProps {
  batches: readonly BatchSummary[];
  openBatchId: string | null;
  cursorId: string | null;
  onRowClick: (batchId: string) => void;
  /** A row's picture on the asset route (useThumbnailUrl). */
  thumbnailUrl: ThumbnailUrl;
  /** Draws a video row's poster frame (useRowPosterDrawer). */
  drawPoster: PosterDrawer;
}

/**
 * The rows, virtualized: every submit is a batch of one, so a long-used profile has thousands, and only
 * those on screen are in the DOM.
 */
export function VirtualBatchRows({
  batches,
  openBatchId,
  cursorId,
  onRowClick,
  thumbnailUrl,
  drawPoster,
}: VirtualBatchRowsProps) {
  const { scroller, virtualizer } = useVirtualRows(batches, { rowHeight: BATCH_ROW_HEIGHT, cursorId });
  return (
    <VirtualListbox
      scroller={scroller}
      totalSize={virtualizer.getTotalSize()}
      aria-label="Batches"
      aria-activedescendant={cursorId === null ? undefined : `batch-row-${cursorId}`}
      data-testid="batch-list"
    >
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
            thumbnailUrl={thumbnailUrl(batch.thumbnail)}
            pictureUrl={thumbnailUrl(batch.thumbnail, 'original')}
            drawPoster={drawPoster}
            onClick={onRowClick}
          />
        );
      })}
    </VirtualListbox>
  );
}
