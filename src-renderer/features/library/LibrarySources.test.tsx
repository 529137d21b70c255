// Issue 21 in the window: the Source facet narrows the library to Router runs' media or uploads (the uploads
// filter, now from entries); a Router entry opens from the route's router-media path; and a video tile with no
// thumbnail draws its poster frame (drawPosterFrame faked here: the test DOM decodes no video), hands it to main, and
// shows main's thumbnail of it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { resetUiState } from '../../test/resetUiState';
import { resetPosterAttempts } from './poster/posterQueue';
import { fakeLibrary, libraryEntry, resetLibraryState, type FakeLibrary } from './testing/fakeLibrary';
import { lastCall, renderLibrary, tiles } from './testing/renderLibrary';

const drawn = vi.hoisted(() => ({ urls: [] as string[] }));
vi.mock('./poster/drawPosterFrame', async (importOriginal) => {
  const real = await importOriginal<typeof import('./poster/drawPosterFrame')>();
  return {
    ...real,
    drawPosterFrame: (url: string) => {
      drawn.urls.push(url);
      return Promise.resolve(new Blob(['RIFFwebp'], { type: 'image/webp' }));
    },
  };
});

vi.setConfig({ testTimeout: 20_000 });

let library: FakeLibrary;

beforeEach(() => {
  resetUiState('assets');
  resetLibraryState();
  resetPosterAttempts();
  drawn.urls = [];
  library = fakeLibrary(6);
  library.entries = [
    ...library.entries,
    libraryEntry(7, {
      source: 'router',
      jobId: 'run-9',
      assetId: 'router:run-9:0',
      title: 'a copper teapot',
      type: 'video',
      contentType: 'video/mp4',
      thumb: 'none',
      hash: null,
      profileId: 'local',
    }),
    libraryEntry(8, { source: 'upload', jobId: 'up-1', assetId: 'asset-up', title: 'harbour.png' }),
    libraryEntry(10, {
      source: 'router',
      jobId: 'run-10',
      assetId: 'router:run-10:1',
      title: 'a teapot still',
      profileId: 'local',
    }),
  ];
  fakeLayout.install({ width: 600, height: 400 });
});
afterEach(() => fakeLayout.restore());

describe('sources in the library', () => {
  it('the Source facet counts each source and narrows the grid to the one picked', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    const facet = await screen.findByRole('group', { name: 'Source' });
    expect(within(facet).getByText('Jobs')).toBeTruthy();
    expect(within(facet).getByText('Router runs')).toBeTruthy();
    fireEvent.click(within(facet).getByLabelText(/Uploads/));
    // The grid refetches after the pick: on two busy shared cores that can outlast waitFor's default second.
    await waitFor(async () => expect(await tiles()).toHaveLength(1), { timeout: 10_000 });
    expect(lastCall(host, 'library.search')).toMatchObject({ sources: ['upload'] });
    expect((await tiles())[0]?.getAttribute('aria-label')).toBe('harbour.png');
  });

  it('a Router entry opens from its saved file, saying where it came from and what it cost', async () => {
    renderLibrary(library);
    const still = (await tiles()).find((tile) => tile.getAttribute('aria-label') === 'a teapot still');
    if (still === undefined) throw new Error('no Router tile');
    fireEvent.keyDown(still, { key: 'Enter' });
    const box = await screen.findByTestId('library-lightbox');
    expect((await within(box).findByTestId('lightbox-picture')).getAttribute('src')).toBe(
      '/asset-bytes/cap/local/router-media/run-10/1',
    );
    expect(within(box).getByText('A Router run')).toBeTruthy();
    expect(within(box).getByText('4.5')).toBeTruthy();
  });

  it('a video tile with no thumbnail draws its first frame from the original, hands it to main and shows it', async () => {
    const { host } = renderLibrary(library);
    const video = (await tiles()).find((tile) => tile.getAttribute('aria-label') === 'a copper teapot');
    if (video === undefined) throw new Error('no video tile');
    await waitFor(() => expect(within(video).getByTestId('video-poster')).toBeTruthy());
    // A Router entry's original is its saved file, on the route's router-media path.
    expect(drawn.urls).toEqual(['/asset-bytes/cap/local/router-media/run-9/0']);
    expect(lastCall(host, 'library.putPoster')).toEqual({ entryId: 7, webp: btoa('RIFFwebp') });
    expect(within(video).getByTestId('video-poster').getAttribute('src')).toBe(
      '/asset-bytes/cap/local/thumbs/router%3Arun-9%3A0?attempt=1',
    );
    // Pictures are not drawn by the window.
    expect(host.calls.filter((call) => call.name === 'library.putPoster')).toHaveLength(1);

    // Main says the thumbnail is ready: the tile keeps the picture it shows (the same element, the same
    // address), so it is neither fetched a second time nor blanked while a new one loads.
    const shown = within(video).getByTestId('video-poster');
    const searches = host.calls.filter((call) => call.name === 'library.search').length;
    host.emit('library.changes', { kind: 'updated', count: 1, backlog: 0 });
    await waitFor(
      () =>
        expect(host.calls.filter((call) => call.name === 'library.search').length).toBeGreaterThan(searches),
      { timeout: 5_000 },
    );
    const again = (await tiles()).find((tile) => tile.getAttribute('aria-label') === 'a copper teapot');
    await waitFor(() =>
      expect(again?.querySelector('[data-thumb]')?.getAttribute('data-thumb')).toBe('ready'),
    );
    expect(again && within(again).getByTestId('video-poster')).toBe(shown);
    expect(shown.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/router%3Arun-9%3A0?attempt=1');
    expect(drawn.urls).toHaveLength(1);
  });
});
