// The grid's arithmetic: every tile of a size is the same box, so how many fit a row, and which entries a
// row holds, follow from the width alone (no measuring per tile, whatever the count).
import type { LibraryView, TileSize } from '../libraryUiStore';

export const TILE_SIDE: Record<TileSize, number> = { S: 112, M: 176, L: 264 };
/** The title and stars under the picture. */
const TILE_FOOT = 44;
export const GAP = 8;
export const LIST_ROW_HEIGHT = 52;

export interface GridLayout {
  columns: number;
  side: number;
  rowHeight: number;
}

export function gridLayout(width: number, size: TileSize, view: LibraryView): GridLayout {
  if (view === 'list') return { columns: 1, side: 40, rowHeight: LIST_ROW_HEIGHT };
  const side = TILE_SIDE[size];
  const columns = Math.max(1, Math.floor((width - GAP + GAP) / (side + GAP)));
  return { columns, side, rowHeight: side + TILE_FOOT + GAP };
}

/** One id per row of the grid (its first entry's), as the row virtualiser keys them. */
export function gridRows(ids: readonly number[], columns: number): { id: string }[] {
  const rows: { id: string }[] = [];
  for (let start = 0; start < ids.length; start += columns) rows.push({ id: String(ids[start]) });
  return rows;
}

/** Where a key moves the focus from `index`, or null when the key is not a move. */
export function moveIndex(key: string, index: number, columns: number, count: number): number | null {
  const last = count - 1;
  const clamp = (next: number) => Math.max(0, Math.min(last, next));
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowDown':
      return clamp(index + columns);
    case 'ArrowUp':
      return clamp(index - columns);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
