// Clicks on tiles: a plain click selects one, Ctrl/Cmd-click adds or removes one, Shift-click selects the
// range from the last clicked (in the order shown). Every click also moves the keyboard focus there.
import { useCallback, type MouseEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { useLibraryUi } from '../libraryUiStore';

export function rangeIds(entries: readonly LibraryEntry[], fromId: number, toId: number): number[] {
  const from = entries.findIndex((entry) => entry.entryId === fromId);
  const to = entries.findIndex((entry) => entry.entryId === toId);
  if (from < 0 || to < 0) return [toId];
  const [low, high] = from <= to ? [from, to] : [to, from];
  return entries.slice(low, high + 1).map((entry) => entry.entryId);
}

export function usePointerSelection(entries: readonly LibraryEntry[]) {
  return useCallback(
    (entry: LibraryEntry, event: MouseEvent) => {
      const ui = useLibraryUi.getState();
      ui.focus(entry.entryId);
      if (event.shiftKey && ui.anchorId !== null) {
        ui.select(rangeIds(entries, ui.anchorId, entry.entryId), ui.anchorId);
      } else if (event.ctrlKey || event.metaKey) {
        ui.toggle(entry.entryId);
      } else {
        ui.select([entry.entryId], entry.entryId);
      }
    },
    [entries],
  );
}
