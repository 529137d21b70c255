// The library's search box puts a search in force at the keystroke, one search at a time (the latest text
// typed while one is on its way goes when it answers), and a search seen before is not read again.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LibrarySearchArgs } from '../../../../src-shared/contract';
import { fakeLayout } from '../../../test/fakeLayout';
import { resetUiState } from '../../../test/resetUiState';
import type { fakeHost } from '../../../test/fakeHost';
import { useLibraryUi } from '../libraryUiStore';
import { fakeLibrary, resetLibraryState, type FakeLibrary } from '../testing/fakeLibrary';
import { renderLibrary, tiles } from '../testing/renderLibrary';

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
const type = (text: string) => fireEvent.change(searchBox(), { target: { value: text } });

/** library.search answers as usual; `hold()` stops every answer until the function it returns is called. */
function holdableSearches(): { hold: () => () => void } {
  const answer = library.answers['library.search'];
  if (answer === undefined) throw new Error('the fake library answers library.search');
  let held: Promise<void> = Promise.resolve();
  library.answers['library.search'] = async (args) => {
    await held;
    return answer(args);
  };
  return {
    hold: () => {
      let release: () => void = () => undefined;
      held = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

/** The queries library.search was asked, in order ('' for the whole library). */
function searched(host: ReturnType<typeof fakeHost>): string[] {
  return host.calls
    .filter((call) => call.name === 'library.search')
    .map((call) => (call.args as LibrarySearchArgs).query ?? '');
}

describe('the library search box', () => {
  it('sends at the keystroke, and while a search is on its way only the latest text, when it answers', async () => {
    const searches = holdableSearches();
    const { host } = renderLibrary(library);
    await tiles();
    const release = searches.hold();
    // Typed faster than any pause a debounce would wait for: the first key is searched at once anyway.
    type('l');
    type('li');
    type('lig');
    type('ligh');
    await waitFor(() => expect(searched(host)).toContain('l'));
    await act(async () => {
      await Promise.resolve();
    });
    expect(searched(host).filter((query) => query.startsWith('l'))).toEqual(['l']);
    release();
    await waitFor(() => expect(searched(host).at(-1)).toBe('ligh'));
    expect(searched(host)).not.toContain('li');
    expect(searched(host)).not.toContain('lig');
  });

  it('puts the text that waited in force as the answer lands, not after the page has drawn that answer', async () => {
    const searches = holdableSearches();
    const { host, client } = renderLibrary(library);
    await tiles();
    /** The search in force when the query cache said the answer to 'zebra' had come (before React drew it). */
    let inForceAtAnswer: string | null = null;
    const stop = client.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey as readonly unknown[];
      const args = key[2] as { query?: string } | undefined;
      if (event.type === 'updated' && event.action.type === 'success' && args?.query === 'zebra')
        inForceAtAnswer = useLibraryUi.getState().query;
    });
    const release = searches.hold();
    type('zebra');
    type('zebras');
    await waitFor(() => expect(searched(host)).toContain('zebra'));
    release();
    await waitFor(() => expect(searched(host).at(-1)).toBe('zebras'));
    stop();
    expect(inForceAtAnswer).toBe('zebras');
  });

  it('sends the search before the page draws the new query, and the grid takes that search as its own', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    /** Whether 'harbor' had been sent when the page was told to draw it. */
    let sentWhenInForce: boolean | null = null;
    const stop = useLibraryUi.subscribe((state) => {
      if (state.query === 'harbor' && sentWhenInForce === null)
        sentWhenInForce = searched(host).includes('harbor');
    });
    type('harbor');
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    stop();
    // Sent before the page drew 'harbor': the grid's render of it did not hold the search back.
    expect(sentWhenInForce).toBe(true);
    // One search for it: the grid's query found it on its way and sent none of its own.
    expect(searched(host).filter((query) => query === 'harbor')).toHaveLength(1);
  });

  it('does not draw an answer that came after newer text was sent: the grid goes from what it drew to the newest', async () => {
    const searches = holdableSearches();
    renderLibrary(library);
    const firstTile = async (): Promise<string | undefined> => (await tiles())[0]?.id;
    const before = await firstTile();
    const releaseRed = searches.hold();
    type('red');
    type('fog');
    // 'fog' waits for 'red', and when 'red' answers, 'fog' is sent and held in its turn.
    const releaseFog = searches.hold();
    releaseRed();
    await waitFor(() => expect(useLibraryUi.getState().query).toBe('fog'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // 'red' answered, but 'fog' was already on its way: the grid still shows what it drew before.
    expect(await firstTile()).toBe(before);
    releaseFog();
    // 'fog' (a forest path in fog, every fourth entry from 298 down) replaces it.
    await waitFor(async () => expect(await firstTile()).toBe('library-entry-298'));
    expect(before).not.toBe('library-entry-298');
  });

  it('shows a search seen before again without reading it again (Esc back to everything)', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    const before = searched(host).filter((query) => query === '').length;
    type('zebra');
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(await tiles()).not.toHaveLength(0);
    expect((searchBox() as HTMLInputElement).value).toBe('');
    expect(searched(host).filter((query) => query === '')).toHaveLength(before);
  });
});
