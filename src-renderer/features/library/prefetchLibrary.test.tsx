// A start on the Library sends its first search before the screen's code has loaded, and the grid draws from
// that answer instead of asking again; a start on Jobs or on the Uploads tab asks for nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOnRememberedScreen } from '../../app/App';
import { fakeHost } from '../../test/fakeHost';
import { fakeLayout } from '../../test/fakeLayout';
import { resetUiState } from '../../test/resetUiState';
import { renderWithLoupe, testQueryClient } from '../../test/renderWithLoupe';
import { LibraryScreen } from './LibraryScreen';
import { useLibraryUi } from './libraryUiStore';
import { firstPageLimit } from './pageSizes';
import { prefetchLibraryStart } from './prefetchLibrary';
import { fakeLibrary, resetLibraryState } from './testing/fakeLibrary';
import { tiles } from './testing/renderLibrary';

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

describe('a start on the Library', () => {
  it('sends the remembered search at once, and the grid draws from its answer without asking again', async () => {
    useLibraryUi.setState({ query: 'lighthouse', sort: 'oldest' });
    const host = fakeHost(fakeLibrary().answers);
    const client = testQueryClient();
    prefetchLibraryStart(host.loupe, client);
    const searches = () => host.calls.filter((call) => call.name === 'library.search');
    expect(searches().map((call) => call.args)).toEqual([
      { query: 'lighthouse', sort: 'oldest', cursor: null, limit: firstPageLimit('M', 'grid', window) },
    ]);
    renderWithLoupe(<LibraryScreen />, host.loupe, client);
    expect((await tiles()).length).toBeGreaterThan(0);
    expect(searches()).toHaveLength(1);
  });

  it('is what the app does at start when it remembers the Library, and not when it opens on Jobs', () => {
    const searchesAfterStart = (): number => {
      const host = fakeHost(fakeLibrary().answers);
      startOnRememberedScreen(host.loupe, testQueryClient());
      return host.calls.filter((call) => call.name === 'library.search').length;
    };
    expect(searchesAfterStart()).toBe(1);
    resetUiState('jobs');
    expect(searchesAfterStart()).toBe(0);
  });

  it('asks for nothing when it opens on the Uploads tab', () => {
    useLibraryUi.setState({ tab: 'uploads' });
    const host = fakeHost(fakeLibrary().answers);
    prefetchLibraryStart(host.loupe, testQueryClient());
    expect(host.calls.filter((call) => call.name === 'library.search')).toEqual([]);
  });
});
