// The inputs picker on New batch: the assets Loupe knows, searched, read page by page, chosen with the mouse
// or the keyboard in an order that becomes the items' order; and what it says when there are none or the list
// cannot be read.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/reports';
import {
  bindButton,
  idOf,
  inputsHost,
  lastPlan,
  MANY_STEPS,
  openPicker,
  option,
  pickedCount,
  pickerOnLoadImage,
  planWithLoadImage,
  shownRows,
} from './testing/inputsKit';
import { typeInto, withNewBatchLayout } from './testing/renderNewBatch';

withNewBatchLayout();

describe('New batch: the inputs picker', () => {
  it(
    'search narrows the list; what was picked stays picked, and the next pick goes after it',
    async () => {
      const { host, dialog } = await pickerOnLoadImage();
      fireEvent.click(option('lighthouse.png'));
      typeInto(within(dialog).getByRole('searchbox'), 'dune');
      await waitFor(() => expect(shownRows()).toEqual(['dune.png']));
      expect(host.callsOf('assets.list').at(-1)?.args).toEqual({
        profileId: 'local',
        search: 'dune',
        cursor: null,
        limit: 100,
      });
      expect(pickedCount()).toBe('1 asset selected');
      fireEvent.click(option('dune.png'));

      typeInto(within(dialog).getByRole('searchbox'), 'no such file');
      expect(await within(dialog).findByText(/No asset Loupe knows matches “no such file”/)).toBeTruthy();
      fireEvent.keyDown(within(dialog).getByRole('searchbox'), { key: 'Escape' });
      await waitFor(() => expect(shownRows()).toHaveLength(5));
      // Esc in the search box cleared it; the picker is still open.
      expect(screen.getByRole('dialog')).toBe(dialog);
      expect(shownRows().filter((row) => row.includes('#'))).toEqual(['dune.png #2', 'lighthouse.png #1']);
      fireEvent.click(bindButton());
      await waitFor(() =>
        expect(lastPlan(host)?.axes).toEqual([
          { kind: 'inputs', target: '10.image', assetIds: [idOf('lighthouse.png'), idOf('dune.png')] },
        ]),
      );
    },
    MANY_STEPS,
  );

  it(
    'is worked with the keyboard: ↓ into the list, Space, Shift+↓, Shift+Space, Ctrl+A, Enter',
    async () => {
      const { host, dialog } = await pickerOnLoadImage();
      const search = within(dialog).getByRole('searchbox');
      fireEvent.keyDown(search, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(option('kite.png'));
      const list = () => screen.getByRole('listbox', { name: 'Assets' });

      fireEvent.keyDown(list(), { key: ' ' });
      fireEvent.keyDown(list(), { key: 'ArrowDown', shiftKey: true });
      expect(document.activeElement).toBe(option('dune.png'));
      expect(shownRows()).toEqual([
        'kite.png #1',
        'dune.png #2',
        'harbour.png',
        'lighthouse.png',
        'notes.txt',
      ]);

      // Space on a chosen row lets it go; the others close up.
      fireEvent.keyDown(list(), { key: 'ArrowUp' });
      fireEvent.keyDown(list(), { key: ' ' });
      expect(shownRows()).toEqual(['kite.png', 'dune.png #1', 'harbour.png', 'lighthouse.png', 'notes.txt']);

      // Shift+Space takes the range from the last row toggled (kite) to the focused one, in list order.
      fireEvent.keyDown(list(), { key: 'End' });
      expect(document.activeElement).toBe(option('notes.txt'));
      fireEvent.keyDown(list(), { key: 'ArrowUp' });
      fireEvent.keyDown(list(), { key: ' ', shiftKey: true });
      expect(shownRows()).toEqual([
        'kite.png #2',
        'dune.png #1',
        'harbour.png #3',
        'lighthouse.png #4',
        'notes.txt',
      ]);

      // Ctrl+A: all shown; again: none.
      fireEvent.keyDown(list(), { key: 'a', ctrlKey: true });
      expect(pickedCount()).toBe('5 assets selected');
      fireEvent.keyDown(list(), { key: 'a', ctrlKey: true });
      expect(pickedCount()).toBe('0 assets selected');

      // A click and a Shift-click take a range too; Enter binds.
      fireEvent.click(option('harbour.png'));
      fireEvent.click(option('kite.png'), { shiftKey: true });
      expect(shownRows()).toEqual([
        'kite.png #2',
        'dune.png #3',
        'harbour.png #1',
        'lighthouse.png',
        'notes.txt',
      ]);
      fireEvent.keyDown(list(), { key: 'Enter' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() =>
        expect(lastPlan(host)?.axes).toEqual([
          {
            kind: 'inputs',
            target: '10.image',
            assetIds: [idOf('harbour.png'), idOf('kite.png'), idOf('dune.png')],
          },
        ]),
      );
    },
    MANY_STEPS,
  );

  it('with no assets yet, says so and how to get some; nothing can be bound', async () => {
    const host = inputsHost({ assets: [] });
    await planWithLoadImage(host.loupe);
    const dialog = await openPicker();
    const empty = await within(dialog).findByTestId('picker-empty');
    expect(empty.textContent).toContain('No assets yet');
    expect(empty.textContent).toContain('Upload some in Assets, or here');
    expect(within(dialog).getByRole('button', { name: 'Upload files…' })).toBeTruthy();
    expect(bindButton().disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('inputs-axis')).toBeNull();
  });

  it('a list that cannot be read says why and what to do, and reads again on Try again', async () => {
    let fail = true;
    const host = inputsHost({
      overrides: {
        'assets.list': () =>
          fail
            ? { ok: false, error: { code: 'network', message: 'Nothing answered at 127.0.0.1:8189.' } }
            : ok({ assets: [], nextCursor: null, total: 0 }),
      },
    });
    await planWithLoadImage(host.loupe);
    const dialog = await openPicker();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not list the assets it knows: Nothing answered');
    expect(alert.textContent).toContain('Check that the service is running and reachable');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('picker-empty')).toBeTruthy();
  });

  it('shows more assets page by page', async () => {
    const { host, dialog } = await pickerOnLoadImage({ pageSize: 2 });
    expect(shownRows()).toEqual(['kite.png', 'dune.png']);
    expect(within(dialog).getByText(/5 assets · 2 shown/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(shownRows()).toHaveLength(4));
    expect(host.callsOf('assets.list').at(-1)?.args).toEqual({ profileId: 'local', cursor: '2', limit: 100 });
  });
});
