// Inputs axes on New batch: uploaded files bound to a LoadImage input, chosen in the picker, shown as a row
// the preview multiplies by, sent in the order picked to batches.plan and batches.start, edited and removed.
// (The picker's own search, paging and keys: NewBatchInputsPicker.test.tsx.)
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchPlanArgs } from '../../../../src-shared/contract';
import { ok } from '../../../test/reports';
import { fakePlan } from './testing/fakePlanner';
import {
  bindButton,
  idOf,
  inputsHost,
  lastPlan,
  MANY_STEPS,
  option,
  pickedCount,
  pickerOnLoadImage,
  pickerWithList,
  planWithLoadImage,
  shownRows,
} from './testing/inputsKit';
import { startButton, sweepFields, typeInto, withNewBatchLayout } from './testing/renderNewBatch';

withNewBatchLayout();

describe('New batch: files bound to an input', () => {
  it(
    'binds the picked assets to the LoadImage input and sends them in the order picked',
    async () => {
      const { host, dialog } = await pickerOnLoadImage();
      // The input that takes a file is the first guess; the focus starts in the search box.
      expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Bind to input' }).value).toBe(
        '10.image',
      );
      expect(document.activeElement).toBe(
        within(dialog).getByRole('searchbox', { name: 'Search assets by name, id or hash' }),
      );
      // Pictures come from the asset route, as the Assets screen shows them: the library's small thumbnail,
      // and the picture itself when there is none yet.
      await waitFor(() =>
        expect(dialog.querySelector('img')?.getAttribute('src')).toBe(
          '/asset-bytes/cap/local/thumbs/a1b2c3d4e5f6',
        ),
      );
      fireEvent.error(dialog.querySelector('img')!);
      expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/asset-bytes/cap/local/a1b2c3d4e5f6');
      expect(bindButton().disabled).toBe(true);

      // Harbour first, then kite: the list's order is not the items' order.
      fireEvent.click(option('harbour.png'));
      fireEvent.click(option('kite.png'));
      expect(option('harbour.png').getAttribute('aria-selected')).toBe('true');
      expect(shownRows()).toEqual([
        'kite.png #2',
        'dune.png',
        'harbour.png #1',
        'lighthouse.png',
        'notes.txt',
      ]);
      expect(pickedCount()).toBe('2 assets selected');
      fireEvent.click(bindButton());
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

      const row = screen.getByTestId('inputs-axis');
      expect(within(row).getByTestId('inputs-target').textContent).toBe('10.image');
      expect(within(row).getByTestId('inputs-count').textContent).toBe('2 assets');
      const axis = { kind: 'inputs', target: '10.image', assetIds: [idOf('harbour.png'), idOf('kite.png')] };
      await waitFor(() => expect(lastPlan(host)?.axes).toEqual([axis]));

      // With a sweep beside it the count multiplies; the column shows each item's asset as the sheet does.
      fireEvent.click(screen.getByRole('button', { name: '+ Add a sweep' }));
      typeInto(sweepFields()[0]!, '3.seed=1..3');
      await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('6 items'));
      expect(lastPlan(host)?.axes).toEqual([{ kind: 'sweep', text: '3.seed=1..3' }, axis]);
      const columns = screen.getAllByTestId('plan-column').map((column) => column.textContent);
      expect(columns).toEqual(['3.seed3 values', '10.image2 assets']);
      const cells = [...screen.getByTestId('plan-items').querySelectorAll('td[data-target="10.image"]')];
      expect(cells.slice(0, 2).map((cell) => cell.textContent)).toEqual(['asset c3d4e5f6', 'asset a1b2c3d4']);
      expect(cells[0]!.getAttribute('title')).toBe(`asset ${idOf('harbour.png')}`);

      fireEvent.click(startButton());
      await waitFor(() => expect(host.callsOf('batches.start')).toHaveLength(1));
      const started = host.callsOf('batches.start')[0]!.args as BatchPlanArgs;
      expect(started.axes).toEqual([{ kind: 'sweep', text: '3.seed=1..3' }, axis]);
    },
    MANY_STEPS,
  );

  it(
    'edits and removes an axis; Cancel and Esc change nothing',
    async () => {
      const { host } = await pickerOnLoadImage();
      fireEvent.click(option('kite.png'));
      fireEvent.click(option('dune.png'));
      fireEvent.click(bindButton());
      await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('2 items'));

      // Edit opens on the axis as it is; Esc leaves it so. (A click focuses the button, as a real one does.)
      screen.getByRole('button', { name: 'Edit files 1' }).focus();
      fireEvent.click(screen.getByRole('button', { name: 'Edit files 1' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit the bound files' });
      await within(edit).findByRole('listbox');
      expect(shownRows().filter((row) => row.includes('#'))).toEqual(['kite.png #1', 'dune.png #2']);
      fireEvent.click(option('kite.png'));
      fireEvent.keyDown(edit, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('inputs-count').textContent).toBe('2 assets');
      // The focus is back on the button that opened it.
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit files 1' }));

      fireEvent.click(screen.getByRole('button', { name: 'Edit files 1' }));
      await within(await screen.findByRole('dialog')).findByRole('listbox');
      fireEvent.click(option('kite.png'));
      fireEvent.click(option('harbour.png'));
      fireEvent.click(option('lighthouse.png'));
      fireEvent.click(bindButton());
      await waitFor(() => expect(screen.getByTestId('inputs-count').textContent).toBe('3 assets'));
      await waitFor(() =>
        expect(lastPlan(host)?.axes).toEqual([
          {
            kind: 'inputs',
            target: '10.image',
            assetIds: [idOf('dune.png'), idOf('harbour.png'), idOf('lighthouse.png')],
          },
        ]),
      );
      expect(screen.getByTestId('plan-count').textContent).toBe('3 items');

      fireEvent.click(screen.getByRole('button', { name: 'Remove files 1' }));
      expect(screen.queryByTestId('inputs-axis')).toBeNull();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '+ Add inputs…' }));
      // The plan without it may come from the cache (it was asked before the axis was added): the screen says.
      await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('1 item'));
      expect(screen.queryAllByTestId('plan-column')).toHaveLength(0);
    },
    MANY_STEPS,
  );

  it('a click on the LoadImage input in the node list opens the picker bound there', async () => {
    const host = inputsHost();
    await planWithLoadImage(host.loupe);
    const nodes = screen.getByRole('list', { name: 'Workflow nodes' });
    // The sampler's seed is still a sweep; the file name input binds files.
    expect(within(nodes).getByRole('button', { name: 'Vary 3.seed (now 42)' })).toBeTruthy();
    fireEvent.click(
      within(nodes).getByRole('button', { name: 'Bind files to 10.image (now "example.png")' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bind files to an input' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox').value).toBe('10.image');
    expect(sweepFields()).toHaveLength(0);
  });

  it('shows a refusal that names the axis beside its row', async () => {
    const host = inputsHost({
      plan: (raw) => {
        const args = raw as BatchPlanArgs;
        return args.axes.some((axis) => axis.kind === 'inputs' && axis.target === '6.text')
          ? {
              ok: false,
              error: {
                code: 'invalid_batch_plan',
                message: '6.text takes text, not a file.',
                details: { part: 'inputs', source: '6.text=1 asset', target: '6.text' },
              },
            }
          : ok(fakePlan(args));
      },
    });
    await planWithLoadImage(host.loupe);
    const dialog = await pickerWithList();
    fireEvent.change(within(dialog).getByRole('combobox'), { target: { value: '6.text' } });
    fireEvent.click(option('kite.png'));
    fireEvent.click(bindButton());
    const row = await screen.findByTestId('inputs-axis');
    await waitFor(() =>
      expect(within(row).getByRole('alert').textContent).toContain('takes text, not a file'),
    );
    expect(screen.getByTestId('plan-error').textContent).toContain('beside the files it names');
    await act(() => Promise.resolve());
    expect(startButton().disabled).toBe(true);
  });
});
