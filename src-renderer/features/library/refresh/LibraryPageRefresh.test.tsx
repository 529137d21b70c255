// After a change, the Library reads again only the pages in view, each within the bounds it had, and the
// other pages when they come into view: never every page loaded (500 requests at 100,000 entries). Over the
// fake library (keyset cursors, as main's) through the real grid, search query and change stream.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibrarySearchArgs } from '../../../../src-shared/contract';
import { fakeLayout } from '../../../test/fakeLayout';
import { resetUiState } from '../../../test/resetUiState';
import { SEEK_SETTLE_MS } from '../../../hooks/useVirtualRows';
import { LIBRARY_PAGE_SIZE, firstPageLimit } from '../pageSizes';
import { fakeLibrary, libraryEntry, resetLibraryState, type FakeLibrary } from '../testing/fakeLibrary';
import { lastCall, renderLibrary, tiles } from '../testing/renderLibrary';

vi.setConfig({ testTimeout: 20_000 });

const ENTRIES = 1_000;
const ROW_PX = 228;

let library: FakeLibrary;

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  library = fakeLibrary();
  library.entries = Array.from({ length: ENTRIES }, (_, i) => libraryEntry(i + 1));
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

type Host = ReturnType<typeof renderLibrary>['host'];

function searches(host: Host, since = 0): LibrarySearchArgs[] {
  return host.calls
    .filter((call) => call.name === 'library.search')
    .slice(since)
    .map((call) => call.args as LibrarySearchArgs);
}

function grid(): HTMLElement {
  return screen.getByRole('listbox', { name: 'Library results' });
}

/** Scrolls the grid to `top` and waits until the scroll has rested (whole tiles drawn again). */
async function scrollTo(top: number): Promise<void> {
  act(() => {
    grid().scrollTop = top;
    fireEvent.scroll(grid());
  });
  await waitFor(() => expect(screen.queryAllByTestId('seeking-row')).toEqual([]), {
    timeout: SEEK_SETTLE_MS * 20,
  });
}

/** The first page: a screenful of this window (pageSizes.ts); then whole pages. */
const firstPage = (): number => firstPageLimit('M', 'grid', window);
/** How many pages the whole search takes. */
const PAGES = (): number => 1 + Math.ceil((ENTRIES - firstPage()) / LIBRARY_PAGE_SIZE);

/** Scrolls down until every page of the search is loaded (a screenful, then 200 a page). */
async function loadEveryPage(host: Host): Promise<void> {
  for (let pages = 1; pages < PAGES(); pages++) {
    const loaded = firstPage() + (pages - 1) * LIBRARY_PAGE_SIZE;
    await scrollTo(Math.ceil(loaded / 3) * ROW_PX);
    await waitFor(() => expect(searches(host)).toHaveLength(pages + 1));
  }
  await waitFor(() => expect(screen.queryByText('Loading more…')).toBeNull());
  await scrollTo(Math.ceil(ENTRIES / 3) * ROW_PX);
}

function tileOf(entryId: number): HTMLElement {
  const tile = document.getElementById(`library-entry-${entryId}`);
  if (tile === null) throw new Error(`entry ${entryId} is not drawn`);
  return tile;
}

describe('after a change', () => {
  it('reads again only the pages in view, and the others as they come into view', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    await loadEveryPage(host);
    // The view is at the end: the oldest entries, on the last page.
    const oldest = tileOf(1);
    const loaded = searches(host).length;
    expect(loaded).toBe(PAGES());
    expect(searches(host).map((args) => args.limit)).toEqual([
      firstPage(),
      ...Array.from({ length: PAGES() - 1 }, () => LIBRARY_PAGE_SIZE),
    ]);

    // Rated from the keyboard: one page read again, the one in view, not all of them.
    fireEvent.click(oldest);
    fireEvent.keyDown(oldest, { key: '4' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toEqual({ entryIds: [1], rating: 4 }));
    await waitFor(() => expect(within(tileOf(1)).getByRole('group', { name: /4 of 5 stars/ })).toBeTruthy());
    const afterRating = searches(host, loaded);
    expect(afterRating).toHaveLength(1);
    expect(afterRating[0]?.cursor).toBe(searches(host)[PAGES() - 1]?.cursor);

    // Changed behind the window (another window, the CLI); main says so.
    library.entries = library.entries.map((entry) =>
      entry.entryId === ENTRIES ? { ...entry, rating: 5 } : entry,
    );
    act(() => {
      host.emit('library.changes', { kind: 'updated', count: 1, backlog: 0 });
    });
    await waitFor(() => expect(searches(host, loaded).length).toBe(2));
    // Back at the top, the first page, stale since, is read again within its bounds, and shows the change.
    await scrollTo(0);
    await waitFor(() =>
      expect(within(tileOf(ENTRIES)).getByRole('group', { name: /5 of 5 stars/ })).toBeTruthy(),
    );
    const first = searches(host, loaded).at(-1);
    expect(first?.cursor ?? null).toBeNull();
    expect(first?.until).toBe(searches(host)[1]?.cursor);
    expect(searches(host, loaded)).toHaveLength(3);
  });

  it('shows what came at the top with no entry twice, and the count of them all', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    await loadEveryPage(host);
    await scrollTo(0);
    const before = searches(host).length;
    library.entries = [...library.entries, ...[1001, 1002, 1003].map((id) => libraryEntry(id))];
    act(() => {
      host.emit('library.changes', { kind: 'indexed', count: 3, backlog: 0 });
    });
    await waitFor(() => expect(tileOf(1003)).toBeTruthy());
    expect(screen.getByTestId('library-total').textContent).toContain('1,003 entries');
    // The first page grew by three; the next one begins where it began.
    expect(searches(host, before)).toHaveLength(1);
    const ids = [...grid().querySelectorAll('[role="option"]')].map((tile) => tile.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 4)).toEqual([1003, 1002, 1001, 1000].map((id) => `library-entry-${id}`));
  });

  it('fills an empty library when its first entries come (no grid reports a view there)', async () => {
    library.entries = [];
    const { host } = renderLibrary(library);
    await screen.findByText('The library is empty');
    library.entries = [1, 2].map((id) => libraryEntry(id));
    act(() => {
      host.emit('library.changes', { kind: 'indexed', count: 2, backlog: 0 });
    });
    expect((await tiles()).map((tile) => tile.id)).toEqual(['library-entry-2', 'library-entry-1']);
  });

  it('reads the whole search again when more came into one page than a read holds', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    await loadEveryPage(host);
    await scrollTo(0);
    const before = searches(host).length;
    library.entries = [
      ...library.entries,
      ...Array.from({ length: 1_000 }, (_, i) => libraryEntry(ENTRIES + 1 + i)),
    ];
    act(() => {
      host.emit('library.changes', { kind: 'indexed', count: 1_000, backlog: 0 });
    });
    await waitFor(() => expect(tileOf(2 * ENTRIES)).toBeTruthy());
    // The page read again said it held more; then every page from the top, as TanStack reads one again.
    const after = searches(host, before);
    expect(after[0]?.until).toBeDefined();
    expect(after.slice(1).every((args) => args.until === undefined)).toBe(true);
    expect(screen.getByTestId('library-total').textContent).toContain('2,000 entries');
  });
});
