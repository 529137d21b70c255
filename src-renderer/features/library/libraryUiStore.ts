// The library's UI state (rule 8): the search as typed, the facets picked, sort, tile size and view, which
// tab shows, the keyboard focus, the selection and the open lightbox. Entries live in React Query; only ids
// are kept here. Size and view are remembered across launches; the rest starts clean.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { LibraryFilter, LibrarySearchArgs, LibrarySort } from '../../../src-shared/contract';

export type TileSize = 'S' | 'M' | 'L';
export type LibraryView = 'grid' | 'list';
export type LibraryTab = 'library' | 'uploads';
/** The facets beside the grid: the filter without the typed query. */
export type LibraryFacetPicks = Omit<LibraryFilter, 'query'>;

interface LibraryUiState {
  tab: LibraryTab;
  query: string;
  picks: LibraryFacetPicks;
  sort: LibrarySort;
  size: TileSize;
  view: LibraryView;
  focusedId: number | null;
  selected: ReadonlySet<number>;
  /** Where a shift-click range starts. */
  anchorId: number | null;
  /** "Select all N results": every entry the search matches, loaded or not. */
  allMatching: boolean;
  lightboxId: number | null;
  setTab: (tab: LibraryTab) => void;
  setQuery: (query: string) => void;
  pick: (patch: LibraryFacetPicks) => void;
  clearFilters: () => void;
  applySearch: (filter: LibraryFilter, sort: LibrarySort) => void;
  setSort: (sort: LibrarySort) => void;
  setSize: (size: TileSize) => void;
  setView: (view: LibraryView) => void;
  focus: (entryId: number | null) => void;
  select: (ids: Iterable<number>, anchorId: number | null) => void;
  toggle: (entryId: number) => void;
  selectAllMatching: () => void;
  clearSelection: () => void;
  openLightbox: (entryId: number | null) => void;
}

const EMPTY: ReadonlySet<number> = new Set();
const CLEAN_SELECTION = { selected: EMPTY, anchorId: null, allMatching: false } as const;

/** Drops picks that say nothing (empty lists, undefined), so equal filters make equal query keys. */
function tidy(picks: LibraryFacetPicks): LibraryFacetPicks {
  const out: LibraryFacetPicks = {};
  for (const [key, value] of Object.entries(picks) as [string, unknown][]) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    Object.assign(out, { [key]: value });
  }
  return out;
}

export const useLibraryUi = create<LibraryUiState>()(
  persist(
    (set) => ({
      tab: 'library',
      query: '',
      picks: {},
      sort: 'newest',
      size: 'M',
      view: 'grid',
      focusedId: null,
      selected: EMPTY,
      anchorId: null,
      allMatching: false,
      lightboxId: null,
      setTab: (tab) => set({ tab }),
      // A new search is a new set of results: what was selected in the old one goes.
      setQuery: (query) => set({ query, ...CLEAN_SELECTION }),
      pick: (patch) => set((state) => ({ picks: tidy({ ...state.picks, ...patch }), ...CLEAN_SELECTION })),
      clearFilters: () => set({ query: '', picks: {}, ...CLEAN_SELECTION }),
      applySearch: ({ query, ...picks }, sort) =>
        set({ tab: 'library', query: query ?? '', picks: tidy(picks), sort, ...CLEAN_SELECTION }),
      setSort: (sort) => set({ sort }),
      setSize: (size) => set({ size }),
      setView: (view) => set({ view }),
      focus: (focusedId) => set({ focusedId }),
      select: (ids, anchorId) => set({ selected: new Set(ids), anchorId, allMatching: false }),
      toggle: (entryId) =>
        set((state) => {
          const next = new Set(state.selected);
          if (next.has(entryId)) next.delete(entryId);
          else next.add(entryId);
          return { selected: next, anchorId: entryId, allMatching: false };
        }),
      selectAllMatching: () => set({ allMatching: true, selected: EMPTY, anchorId: null }),
      clearSelection: () => set(CLEAN_SELECTION),
      openLightbox: (lightboxId) => set({ lightboxId }),
    }),
    {
      name: 'loupe.library.ui',
      version: 1,
      partialize: (state) => ({ size: state.size, view: state.view }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<LibraryUiState>;
        return {
          ...current,
          size: saved.size === 'S' || saved.size === 'L' || saved.size === 'M' ? saved.size : current.size,
          view: saved.view === 'list' || saved.view === 'grid' ? saved.view : current.view,
        };
      },
    },
  ),
);

/** The filter the search box and the facets make together, as the contract takes it. */
export function currentFilter(state: Pick<LibraryUiState, 'query' | 'picks'>): LibraryFilter {
  const query = state.query.trim();
  return query === '' ? { ...state.picks } : { ...state.picks, query };
}

/** The library.search arguments of the box, the picks and the sort (the grid's query key). */
export function searchArgsOf(state: Pick<LibraryUiState, 'query' | 'picks' | 'sort'>): LibrarySearchArgs {
  return { ...currentFilter(state), sort: state.sort };
}

export function resetLibraryUi(): void {
  useLibraryUi.setState({
    tab: 'library',
    query: '',
    picks: {},
    sort: 'newest',
    size: 'M',
    view: 'grid',
    focusedId: null,
    lightboxId: null,
    ...CLEAN_SELECTION,
  });
}
