import { useCallback, useEffect, useMemo, useRef, type DragEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { useVirtualRows } from '../../../hooks/useVirtualRows';
import { useAssetBases } from '../../../queries/assetQueries';
import type { LibraryActions } from '../bulk/useLibraryActions';
import { useLibraryUi } from '../libraryUiStore';
import type { ViewRange } from '../refresh/pageRefresh';
import { LibraryRow } from '../tile/LibraryRow';
import type { TileHandlers } from '../tile/entryOption';
import { LibraryTile } from '../tile/LibraryTile';
import { GAP, gridLayout, gridRows } from './gridLayout';
import { SeekingRow } from './SeekingRow';
import { useGridKeys } from './useGridKeys';
import { useGridWidth } from './useGridWidth';
import { usePointerSelection } from './usePointerSelection';

interface LibraryGridProps {
  entries: LibraryEntry[];
  showProfile: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** Told the entries in view (overscan included) when they change and the grid is not seeking. */
  onViewRange?: (range: ViewRange) => void;
  actions: LibraryActions;
}

/**
 * The results as a virtualised grid (or list): only the rows in view are drawn, every row the same height,
 * so 100,000 entries cost what a screenful does. One tile holds the keyboard focus (roving tabindex).
 */
export function LibraryGrid({
  entries,
  showProfile,
  hasMore,
  loadMore,
  onViewRange,
  actions,
}: LibraryGridProps) {
  const size = useLibraryUi((state) => state.size);
  const view = useLibraryUi((state) => state.view);
  const focusedId = useLibraryUi((state) => state.focusedId);
  const selected = useLibraryUi((state) => state.selected);
  const allMatching = useLibraryUi((state) => state.allMatching);
  const widthProbe = useRef<HTMLDivElement>(null);
  const width = useGridWidth(widthProbe);
  const layout = gridLayout(width, size, view);
  const ids = useMemo(() => entries.map((entry) => entry.entryId), [entries]);
  const rows = useMemo(() => gridRows(ids, layout.columns), [ids, layout.columns]);
  const focusIndex = focusedId === null ? -1 : ids.indexOf(focusedId);
  const cursorRow = focusIndex < 0 ? null : (rows[Math.floor(focusIndex / layout.columns)]?.id ?? null);
  const { scroller, virtualizer, seeking } = useVirtualRows(rows, {
    rowHeight: layout.rowHeight,
    cursorId: cursorRow,
    // About a tile's height either side: enough for a wheel or a key; a fast scroll shows new rows every
    // frame anyway, and each row drawn ahead there is a row of tiles made and thrown away (four either side
    // doubled the work of each frame).
    overscan: Math.max(1, Math.round(256 / layout.rowHeight)),
  });
  const bases = useAssetBases(entries);
  const items = virtualizer.getVirtualItems();

  // The focus follows the keyboard's moves into the tile once it is drawn.
  const moved = useRef(false);
  const moveFocus = useCallback((entryId: number) => {
    moved.current = true;
    useLibraryUi.getState().focus(entryId);
  }, []);
  useEffect(() => {
    if (!moved.current || focusedId === null) return;
    const tile = document.getElementById(`library-entry-${focusedId}`);
    if (tile) {
      tile.focus();
      moved.current = false;
    }
  });

  const firstRow = items[0]?.index ?? 0;
  const lastRow = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && lastRow >= rows.length - 2) loadMore();
  }, [hasMore, lastRow, rows.length, loadMore]);
  // Rows passed over while seeking are not in view; where the scroll rests is.
  useEffect(() => {
    if (seeking || lastRow < 0) return;
    onViewRange?.({ first: firstRow * layout.columns, last: (lastRow + 1) * layout.columns - 1 });
  }, [seeking, firstRow, lastRow, layout.columns, onViewRange]);

  const onKeyDown = useGridKeys(entries, layout.columns, actions, moveFocus);
  const onPick = usePointerSelection(entries);
  const handlers = useMemo<TileHandlers>(
    () => ({
      onPick,
      onOpen: (entry) => useLibraryUi.getState().openLightbox(entry.entryId),
      onRate: (entry, rating) => void actions.rate(rating, [entry.entryId]),
      onDragOut: (entry: LibraryEntry, event: DragEvent) => {
        const ui = useLibraryUi.getState();
        const ids = ui.selected.has(entry.entryId) ? [...ui.selected] : [entry.entryId];
        // Main starts the OS drag with the files; the page's own drag carries nothing.
        event.preventDefault();
        void actions.dragOut(ids);
      },
    }),
    [onPick, actions],
  );
  const tabStop = focusIndex < 0 ? entries[0]?.entryId : focusedId;

  return (
    <div ref={widthProbe} className="h-full min-h-0">
      <div
        ref={scroller}
        role="listbox"
        aria-label="Library results"
        aria-multiselectable="true"
        onKeyDown={onKeyDown}
        className="h-full overflow-auto p-2"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((row) => {
            const start = row.index * layout.columns;
            const rowEntries = entries.slice(start, start + layout.columns);
            // While seeking, one element a row; a row holding the keyboard's tab stop stays whole.
            const placeholder = seeking && !rowEntries.some((entry) => entry.entryId === tabStop);
            return (
              <div
                key={row.key}
                className="absolute right-0 left-0 flex"
                // A row's size is fixed: what changes inside it is laid out and painted inside it alone.
                style={{
                  top: row.start,
                  height: row.size - (view === 'grid' ? GAP : 0),
                  gap: GAP,
                  contain: 'strict',
                }}
              >
                {placeholder ? (
                  <SeekingRow tiles={rowEntries.length} side={view === 'list' ? undefined : layout.side} />
                ) : (
                  rowEntries.map((entry) => {
                    const common = {
                      entry,
                      focused: entry.entryId === tabStop,
                      selected: allMatching || selected.has(entry.entryId),
                      showProfile,
                      base: bases.get(entry.profileId),
                      ...handlers,
                    };
                    return view === 'list' ? (
                      <div key={entry.entryId} className="min-w-0 flex-1">
                        <LibraryRow {...common} />
                      </div>
                    ) : (
                      <LibraryTile key={entry.entryId} side={layout.side} {...common} />
                    );
                  })
                )}
              </div>
            );
          })}
        </div>
        {hasMore && <p className="p-2 text-center text-xs text-muted">Loading more…</p>}
      </div>
    </div>
  );
}
