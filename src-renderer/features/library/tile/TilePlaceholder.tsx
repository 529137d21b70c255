import { memo } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';

/**
 * An entry while the grid is seeking (a dragged scrollbar, a flung wheel): its frame and title, with no
 * picture, stars or marks. Each frame of a seek shows rows that are gone by the next, so a full tile there is
 * drawn and thrown away unseen, and its thumbnail asked for and never shown; the full tiles come back once
 * the scroll rests (useVirtualRows' `seeking`).
 */
export const TilePlaceholder = memo(function TilePlaceholder({
  entry,
  selected,
  side,
}: {
  entry: LibraryEntry;
  selected: boolean;
  /** The tile's picture side in px; undefined in the list view, where the row fills its slot. */
  side: number | undefined;
}) {
  return (
    <div
      aria-hidden="true"
      data-testid="tile-placeholder"
      style={side === undefined ? undefined : { width: side }}
      className={`flex flex-col overflow-hidden rounded border ${side === undefined ? 'h-full min-w-0 flex-1 justify-center px-2' : ''} ${
        selected ? 'border-accent bg-accent/15' : 'border-line bg-panel'
      }`}
    >
      {side !== undefined && <div className="bg-raised" style={{ height: side }} />}
      <span className="truncate px-1.5 py-1 text-[11px] text-faint">{entry.title}</span>
    </div>
  );
});
