import { memo } from 'react';
import type { BatchItem } from '../../../../src-shared/contract';
import { ProgressBar } from '../../../components/jobs/ProgressBar';
import { statusLook } from '../../../components/jobs/jobStatusLook';
import { cellState, type CellState } from './cellState';
import { SheetThumb } from './SheetThumb';

interface SheetCellProps {
  /** Row-major index in the page. */
  cell: number;
  /** Its X index: the grid column it is placed in (after the row header's). */
  column: number;
  item: BatchItem | null;
  /** The URL of the item's first image's thumbnail, once there is one. */
  imageUrl: string | null;
  /** The image itself, for when its thumbnail cannot be had. */
  pictureUrl: string | null;
  /** The cell's values in words ("3.seed 2 · 3.cfg 7"). */
  label: string;
  /** Inner size in CSS pixels. */
  size: number;
  /** The grid's one tab stop (roving tabindex). */
  tabbable: boolean;
  onOpen: (cell: number) => void;
}

/** States whose look is a quieter box: nothing has happened on the service yet. */
const NOT_YET = new Set(['pending', 'sent', 'unknown']);

function StateInWords({ state, label }: { state: CellState; label: string }) {
  const failed = state.state === 'failed';
  return (
    <span
      className={`flex h-full w-full flex-col items-center justify-center gap-1.5 p-2 text-center ${
        failed ? 'bg-state-failed/10' : ''
      }`}
      title={state.reasonTitle === null ? `${label}: ${state.words}` : `${label}: ${state.reasonTitle}`}
    >
      <span className={`text-[11px] font-medium tabular-nums ${state.tone}`}>{state.words}</span>
      {state.state === 'running' ? (
        <ProgressBar
          value={state.progress}
          status="running"
          label={`Progress of ${label}`}
          className="w-3/4"
        />
      ) : null}
      {state.reason === null ? null : (
        <span className="line-clamp-3 text-[10px] leading-snug break-words text-muted">{state.reason}</span>
      )}
    </span>
  );
}

/**
 * One combination of the sheet: the item's picture, or where it stands in words, or nothing when no item has
 * these values. Memoised: a batch re-read while it runs re-renders only the cells whose item changed.
 */
export const SheetCell = memo(function SheetCell({
  cell,
  column,
  item,
  imageUrl,
  pictureUrl,
  label,
  size,
  tabbable,
  onOpen,
}: SheetCellProps) {
  const state = item === null ? null : cellState(item);
  const kind = item === null ? 'empty' : imageUrl === null ? 'state' : 'image';
  const quiet = state !== null && NOT_YET.has(state.state);
  return (
    <div
      role="gridcell"
      tabIndex={tabbable ? 0 : -1}
      aria-colindex={column + 2}
      data-cell={cell}
      data-kind={kind}
      data-state={state?.state}
      aria-label={kind === 'empty' ? `${label}: no item` : undefined}
      title={kind === 'state' ? undefined : label}
      onClick={() => onOpen(cell)}
      className={`relative overflow-hidden rounded-sm border bg-canvas ${
        kind === 'image' ? 'cursor-zoom-in border-line/70 hover:border-muted' : ''
      } ${kind === 'empty' ? 'border-dashed border-line/50 bg-transparent' : ''} ${
        kind === 'state' ? (quiet ? 'border-dashed border-line' : 'border-line/70') : ''
      }`}
      // Fixed size, nothing inside reaches out: the browser lays out and paints each cell on its own.
      style={{ width: size, height: size, gridColumnStart: column + 2, contain: 'strict' }}
    >
      {kind === 'image' && imageUrl !== null ? (
        <SheetThumb key={imageUrl} url={imageUrl} fallbackUrl={pictureUrl} alt={label} size={size} />
      ) : null}
      {kind === 'state' && state !== null ? <StateInWords state={state} label={label} /> : null}
      {kind === 'image' && state !== null && state.state !== 'succeeded' ? (
        // A picture from a job that has not finished (or did not succeed): its state in a corner dot.
        <span
          className={`absolute top-1.5 right-1.5 h-2 w-2 rounded-full ring-2 ring-canvas ${statusLook(state.state).dot}`}
          title={state.words}
          data-testid="cell-state-dot"
        />
      ) : null}
    </div>
  );
});
