// Keyboard, selection and bulk over a fake library: rating keys on the focused tile and on a selection,
// x rejects, shift-click ranges, select all results, bulk tags, the lightbox's keys, keep all expiring, and
// export's answer in the browser shell.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const idOf = (tile: HTMLElement | undefined) => Number(tile?.dataset.entryId);

describe('keyboard on the grid', () => {
  it('rates the focused tile with 1–5 and clears with 0, after arrows moved the focus', async () => {
    const { host } = renderLibrary(library);
    const [first, second] = await tiles();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(second));
    fireEvent.keyDown(second as HTMLElement, { key: '4' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toEqual({ entryIds: [299], rating: 4 }));
    // The refetch shows main's truth on the tile.
    await waitFor(() =>
      expect(
        within(second as HTMLElement)
          .getByRole('group')
          .getAttribute('aria-label'),
      ).toContain('4 of 5'),
    );
    fireEvent.keyDown(second as HTMLElement, { key: '0' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toEqual({ entryIds: [299], rating: 0 }));
  });

  it('x rejects the focused tile, which then leaves the results (rejected are hidden)', async () => {
    const { host } = renderLibrary(library);
    const [first] = await tiles();
    fireEvent.click(first as HTMLElement);
    fireEvent.keyDown(first as HTMLElement, { key: 'x' });
    await waitFor(() =>
      expect(lastCall(host, 'library.reject')).toEqual({ entryIds: [300], rejected: true }),
    );
    await waitFor(() => expect(screen.getByTestId('library-total').textContent).toContain('299 entries'));
  });

  it('shift-click selects a range, and a rating key rates every selected entry', async () => {
    const { host } = renderLibrary(library);
    const shown = await tiles();
    fireEvent.click(shown[1] as HTMLElement);
    fireEvent.click(shown[4] as HTMLElement, { shiftKey: true });
    const selected = shown.filter((tile) => tile.getAttribute('aria-selected') === 'true');
    expect(selected.map(idOf)).toEqual([299, 298, 297, 296]);
    expect(screen.getByTestId('selection-count').textContent).toBe('4 selected');
    fireEvent.click(shown[6] as HTMLElement, { ctrlKey: true });
    expect(screen.getByTestId('selection-count').textContent).toBe('5 selected');
    fireEvent.keyDown(shown[6] as HTMLElement, { key: '5' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toMatchObject({ rating: 5 }));
    const { entryIds } = lastCall(host, 'library.rate') as { entryIds: number[] };
    expect([...entryIds].sort()).toEqual([294, 296, 297, 298, 299]);
    fireEvent.keyDown(shown[6] as HTMLElement, { key: 'Escape' });
    expect(screen.getByTestId('selection-count').textContent).toBe('Nothing selected');
  });

  it('Space toggles the focused tile into the selection', async () => {
    renderLibrary(library);
    const [first] = await tiles();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    fireEvent.keyDown(first as HTMLElement, { key: ' ' });
    expect(screen.getByTestId('selection-count').textContent).toBe('1 selected');
  });

  it('"Select all N results" acts on every match, loaded or not', async () => {
    const { host } = renderLibrary(library);
    const [first] = await tiles();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 300 results' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('300 selected');
    fireEvent.keyDown(first as HTMLElement, { key: '2' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toMatchObject({ rating: 2 }));
    expect((lastCall(host, 'library.rate') as { entryIds: number[] }).entryIds).toHaveLength(300);
  });
});

describe('bulk actions', () => {
  it('adds and removes free tags on the selection', async () => {
    const { host } = renderLibrary(library);
    const shown = await tiles();
    fireEvent.click(shown[0] as HTMLElement);
    fireEvent.click(shown[1] as HTMLElement, { shiftKey: true });
    const bar = screen.getByRole('toolbar', { name: 'Selection' });
    fireEvent.change(within(bar).getByLabelText('Tags for the selection'), {
      target: { value: 'keeper, sky' },
    });
    fireEvent.click(within(bar).getByRole('button', { name: 'Add tags' }));
    await waitFor(() =>
      expect(lastCall(host, 'library.tag')).toEqual({ entryIds: [300, 299], add: ['keeper', 'sky'] }),
    );
    expect(library.entries.find((e) => e.entryId === 300)?.tags).toEqual(['keeper', 'sky']);
    // The new tag is a facet now.
    const filters = screen.getByRole('region', { name: 'Filters' });
    expect(await within(filters).findByRole('checkbox', { name: /keeper/ })).toBeTruthy();
    fireEvent.change(within(bar).getByLabelText('Tags for the selection'), { target: { value: 'sky' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Remove tags' }));
    await waitFor(() =>
      expect(lastCall(host, 'library.tag')).toEqual({ entryIds: [300, 299], remove: ['sky'] }),
    );
  });

  it('says what export answered in the browser shell', async () => {
    renderLibrary(library);
    const [first] = await tiles();
    fireEvent.click(first as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    expect((await screen.findByTestId('library-notice')).textContent).toContain(
      'Export saves files from the desktop app.',
    );
  });

  it('keeps every expiring entry in one click', async () => {
    const { host } = renderLibrary(library);
    await tiles();
    expect((await screen.findByTestId('expiring-count')).textContent).toContain('6 not kept');
    fireEvent.click(screen.getByRole('button', { name: 'Keep all expiring' }));
    await waitFor(() => expect(lastCall(host, 'library.keepMatching')).toEqual({ expiringSoon: true }));
    await waitFor(() =>
      expect(screen.getByTestId('expiring-count').textContent).toContain('Nothing expires within 3 days.'),
    );
  });
});

describe('the lightbox', () => {
  it('opens on Enter with what made the entry, steps with arrows, and rates the shown entry', async () => {
    const { host } = renderLibrary(library);
    const [first] = await tiles();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowRight' });
    fireEvent.keyDown(first as HTMLElement, { key: 'Enter' });
    const box = await screen.findByTestId('library-lightbox');
    expect((await within(box).findAllByTestId('entry-prompt'))[0]?.textContent).toBe(
      'city street at night, detailed',
    );
    // Keys go to what has the focus inside the lightbox (its first control), as in the app.
    const inside = () => document.activeElement as HTMLElement;
    expect(box.contains(inside())).toBe(true);
    fireEvent.keyDown(inside(), { key: 'ArrowRight' });
    await waitFor(() => expect(within(box).getByRole('heading').textContent).toContain('#298'));
    expect((await within(box).findByTestId('lightbox-picture')).getAttribute('src')).toBe(
      '/asset-bytes/cap/local/asset-298',
    );
    fireEvent.keyDown(inside(), { key: '3' });
    await waitFor(() => expect(lastCall(host, 'library.rate')).toEqual({ entryIds: [298], rating: 3 }));
    fireEvent.keyDown(inside(), { key: 'x' });
    await waitFor(() =>
      expect(lastCall(host, 'library.reject')).toEqual({ entryIds: [298], rejected: true }),
    );
  });

  it('keeps, tags and exports the shown entry from its own buttons, and a tag typed there is not a shortcut', async () => {
    const { host } = renderLibrary(library);
    const [first] = await tiles();
    fireEvent.doubleClick(first as HTMLElement);
    const box = await screen.findByTestId('library-lightbox');
    const mine = within(box).getByRole('region', { name: 'This entry' });

    fireEvent.click(within(mine).getByRole('button', { name: 'Keep on this computer' }));
    await waitFor(() => expect(lastCall(host, 'library.keep')).toEqual({ entryIds: [300] }));
    // Main's answer shows: the entry is kept, and the same button now stops keeping it.
    fireEvent.click(await within(mine).findByRole('button', { name: 'Stop keeping' }));
    await waitFor(() => expect(lastCall(host, 'library.unkeep')).toEqual({ entryIds: [300] }));
    await within(mine).findByRole('button', { name: 'Keep on this computer' });

    // Typing a tag: "x" and "4" are letters of it, not a reject and a rating.
    const field = within(mine).getByRole('textbox', { name: 'Add tags to this entry' });
    field.focus();
    fireEvent.keyDown(field, { key: 'x' });
    fireEvent.keyDown(field, { key: '4' });
    fireEvent.change(field, { target: { value: 'x4 keeper, night' } });
    fireEvent.submit(field);
    await waitFor(() =>
      expect(lastCall(host, 'library.tag')).toEqual({ entryIds: [300], add: ['x4 keeper', 'night'] }),
    );
    expect(lastCall(host, 'library.rate')).toBeUndefined();
    expect(lastCall(host, 'library.reject')).toBeUndefined();
    const tags = within(mine).getByRole('list', { name: 'Tags' });
    await waitFor(() =>
      expect(
        within(tags)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['x4 keeper×', 'night×', 'Add']),
    );
    expect((field as HTMLInputElement).value).toBe('');

    fireEvent.click(within(tags).getByRole('button', { name: 'Remove the tag night' }));
    await waitFor(() =>
      expect(lastCall(host, 'library.tag')).toEqual({ entryIds: [300], remove: ['night'] }),
    );
    await waitFor(() =>
      expect(within(tags).queryByRole('button', { name: 'Remove the tag night' })).toBeNull(),
    );

    // A tag the contract refuses is said beside the field, and nothing is sent.
    const sent = host.calls.filter((call) => call.name === 'library.tag').length;
    fireEvent.change(field, { target: { value: '#bad' } });
    expect(within(mine).getByRole('alert').textContent).toContain('“#bad”');
    expect(within(mine).getByRole('button', { name: 'Add' })).toHaveProperty('disabled', true);
    fireEvent.submit(field);
    expect(host.calls.filter((call) => call.name === 'library.tag')).toHaveLength(sent);

    fireEvent.click(within(mine).getByRole('button', { name: 'Export…' }));
    await waitFor(() => expect(lastCall(host, 'library.export')).toEqual({ entryIds: [300] }));
    fireEvent.click(within(mine).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(lastCall(host, 'library.reject')).toEqual({ entryIds: [300], rejected: true }),
    );
  });
});
