// The grid's keys: arrows move the focus, Enter opens the lightbox, 1–5 rate, 0 clears, x toggles reject
// (on the selection when there is one, else on the focused tile), Space toggles the focused tile's selection,
// Esc clears the selection, Ctrl/Cmd+A selects every result.
import type { KeyboardEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { isTyping } from '../../../lib/keyTargets';
import type { LibraryActions } from '../bulk/useLibraryActions';
import { useLibraryUi } from '../libraryUiStore';
import { moveIndex } from './gridLayout';

/** Whether `x` should reject (true) or take the mark back (false): back only when every target has it. */
export function rejectNext(entries: readonly LibraryEntry[], targetIds: ReadonlySet<number>): boolean {
  const targets = entries.filter((entry) => targetIds.has(entry.entryId));
  return targets.length === 0 || !targets.every((entry) => entry.rejected);
}

/** The rating keys and `x`, shared by the grid and the lightbox. True when the key was one of them. */
export function rateOrReject(
  key: string,
  actions: LibraryActions,
  rejected: () => boolean,
  ids?: number[],
): boolean {
  if (/^[0-5]$/.test(key)) {
    void actions.rate(Number(key), ids);
    return true;
  }
  if (key === 'x' || key === 'X') {
    void actions.reject(rejected(), ids);
    return true;
  }
  return false;
}

export function useGridKeys(
  entries: readonly LibraryEntry[],
  columns: number,
  actions: LibraryActions,
  moveFocus: (entryId: number) => void,
) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (isTyping(event.target) || event.altKey) return;
    const ui = useLibraryUi.getState();
    // Before any move, the focus is on the first tile (the grid's tab stop).
    const index = Math.max(
      0,
      entries.findIndex((entry) => entry.entryId === ui.focusedId),
    );
    const focused = entries[index];
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      ui.selectAllMatching();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    const next = moveIndex(event.key, index, columns, entries.length);
    if (next !== null) {
      event.preventDefault();
      const entry = entries[next];
      if (entry) moveFocus(entry.entryId);
      return;
    }
    const onSelection = ui.allMatching || ui.selected.size > 0;
    const onFocused = focused ? [focused.entryId] : [];
    const handled = rateOrReject(
      event.key,
      actions,
      () => rejectNext(entries, onSelection ? ui.selected : new Set(onFocused)),
      onSelection ? undefined : onFocused,
    );
    if (handled) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Enter' && focused) {
      event.preventDefault();
      ui.openLightbox(focused.entryId);
    } else if (event.key === ' ' && focused) {
      event.preventDefault();
      ui.toggle(focused.entryId);
    } else if (event.key === 'Escape' && (onSelection || ui.anchorId !== null)) {
      event.preventDefault();
      ui.clearSelection();
    }
  };
}
