// What makes a library entry one option of the results listbox, in the grid and the list alike: its id for
// aria-activedescendant, selection, roving focus, drag out, pick and open.
import type { DragEvent, MouseEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';

export interface TileHandlers {
  onPick: (entry: LibraryEntry, event: MouseEvent) => void;
  onOpen: (entry: LibraryEntry) => void;
  onRate: (entry: LibraryEntry, rating: number) => void;
  onDragOut: (entry: LibraryEntry, event: DragEvent) => void;
}

export function entryOptionProps(
  entry: LibraryEntry,
  /** `values`: the sweep item's values the tile or row shows (entryValues), said in the option's name too. */
  state: { focused: boolean; selected: boolean; values: string | null },
  handlers: Pick<TileHandlers, 'onPick' | 'onOpen' | 'onDragOut'>,
) {
  return {
    role: 'option',
    id: `library-entry-${entry.entryId}`,
    'data-entry-id': entry.entryId,
    'aria-selected': state.selected,
    // A sweep's item is named with its values, so a screen reader tells its pictures apart as the eye does.
    'aria-label': state.values === null ? entry.title : `${entry.title}, ${state.values}`,
    tabIndex: state.focused ? 0 : -1,
    draggable: true,
    onDragStart: (event: DragEvent) => handlers.onDragOut(entry, event),
    onClick: (event: MouseEvent) => handlers.onPick(entry, event),
    onDoubleClick: () => handlers.onOpen(entry),
  } as const;
}
