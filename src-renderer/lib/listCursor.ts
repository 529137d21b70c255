// The keyboard cursor over a screen's list, one reading for the Jobs and Batches screens, so j/k, Enter and
// Esc move, open and close the same way in both.
import { isControl } from './keyTargets';

export interface ListCursor {
  /** The rows in the order shown. */
  rows: readonly { readonly id: string }[];
  cursorId: string | null;
  /** The row open in the detail pane. */
  openId: string | null;
  setCursor: (id: string | null) => void;
  open: (id: string | null) => void;
}

/** One row down (step 1) or up (-1): with no cursor yet, the first or the last row; never past either end. */
export function moveCursor(cursor: ListCursor, step: number): void {
  const { rows } = cursor;
  if (rows.length === 0) return;
  const at = cursor.cursorId === null ? -1 : rows.findIndex((row) => row.id === cursor.cursorId);
  const next =
    at === -1 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, at + step));
  cursor.setCursor(rows[next]?.id ?? null);
}

/** j/k move the cursor, Enter opens its row, Esc closes the open one. Says whether it took the key. */
export function listCursorKey(event: KeyboardEvent, cursor: ListCursor): boolean {
  switch (event.key) {
    case 'j':
      moveCursor(cursor, 1);
      return true;
    case 'k':
      moveCursor(cursor, -1);
      return true;
    case 'Enter':
      if (isControl(event.target) || cursor.cursorId === null) return false;
      cursor.open(cursor.cursorId);
      return true;
    case 'Escape':
      if (cursor.openId === null) return false;
      cursor.open(null);
      return true;
    default:
      return false;
  }
}
