// How many library changes this window has heard of (library.changes events, its own ratings and keeps, the
// screen shown again after nobody listened). A page of a search stamped with an older count than the latest
// was read before something changed: it is stale, and is read again when it is seen (pageRefresh.ts).
import { create } from 'zustand';

export const useLibraryGeneration = create<{ generation: number }>(() => ({ generation: 0 }));

export function libraryGeneration(): number {
  return useLibraryGeneration.getState().generation;
}

/** Something in the library changed: every page read so far is stale. */
export function libraryChanged(): void {
  useLibraryGeneration.setState((state) => ({ generation: state.generation + 1 }));
}
