import { memo, type MouseEvent } from 'react';
import { posterAssetIdOf, type JobSummary } from '../../../../src-shared/contract';
import { JobStatusBadge } from '../../../components/jobs/JobStatusBadge';
import { LabelChips } from '../../../components/jobs/LabelChips';
import { ProgressBar } from '../../../components/jobs/ProgressBar';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../clipText';
import { RowThumbnail } from './RowThumbnail';
import type { PosterDrawer } from './useRowPosterDrawer';

export const ROW_HEIGHT = 50;

interface JobRowProps {
  row: JobSummary;
  top: number;
  selected: boolean;
  cursor: boolean;
  open: boolean;
  /** The row's picture's thumbnail (useThumbnailUrl); null when there is none to show. */
  thumbnailUrl: string | null;
  /** The picture itself, for when its thumbnail cannot be had. */
  pictureUrl: string | null;
  /** Draws a video's poster frame main does not hold yet (useRowPosterDrawer). */
  drawPoster: PosterDrawer;
  onClick: (jobId: string, event: MouseEvent) => void;
}

function RowDetail({ row }: { row: JobSummary }) {
  if (row.status === 'running' || row.status === 'canceling') {
    const percent = row.progress === null ? null : Math.round(row.progress * 100);
    return (
      <span className="flex min-w-24 flex-1 items-center gap-2">
        <ProgressBar
          value={row.progress}
          status={row.status}
          label={`Progress of ${row.id}`}
          className="w-28 min-w-10 shrink"
        />
        <span className="text-[11px] text-muted tabular-nums">{percent === null ? '' : `${percent}%`}</span>
      </span>
    );
  }
  if (row.status === 'queued') {
    const text =
      row.queuePosition === null
        ? 'Waiting in the queue'
        : row.queuePosition === 0
          ? 'Next in the queue'
          : `${row.queuePosition} ahead in the queue`;
    return <span className="min-w-16 flex-1 truncate text-[11px] text-muted tabular-nums">{text}</span>;
  }
  if (row.errorMessage) {
    const message = visibleText(clipText(row.errorMessage, SUMMARY_CHARS));
    return (
      <span className="min-w-16 flex-1 truncate text-[11px] text-state-failed/90" title={message}>
        <VisibleMarks text={message} />
      </span>
    );
  }
  if (row.outputsCount !== null && row.status === 'succeeded') {
    return (
      <span className="min-w-16 flex-1 truncate text-[11px] text-muted tabular-nums">
        {row.outputsCount === 1 ? '1 output' : `${row.outputsCount} outputs`}
      </span>
    );
  }
  return <span className="flex-1" />;
}

/** How many characters of the id stand beside a title (enough to tell two jobs apart, like a short hash). */
const SHORT_ID_CHARS = 8;

/**
 * The row's name: what the job made (its title, from the library) with the short id beside it in monospace,
 * or the whole id when Loupe does not know what it made yet.
 */
function RowName({ row }: { row: JobSummary }) {
  const id = visibleText(row.id);
  const title = row.title?.trim() ? visibleText(clipText(row.title, SUMMARY_CHARS)) : null;
  const values = row.itemValues?.trim() ? visibleText(clipText(row.itemValues, SUMMARY_CHARS)) : null;
  // The item's values tell the rows of one sweep apart (they share the prompt): never cut to nothing by a long
  // title, so they may take up to half the name's room.
  const valuesPart =
    values === null ? null : (
      <span className="max-w-[50%] shrink-0 truncate text-[11px] text-muted" data-testid="job-row-values">
        <VisibleMarks text={values} />
      </span>
    );
  if (title === null) {
    return (
      <span
        className="flex min-w-0 flex-1 items-baseline gap-2"
        title={values === null ? id : `${id}\n${values}`}
      >
        <span className="min-w-0 truncate font-mono text-xs text-fg">{id}</span>
        {valuesPart}
      </span>
    );
  }
  const shortId = row.id.length > SHORT_ID_CHARS ? `${visibleText(row.id.slice(0, SHORT_ID_CHARS))}…` : id;
  return (
    <span
      className="flex min-w-0 flex-1 items-baseline gap-2"
      title={[title, values, id].filter((part) => part !== null).join('\n')}
    >
      <span className="min-w-0 truncate text-xs text-fg" data-testid="job-row-title">
        <VisibleMarks text={title} />
      </span>
      {valuesPart}
      <span className="shrink-0 font-mono text-[10px] text-faint" data-testid="job-row-short-id">
        {shortId}
      </span>
    </span>
  );
}

/**
 * One job in the list: its first picture, then state, name (what it made, else its id), age on the first line; progress, queue, error or
 * outputs and labels below.
 */
export const JobRow = memo(function JobRow({
  row,
  top,
  selected,
  cursor,
  open,
  thumbnailUrl,
  pictureUrl,
  drawPoster,
  onClick,
}: JobRowProps) {
  const background = selected ? 'bg-accent/15' : open ? 'bg-hover' : 'hover:bg-hover/60';
  // The cursor is drawn only where it differs from the open job (after j/k), so a click shows one mark.
  const outline = cursor && !open ? 'outline outline-1 -outline-offset-1 outline-accent/70' : '';
  return (
    <div
      id={`job-row-${row.id}`}
      role="option"
      aria-selected={selected}
      aria-current={open ? 'true' : undefined}
      data-job-id={row.id}
      data-status={row.status}
      onClick={(event) => onClick(row.id, event)}
      className={`absolute inset-x-0 top-0 flex cursor-default items-center gap-3 border-b border-line/60 px-3 select-none ${background} ${outline} ${
        open ? 'shadow-[inset_2px_0_0_var(--accent)]' : ''
      }`}
      // Contained: a row drawn while scrolling is laid out and painted on its own, not with the whole list.
      style={{ height: ROW_HEIGHT, transform: `translateY(${top}px)`, contain: 'strict' }}
    >
      <RowThumbnail
        url={thumbnailUrl}
        fallbackUrl={pictureUrl}
        inLibrary={row.inLibrary === true}
        posterAssetId={posterAssetIdOf(row.thumbnail)}
        drawPoster={drawPoster}
      />
      <div className="flex min-w-0 flex-1 flex-col justify-center gap-1">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex w-24 shrink-0 overflow-hidden">
            <JobStatusBadge
              status={row.status}
              rawStatus={row.rawStatus}
              goneAt={row.goneAt}
              showRaw={false}
            />
          </span>
          <RowName row={row} />
          {row.retryOf ? (
            <span className="shrink-0 text-[10px] text-faint" title={`Retry of ${visibleText(row.retryOf)}`}>
              ↻ retry
            </span>
          ) : null}
          <RelativeTime iso={row.createdAt} className="shrink-0 text-[11px] text-muted" />
        </div>
        <div className="flex h-4 min-w-0 items-center gap-3 pl-27">
          <RowDetail row={row} />
          <LabelChips labels={row.labels} />
        </div>
      </div>
    </div>
  );
});
