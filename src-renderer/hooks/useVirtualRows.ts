// The Jobs and Batches lists (and the Router's) virtualize their rows one way: fixed-height rows keyed by
// id, a few either side of the window, and the keyboard cursor kept on screen as it moves; rows changing
// under a still cursor (live updates, new pages) must not pull the view back to it.
//
// Every row has the same height, so the window is arithmetic: which rows are in view follows from the
// scroll offset alone. Nothing is kept per row, so 100,000 rows cost what 100 do: a new page or a live
// update re-measures nothing (a general virtualizer kept a measurement object per row and rebuilt all of
// them on each change, ~10 ms and ~6 MB at 100,000 rows).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

interface VirtualRowsOptions {
  rowHeight: number;
  cursorId: string | null;
  /** One more row after the last, for "Loading more…" (keyed `#more`). */
  loadingMoreRow?: boolean;
  /** Rows drawn either side of the view (default OVERSCAN); tall rows need fewer. */
  overscan?: number;
}

/** One row in the window: where it is placed, and its key for React. */
export interface VirtualRow {
  index: number;
  key: string;
  start: number;
  size: number;
  end: number;
}

export interface RowWindow {
  getVirtualItems(): VirtualRow[];
  /** The height of every row together, so the scrollbar is true while only a window is drawn. */
  getTotalSize(): number;
  scrollToIndex(index: number, options?: { align?: 'auto' | 'start' | 'center' }): void;
}

type Rows = readonly { readonly id: string }[];

/**
 * A few rows either side are enough for a wheel or a key (a frame moves a row or two); more would be drawn
 * and thrown away each frame of a fast scroll, where every frame shows new rows anyway.
 */
const OVERSCAN = 4;

/** The rows the view covers, before overscan and before the row count is known: [first, end). */
interface View {
  first: number;
  end: number;
  /**
   * The scroll is seeking: its last move jumped past every row that was in view (a dragged scrollbar, a
   * flung wheel), so this frame shows rows that will be gone by the next. Cleared by the first slower move,
   * or once the scroll has rested for SEEK_SETTLE_MS.
   */
  seeking: boolean;
}

/** How long after a seeking move that was the last the rows are drawn in full again. */
export const SEEK_SETTLE_MS = 150;

function rowsInView(element: HTMLElement, rowHeight: number): { first: number; end: number } {
  return {
    first: Math.floor(element.scrollTop / rowHeight),
    end: Math.ceil((element.scrollTop + element.clientHeight) / rowHeight),
  };
}

/** Whether a move from `last` to `next` left none of the rows that were in view. */
function jumpedPast(last: View, next: { first: number; end: number }): boolean {
  const shown = Math.max(1, last.end - last.first);
  return Math.abs(next.first - last.first) >= shown;
}

/** Follows the scroll element, wherever and whenever it mounts, and redraws in the frame of each scroll. */
function useScrollView(rowHeight: number): { scroller: RefObject<HTMLDivElement | null>; view: View } {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ first: 0, end: 0, seeking: false });
  const link = useRef<{ element: HTMLDivElement; rowHeight: number; detach: () => void } | null>(null);

  // Each render: the list may have mounted its scroll element only now (a pane showing "Loading…" first).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (link.current?.element === element && link.current.rowHeight === rowHeight) return;
    link.current?.detach();
    link.current = null;
    if (element === null) return;
    let settle: ReturnType<typeof setTimeout> | null = null;
    const rest = (): void => {
      settle = null;
      setView((last) => (last.seeking ? { ...last, seeking: false } : last));
    };
    const update = (): void => {
      const next = rowsInView(element, rowHeight);
      setView((last) =>
        last.first === next.first && last.end === next.end ? last : { ...next, seeking: last.seeking },
      );
    };
    const onScroll = (): void => {
      const next = rowsInView(element, rowHeight);
      // An object: the updater sets it, which the type checker does not follow.
      const moved = { seeking: false };
      // Drawn before the frame is painted, so a fast scroll never shows an empty stretch of list.
      flushSync(() =>
        setView((last) => {
          moved.seeking = last.seeking;
          if (last.first === next.first && last.end === next.end) return last;
          moved.seeking = jumpedPast(last, next);
          return { ...next, seeking: moved.seeking };
        }),
      );
      // A timer only while seeking: an ordinary scroll (every list's) arms nothing.
      if (settle !== null) clearTimeout(settle);
      settle = moved.seeking ? setTimeout(rest, SEEK_SETTLE_MS) : null;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resize?.observe(element);
    update();
    link.current = {
      element,
      rowHeight,
      detach: () => {
        element.removeEventListener('scroll', onScroll);
        resize?.disconnect();
        if (settle !== null) clearTimeout(settle);
      },
    };
  });
  useEffect(
    () => () => {
      link.current?.detach();
      link.current = null;
    },
    [],
  );
  return { scroller, view };
}

export function useVirtualRows(
  rows: Rows,
  { rowHeight, cursorId, loadingMoreRow = false, overscan = OVERSCAN }: VirtualRowsOptions,
): { scroller: RefObject<HTMLDivElement | null>; virtualizer: RowWindow; seeking: boolean } {
  const { scroller, view } = useScrollView(rowHeight);
  const count = rows.length + (loadingMoreRow ? 1 : 0);
  const first = Math.max(0, Math.min(view.first, count) - overscan);
  const end = Math.min(count, Math.max(view.end, 1) + overscan);

  const items = useMemo(() => {
    const shown: VirtualRow[] = [];
    for (let index = first; index < end; index++) {
      const start = index * rowHeight;
      shown.push({ index, key: rows[index]?.id ?? '#more', start, size: rowHeight, end: start + rowHeight });
    }
    return shown;
  }, [first, end, rows, rowHeight]);

  const scrollToIndex = useCallback(
    (index: number, options: { align?: 'auto' | 'start' | 'center' } = {}) => {
      const element = scroller.current;
      if (element === null) return;
      const top = index * rowHeight;
      const bottom = top + rowHeight;
      const align = options.align ?? 'auto';
      if (align === 'start') element.scrollTop = top;
      else if (align === 'center') element.scrollTop = top - (element.clientHeight - rowHeight) / 2;
      else if (top < element.scrollTop) element.scrollTop = top;
      else if (bottom > element.scrollTop + element.clientHeight)
        element.scrollTop = bottom - element.clientHeight;
    },
    [scroller, rowHeight],
  );

  // Only a move of the cursor brings it into view; rows changing under it do not.
  const rowsRef = useRef(rows);
  useEffect(() => {
    rowsRef.current = rows;
  }, [rows]);
  useEffect(() => {
    if (cursorId === null) return;
    const index = rowsRef.current.findIndex((row) => row.id === cursorId);
    if (index >= 0) scrollToIndex(index, { align: 'auto' });
  }, [cursorId, scrollToIndex]);

  const total = count * rowHeight;
  const virtualizer = useMemo<RowWindow>(
    () => ({ getVirtualItems: () => items, getTotalSize: () => total, scrollToIndex }),
    [items, total, scrollToIndex],
  );
  return { scroller, virtualizer, seeking: view.seeking };
}
