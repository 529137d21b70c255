import { memo } from 'react';
import { posterAssetIdOf, type BatchSummary } from '../../../../src-shared/contract';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { RowThumbnail } from '../../jobs/list/RowThumbnail';
import type { PosterDrawer } from '../../jobs/list/useRowPosterDrawer';
import { plural } from '../batchCounts';
import { BatchStateBar } from '../BatchStateBar';

export const BATCH_ROW_HEIGHT = 50;

interface BatchRowProps {
  batch: BatchSummary;
  top: number;
  cursor: boolean;
  open: boolean;
  /** The batch's first picture's thumbnail (useThumbnailUrl); null when it has none to show. */
  thumbnailUrl: string | null;
  /** The picture itself, for when its thumbnail cannot be had. */
  pictureUrl: string | null;
  /** Draws a video's poster frame main does not hold yet (useRowPosterDrawer). */
  drawPoster: PosterDrawer;
  onClick: (batchId: string) => void;
}

/**
 * One batch: its first picture, then its name and age on the first line; its items' states, item and
 * output counts below.
 */
export const BatchRow = memo(function BatchRow({
  batch,
  top,
  cursor,
  open,
  thumbnailUrl,
  pictureUrl,
  drawPoster,
  onClick,
}: BatchRowProps) {
  const name = visibleText(batch.name);
  const background = open ? 'bg-hover' : 'hover:bg-hover/60';
  // The cursor is drawn only where it differs from the open batch (after ↑/↓), so a click shows one mark.
  const outline = cursor && !open ? 'outline outline-1 -outline-offset-1 outline-accent/70' : '';
  return (
    <div
      id={`batch-row-${batch.id}`}
      role="option"
      aria-selected={open}
      data-batch-id={batch.id}
      data-finished={batch.finished ? 'true' : 'false'}
      onClick={() => onClick(batch.id)}
      className={`absolute inset-x-0 top-0 flex cursor-default items-center gap-3 border-b border-line/60 px-3 select-none ${background} ${outline} ${
        open ? 'shadow-[inset_2px_0_0_var(--accent)]' : ''
      }`}
      style={{ height: BATCH_ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <RowThumbnail
        url={thumbnailUrl}
        fallbackUrl={pictureUrl}
        posterAssetId={posterAssetIdOf(batch.thumbnail)}
        drawPoster={drawPoster}
      />
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1.5">
        <div className="flex min-w-0 items-center gap-3">
          <span className="min-w-0 flex-1 truncate text-xs text-fg" title={name} data-testid="batch-name">
            <VisibleMarks text={name} />
          </span>
          <RelativeTime iso={batch.createdAt} className="shrink-0 text-[11px] text-muted" />
        </div>
        <div className="flex h-3 min-w-0 items-center gap-3 text-[11px] text-muted tabular-nums">
          <BatchStateBar counts={batch.counts} className="w-28 min-w-10 shrink" />
          <span className="shrink-0" data-testid="batch-item-count">
            {plural(batch.itemCount, 'item')}
          </span>
          <span className="min-w-0 flex-1 truncate" data-testid="batch-output-count">
            {plural(batch.outputsCount, 'output')}
          </span>
        </div>
      </div>
    </div>
  );
});
