// The sheet's keyboard cursor (a roving tabindex, as a grid should have): one cell is the grid's tab stop,
// the arrows move it along X (← →) and Y (↑ ↓), Home/End to the row's ends (with Ctrl, the page's), and
// Enter or Space opens the cell. Focus follows the cursor once the cell it moved to is drawn.
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface SheetCursor {
  /** The cell holding the tab stop, row-major. */
  cursor: number;
  gridRef: RefObject<HTMLDivElement | null>;
  /** Moves the tab stop; with `focus`, focus goes there too (after the render that draws it). */
  moveTo: (cell: number, focus: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** Where a key moves the cursor from `cell` in a rows × columns page; null for a key that does not move it. */
export function cellAfterKey(
  key: string,
  ctrl: boolean,
  cell: number,
  rows: number,
  columns: number,
): number | null {
  const row = Math.floor(cell / columns);
  const column = cell % columns;
  switch (key) {
    case 'ArrowRight':
      return row * columns + Math.min(columns - 1, column + 1);
    case 'ArrowLeft':
      return row * columns + Math.max(0, column - 1);
    case 'ArrowDown':
      return Math.min(rows - 1, row + 1) * columns + column;
    case 'ArrowUp':
      return Math.max(0, row - 1) * columns + column;
    case 'Home':
      return ctrl ? 0 : row * columns;
    case 'End':
      return ctrl ? rows * columns - 1 : row * columns + columns - 1;
    default:
      return null;
  }
}

export function useSheetCursor(rows: number, columns: number, onOpen: (cell: number) => void): SheetCursor {
  const [at, setAt] = useState({ cell: 0, focusRequest: 0 });
  const gridRef = useRef<HTMLDivElement>(null);
  const focused = useRef(0);
  const cursor = Math.min(at.cell, Math.max(0, rows * columns - 1));

  useLayoutEffect(() => {
    if (at.focusRequest === focused.current) return;
    focused.current = at.focusRequest;
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cursor}"]`)?.focus();
  }, [at, cursor]);

  const moveTo = useCallback((cell: number, focus: boolean) => {
    setAt((previous) =>
      previous.cell === cell && !focus
        ? previous
        : { cell, focusRequest: focus ? previous.focusRequest + 1 : previous.focusRequest },
    );
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.dataset.cell === undefined || event.altKey || event.metaKey || columns === 0) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(cursor);
      return;
    }
    const next = cellAfterKey(event.key, event.ctrlKey, cursor, rows, columns);
    if (next === null) return;
    // Taken here: the arrows neither scroll the pane nor move the batch list behind it.
    event.preventDefault();
    moveTo(next, true);
  };

  return { cursor, gridRef, moveTo, onKeyDown };
}
