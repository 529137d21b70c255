import { memo } from 'react';
import { GAP } from './gridLayout';

/**
 * A row while the grid is seeking (a dragged scrollbar, a flung wheel): one element whose background paints
 * the tiles' squares, with no picture, title, stars or marks. Each frame of a seek shows rows that are gone
 * by the next, so whole tiles there are drawn and thrown away unseen and their thumbnails asked for and never
 * shown; one element a row keeps such a frame as cheap as an empty page's. Whole rows come back once the
 * scroll slows or rests (useVirtualRows' `seeking`).
 */
export const SeekingRow = memo(function SeekingRow({
  tiles,
  side,
}: {
  /** How many entries the row holds. */
  tiles: number;
  /** The tiles' picture side in px; undefined in the list view, where one entry fills the row. */
  side: number | undefined;
}) {
  const style =
    side === undefined
      ? undefined
      : {
          width: tiles * (side + GAP) - GAP,
          backgroundImage: `linear-gradient(to right, var(--color-raised) ${side}px, transparent ${side}px)`,
          backgroundSize: `${side + GAP}px 100%`,
          backgroundRepeat: 'repeat-x',
        };
  return (
    <div
      aria-hidden="true"
      data-testid="seeking-row"
      style={style}
      className={side === undefined ? 'h-full flex-1 rounded bg-raised' : 'h-full rounded'}
    />
  );
});
