// Saved searches: "Save search…" names the current search and facets; the sidebar lists it under Library; a
// click brings it back (from any section); delete asks first.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../stores/uiStore';
import { fakeLayout } from '../../test/fakeLayout';
import { resetUiState } from '../../test/resetUiState';
import { fakeLibrary, resetLibraryState, type FakeLibrary } from './testing/fakeLibrary';
import { lastCall, renderLibrary, tiles } from './testing/renderLibrary';

// The whole section renders per test (grid, facets, sidebar): on two busy shared cores that outlasts 5 s.
vi.setConfig({ testTimeout: 20_000 });

let library: FakeLibrary;

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  library = fakeLibrary();
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

describe('collections', () => {
  it('saves the search with its facets, lists it in the sidebar, and a click applies it', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    expect(screen.getByRole('button', { name: /Library/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: 'lighthouse' } });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('checkbox', { name: /image/ }),
    );
    await waitFor(() =>
      expect(lastCall(host, 'library.search')).toMatchObject({ query: 'lighthouse', types: ['image'] }),
    );
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).not.toContain('300'));
    const narrowed = screen.getByTestId('library-total').textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Save search…' }));
    const dialog = await screen.findByTestId('save-search-dialog');
    fireEvent.change(within(dialog).getByLabelText('Collection name'), { target: { value: 'Lighthouse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lastCall(host, 'library.saveCollection')).toEqual({
        name: 'Lighthouse',
        filter: { query: 'lighthouse', types: ['image'] },
        sort: 'newest',
      }),
    );
    const nav = await screen.findByRole('list', { name: 'Collections' });
    const saved = within(nav).getByRole('button', { name: 'Lighthouse' });

    useUiStore.getState().setSection('jobs');
    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: '' } });
    // Both searches were seen before: shown from memory (libraryQueries.ts), not asked of main again.
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).not.toBe(narrowed));
    fireEvent.click(saved);
    expect(useUiStore.getState().section).toBe('assets');
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).toBe(narrowed));
    expect(screen.getByLabelText<HTMLInputElement>('Search the library').value).toBe('lighthouse');
  });

  it('deletes a collection only after asking', async () => {
    library.collections = [
      {
        id: 'c1',
        name: 'Keepers',
        filter: { minRating: 4 },
        sort: 'rating',
        createdAt: '2025-01-01T00:00:00Z',
      },
    ];
    const { host } = renderLibrary(library);
    const nav = await screen.findByRole('list', { name: 'Collections' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Delete collection Keepers' }));
    const ask = await screen.findByTestId('delete-collection-dialog');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(host.calls.some((call) => call.name === 'library.deleteCollection')).toBe(false);
    fireEvent.click(within(nav).getByRole('button', { name: 'Delete collection Keepers' }));
    fireEvent.click(
      within(await screen.findByTestId('delete-collection-dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(lastCall(host, 'library.deleteCollection')).toEqual({ id: 'c1' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Collections' })).toBeNull());
  });
});
