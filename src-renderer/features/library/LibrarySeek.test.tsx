// The grid while seeking (a dragged scrollbar): rows shown for one frame are drawn as one element a row, with no
// picture or stars; once the scroll rests, whole tiles.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { resetUiState } from '../../test/resetUiState';
import { SEEK_SETTLE_MS } from '../../hooks/useVirtualRows';
import { fakeLibrary, resetLibraryState, type FakeLibrary } from './testing/fakeLibrary';
import { renderLibrary, tiles } from './testing/renderLibrary';

vi.setConfig({ testTimeout: 20_000 });

let library: FakeLibrary;

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  library = fakeLibrary();
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

describe('seeking through the grid', () => {
  it('draws placeholders without pictures while a move jumps past the view, and whole tiles once it rests', async () => {
    renderLibrary(library);
    await tiles();
    const grid = screen.getByRole('listbox', { name: 'Library results' });
    const whole = (): number => grid.querySelectorAll('[role="option"]').length;
    expect(whole()).toBeGreaterThan(1);

    act(() => {
      grid.scrollTop = 40 * 228;
      fireEvent.scroll(grid);
    });
    const placeholders = screen.getAllByTestId('seeking-row');
    expect(placeholders.length).toBeGreaterThan(0);
    // Nothing of a whole tile in them: no picture, no stars.
    expect(placeholders.every((p) => p.querySelector('img, [role="group"]') === null)).toBe(true);
    expect(whole()).toBe(0);

    await waitFor(() => expect(screen.queryAllByTestId('seeking-row')).toEqual([]), {
      timeout: SEEK_SETTLE_MS * 20,
    });
    expect(whole()).toBeGreaterThan(1);
  });
});
