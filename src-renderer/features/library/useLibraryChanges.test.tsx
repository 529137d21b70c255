// Library queries stay fresh until main says otherwise; what changed while the Library was not shown (no
// subscription listening) is read again when it is shown.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { resetUiState } from '../../test/resetUiState';
import { LibraryScreen } from './LibraryScreen';
import { fakeLibrary, resetLibraryState } from './testing/fakeLibrary';
import { renderLibrary, tiles } from './testing/renderLibrary';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

it('reads the library again when it is shown again, for what changed while nobody listened', async () => {
  const library = fakeLibrary();
  const { host, client, unmount } = renderLibrary(library);
  await tiles();
  expect(screen.getByTestId('library-total').textContent).toContain('300 entries');
  unmount();
  library.entries = library.entries.slice(0, 5);
  renderWithLoupe(<LibraryScreen />, host.loupe, client);
  await waitFor(() => expect(screen.getByTestId('library-total').textContent).toContain('5 entries'));
});
