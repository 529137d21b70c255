// The library's search over a fake host: the text reaches library.search as typed, problems show under the
// box, facets narrow, the total, the thumbnails (and their failure placeholder), empty and error states.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { resetUiState } from '../../test/resetUiState';
import { fakeLibrary, libraryEntry, resetLibraryState, type FakeLibrary } from './testing/fakeLibrary';
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

const searchBox = () => screen.getByLabelText('Search the library');

describe('the library search', () => {
  it('shows tiles titled by what they made, newest first, from the thumbnail route, with the total', async () => {
    renderLibrary(library);
    const shown = await tiles();
    // Named with the values of the sweep's item that made it, as its foot shows them.
    expect(shown[0]?.getAttribute('aria-label')).toBe('lighthouse at dusk, detailed #300, cfg 7');
    expect(shown[0]?.textContent).not.toContain('asset-300');
    expect(screen.getByTestId('library-total').textContent).toContain('300 entries');
    await waitFor(() => expect(shown[0]?.querySelector('img')).not.toBeNull());
    expect(shown[0]?.querySelector('img')?.getAttribute('src')).toBe(
      '/asset-bytes/cap/demo/thumbs/asset-300',
    );
    // Several profiles: each tile names its own (after the values of the sweep's item that made it).
    expect(within(shown[0] as HTMLElement).getByTestId('tile-foot').textContent).toBe('cfg 7 · Demo server');
  });

  it('draws the rows in view and one more, not the 300 found, each tile’s picture from one read of the route', async () => {
    const { host } = renderLibrary(library);
    // 600 × 400 px at size M: three tiles a row, rows of 228 px, so two rows in view and one drawn ahead.
    await waitFor(async () => expect(await tiles()).toHaveLength(9));
    await waitFor(() => expect(document.querySelectorAll('[role="option"] img')).toHaveLength(9));
    // The route's prefix is read by the grid once per profile shown, not by every tile.
    const profiles = new Set(
      (await tiles()).map((tile) => tile.querySelector('img')?.getAttribute('src')?.split('/')[3]),
    );
    expect(host.calls.filter((call) => call.name === 'assets.base')).toHaveLength(profiles.size);
  });

  it('sends the text as typed to library.search and shows what main did not understand', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    fireEvent.change(searchBox(), { target: { value: 'lighthouse seed:4 colour:red' } });
    await waitFor(() => expect(screen.getByTestId('query-problems').textContent).toContain('colour:red'), {
      timeout: 3_000,
    });
    expect(lastCall(host, 'library.search')).toMatchObject({ query: 'lighthouse seed:4 colour:red' });
    const shown = await tiles();
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute('aria-label')).toContain('#4');
    expect(screen.getByTestId('library-total').textContent).toContain('1 entry');
  });

  it('counts the facets after the search, and once per filter that holds still, not per keystroke', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    await waitFor(() => expect(lastCall(host, 'library.facets')).toBeDefined());
    const names = host.calls.map((call) => call.name);
    // Main answers one read at a time: the grid's page is asked for before any counting.
    expect(names.indexOf('library.search')).toBeLessThan(names.indexOf('library.facets'));
    const counted = () => host.calls.filter((call) => call.name === 'library.facets').length;
    const before = counted();
    for (const text of ['l', 'li', 'lig', 'ligh']) fireEvent.change(searchBox(), { target: { value: text } });
    expect(counted()).toBe(before);
    await waitFor(() => expect(lastCall(host, 'library.facets')).toMatchObject({ query: 'ligh' }));
    expect(counted()).toBe(before + 1);
    expect(screen.getByRole('region', { name: 'Filters' }).getAttribute('aria-busy')).toBe('false');
  });

  it('narrows by a facet, and the facet reaches both search and counts', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    const filters = screen.getByRole('region', { name: 'Filters' });
    fireEvent.click(within(filters).getByRole('checkbox', { name: /audio/ }));
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).toContain('30 entries'));
    expect(lastCall(host, 'library.search')).toMatchObject({ types: ['audio'] });
    // The counts follow once the filter has held still (useSettledFilter).
    await waitFor(() => expect(lastCall(host, 'library.facets')).toMatchObject({ types: ['audio'] }));
    fireEvent.change(within(filters).getByLabelText('Least rating'), { target: { value: '4' } });
    await waitFor(() =>
      expect(lastCall(host, 'library.search')).toMatchObject({ types: ['audio'], minRating: 4 }),
    );
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
  });

  it('narrows the grid to what expires soon with the facet, and back', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    const filters = screen.getByRole('region', { name: 'Filters' });
    const only = await within(filters).findByRole('checkbox', { name: /Show only these/ });
    expect(only.parentElement?.textContent).toContain('6');
    fireEvent.click(only);
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).toContain('6 entries'));
    expect(lastCall(host, 'library.search')).toMatchObject({ expiringSoon: true });
    await waitFor(() => expect(lastCall(host, 'library.facets')).toMatchObject({ expiringSoon: true }));
    const shown = await tiles();
    expect(shown).toHaveLength(6);
    for (const tile of shown) expect(within(tile).getByTestId('mark-expiring')).toBeTruthy();
    fireEvent.click(within(filters).getByRole('checkbox', { name: /Show only these/ }));
    // The whole library's search was seen before: shown from memory, not asked of main again.
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).toContain('300 entries'));
    expect(await tiles()).not.toHaveLength(6);
  });

  it('says when nothing matches and clears the filters in one click', async () => {
    renderLibrary(library);
    await tiles();
    fireEvent.change(searchBox(), { target: { value: 'zebra' } });
    expect(await screen.findByText('Nothing matches', {}, { timeout: 3_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await tiles()).not.toHaveLength(0);
    expect((searchBox() as HTMLInputElement).value).toBe('');
  });

  it('says an empty library is empty, with what goes there', async () => {
    library = fakeLibrary(0);
    renderLibrary(library);
    expect(await screen.findByText('The library is empty')).toBeTruthy();
    expect(screen.getByText(/Every output of every job Loupe sees lands here/)).toBeTruthy();
  });

  it('says in words when the search fails, with Try again', async () => {
    library.searchAnswer = {
      ok: false,
      error: { code: 'not_available', message: 'The library is not ready.' },
    };
    renderLibrary(library);
    expect(await screen.findByText('Loupe could not search the library.')).toBeTruthy();
    expect(screen.getByText('The library is not ready.')).toBeTruthy();
    library.searchAnswer = null;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await tiles()).not.toHaveLength(0);
  });

  it('shows a placeholder with main’s reason when there is no thumbnail, and when it fails to load', async () => {
    library.entries = [
      libraryEntry(2, { thumb: 'failed', thumbMessage: 'The file is not a picture sharp can read.' }),
      libraryEntry(1),
    ];
    renderLibrary(library);
    const [broken, fine] = await tiles();
    expect(within(broken as HTMLElement).getByTestId('thumb-missing').textContent).toContain(
      'The file is not a picture sharp can read.',
    );
    await waitFor(() => expect((fine as HTMLElement).querySelector('img')).not.toBeNull());
    const img = (fine as HTMLElement).querySelector('img');
    fireEvent.error(img as HTMLImageElement);
    expect(within(fine as HTMLElement).getByTestId('thumb-missing').textContent).toContain(
      'The thumbnail could not be loaded.',
    );
  });

  it('asks for no thumbnail where a kind has none, and says so calmly rather than as a failure', async () => {
    library.entries = [
      libraryEntry(2, { type: 'latent', contentType: 'application/octet-stream', name: 'demo.latent' }),
      libraryEntry(1, { type: 'text', contentType: 'text/plain', name: 'caption.txt' }),
    ];
    renderLibrary(library);
    const [latent, text] = await tiles();
    for (const tile of [latent, text]) {
      expect((tile as HTMLElement).querySelector('img')).toBeNull();
      const words = within(tile as HTMLElement).getByTestId('thumb-missing').textContent;
      expect(words).toContain('No preview for this kind of output.');
      expect(words).not.toContain('could not');
    }
    // Opened, it is not reported as lost: the lightbox says what it is and offers the file.
    (latent as HTMLElement).focus();
    fireEvent.keyDown(latent as HTMLElement, { key: 'Enter' });
    const none = await screen.findByTestId('picture-none');
    expect(none.textContent).toContain('Loupe shows no preview for this kind of output.');
    expect(within(none).getByRole('link', { name: 'Download demo.latent' }).getAttribute('download')).toBe(
      'demo.latent',
    );
    expect(screen.queryByTestId('lightbox-picture')).toBeNull();
  });

  it('opens a sound with its own waveform above the player, the one its tile shows', async () => {
    library.entries = [libraryEntry(1, { type: 'audio', contentType: 'audio/wav', name: 'tone.wav' })];
    renderLibrary(library);
    const [tile] = await tiles();
    (tile as HTMLElement).focus();
    fireEvent.keyDown(tile as HTMLElement, { key: 'Enter' });
    const wave = await screen.findByTestId('waveform');
    const player = document.querySelector('audio');
    expect(player).not.toBeNull();
    const route = (player?.getAttribute('src') ?? '').replace(/[^/]+$/, '');
    // The library's thumbnail of the same entry, beside the bytes it plays.
    expect(wave.getAttribute('src')).toBe(
      `${route}thumbs/${player?.getAttribute('src')?.split('/').pop() ?? ''}`,
    );
  });
});
