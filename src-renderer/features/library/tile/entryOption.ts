// What makes a library entry one option of the results listbox, in the grid and the list alike: its id for
// aria-activedescendant, selection, roving focus, drag out, pick and open.
import type { DragEvent, MouseEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { entryValues } from './entryValues';

export interface TileHandlers {
  onPick: (entry: LibraryEntry, event: MouseEvent) => void;
  onOpen: (entry: LibraryEntry) => void;
  onRate: (entry: LibraryEntry, rating: number) => void;
  onDragOut: (entry: LibraryEntry, event: DragEvent) => void;
}

function optionName(entry: LibraryEntry): string {
  const values = entryValues(entry);
  return values === null ? entry.title : `${entry.title}, ${values}`;
}

export function entryOptionProps(
  entry: LibraryEntry,
  state: { focused: boolean; selected: boolean },
  handlers: Pick<TileHandlers, 'onPick' | 'onOpen' | 'onDragOut'>,
) {
  return {
    role: 'option',
    id: `library-entry-${entry.entryId}`,
    'data-entry-id': entry.entryId,
    'aria-selected': state.selected,
    // A sweep's item is named with its values, so a screen reader tells its pictures apart as the eye does.
    'aria-label': optionName(entry),
    tabIndex: state.focused ? 0 : -1,
    draggable: true,
    onDragStart: (event: DragEvent) => handlers.onDragOut(entry, event),
    onClick: (event: MouseEvent) => handlers.onPick(entry, event),
    onDoubleClick: () => handlers.onOpen(entry),
  } as const;
}
