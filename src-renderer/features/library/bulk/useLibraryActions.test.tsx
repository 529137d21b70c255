// The library's actions are one object while a person types (the tiles' handlers hold them, so a new object
// at every search drew every tile again), and still act on the search in force when they run.
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeHost } from '../../../test/fakeHost';
import { renderHookWithLoupe } from '../../../test/renderWithLoupe';
import { resetUiState } from '../../../test/resetUiState';
import { useLibraryUi } from '../libraryUiStore';
import { fakeLibrary, libraryEntry, resetLibraryState } from '../testing/fakeLibrary';
import { useLibraryActions } from './useLibraryActions';

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
});

describe('the library actions', () => {
  it('stay the same object as the search changes, and keep "all matching" by the search in force', async () => {
    const library = fakeLibrary();
    library.entries = [1, 2, 3].map((id) => libraryEntry(id));
    const host = fakeHost(library.answers);
    const { result } = renderHookWithLoupe(() => useLibraryActions(), host.loupe);
    const first = result.current;
    act(() => useLibraryUi.getState().setQuery('lighthouse'));
    act(() => useLibraryUi.getState().pick({ minRating: 3 }));
    expect(result.current).toBe(first);

    act(() => {
      useLibraryUi.setState({ allMatching: true });
    });
    await act(() => result.current.keep());
    await waitFor(() =>
      expect(
        host.calls.filter((call) => call.name === 'library.keepMatching').map((call) => call.args),
      ).toEqual([{ query: 'lighthouse', minRating: 3 }]),
    );
  });
});
