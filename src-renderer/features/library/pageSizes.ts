// How many entries a page of a library search asks main for. The first: what one screen of the grid shows
// and a few rows more, not a whole page. Main's answer grows with the page (reading, checking and sending
// its rows: about 20 ms for 200 entries against 8 for 60 on the bench's 100,000), and while typing, every
// word waits for the answer to the prefix before it, so the first page is on the path from keystroke to
// painted grid twice. The pages after it, fetched as the grid scrolls, are whole pages.
import { gridLayout } from './grid/gridLayout';
import type { LibraryView, TileSize } from './libraryUiStore';

/** A page after the first (and the most a first page asks for). */
export const LIBRARY_PAGE_SIZE = 200;
const FIRST_PAGE_MIN = 40;
/**
 * Rows beyond the screen: the grid asks for the next page once its last drawn row (the screen and a row of
 * overscan) is within two rows of the end, so a first page must reach past that not to be one at once.
 */
const ROWS_BEYOND = 4;

export interface WindowSize {
  innerWidth: number;
  innerHeight: number;
}

/**
 * The first page for tiles of `size` in `view`, in a window of this size. The grid is narrower than the
 * window (the sections and filters beside it), so its columns are counted on the whole width: a little
 * more than a screenful, never less, and known before the grid is drawn (the search at start is sent
 * before the Library's code has loaded).
 */
export function firstPageLimit(size: TileSize, view: LibraryView, viewport: WindowSize): number {
  const { columns, rowHeight } = gridLayout(viewport.innerWidth, size, view);
  const rows = Math.ceil(viewport.innerHeight / rowHeight) + ROWS_BEYOND;
  const entries = columns * rows;
  if (!Number.isFinite(entries)) return LIBRARY_PAGE_SIZE;
  return Math.min(LIBRARY_PAGE_SIZE, Math.max(FIRST_PAGE_MIN, entries));
}
