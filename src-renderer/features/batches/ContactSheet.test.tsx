// The contact sheet in the open batch, over the fake host: the batch's items laid out on the axes read back
// from their values, X/Y/page chosen in the toolbar (and kept per batch), each cell a picture or the item's
// state in words, at the size chosen; and no sheet at all for a batch without values.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { useBatchesUi } from './batchesUiStore';
import {
  CFGS,
  cell,
  cells,
  headers,
  imageSources,
  openBatch,
  PROMPTS,
  SEEDS,
  select,
  sheet,
  showSheet,
} from './testing/contactSheetScreen';
import { batchDetail, fakeBatchesHost } from './testing/fakeBatches';
import {
  SUCCEEDED,
  sweepBatch,
  sweptImageUrl,
  sweptItem,
  sweptOriginalUrl,
  type SweptState,
} from './testing/fakeContactSheet';
import { renderBatches, resetBatchesUi } from './testing/renderBatches';
import { DUNES, kites, SAMPLE_JOBS } from './testing/sampleBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

describe('the contact sheet', () => {
  it('lays the items out on the axes their values name, each cell its item’s picture', async () => {
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    expect(screen.getByRole('tab', { name: 'Contact sheet' }).getAttribute('aria-selected')).toBe('true');
    // Seeds across, cfgs down: the first two axes; the corner names them.
    expect(headers(grid, 'columnheader')).toEqual(['3.seed →3.cfg ↓', '1', '2', '3']);
    expect(headers(grid, 'rowheader')).toEqual(['5', '7.5']);
    // Row by row: the planner made seed 1 cfg 5 item 0, seed 1 cfg 7.5 item 1, seed 2 cfg 5 item 2, ...
    expect(imageSources(grid)).toEqual([0, 2, 4, 1, 3, 5].map((position) => sweptImageUrl('grid', position)));
    const image = within(cell(grid, 4)).getByRole('img', { name: '3.seed 2 · 3.cfg 7.5' });
    // Sized before it loads, fetched only near the screen, decoded off the main thread, fitted whole.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['144', '144']);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.className).toContain('object-contain');
    expect(screen.getByTestId('contact-sheet-summary').textContent).toBe('3 × 2 · 6 pictures');
    // The items table gives the sheet room: its rows are pictures, and every item is in it anyway.
    expect(screen.getByTestId('batch-items-pane').className).toContain('max-h-[20%]');
    // The gallery is one click away, as before, with the items table at its usual height.
    fireEvent.click(screen.getByRole('tab', { name: /Gallery/ }));
    expect(await screen.findAllByTestId('gallery-tile')).toHaveLength(6);
    expect(screen.queryByRole('grid', { name: 'Contact sheet' })).toBeNull();
    expect(screen.getByTestId('batch-items-pane').className).toContain('max-h-[35%]');
    expect(useBatchesUi.getState().outputsView).toBe('gallery');
  });

  it('lays the page out again when X or Y changes, and holds any other axis at a value', async () => {
    await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    fireEvent.change(select('X axis'), { target: { value: '1' } });
    // cfg across now; seed, which was across, goes down.
    expect(headers(sheet(), 'columnheader').slice(1)).toEqual(['5', '7.5']);
    expect(headers(sheet(), 'rowheader')).toEqual(['1', '2', '3']);
    expect(imageSources(sheet())).toEqual(
      [0, 1, 2, 3, 4, 5].map((position) => sweptImageUrl('grid', position)),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Swap X and Y' }));
    expect(headers(sheet(), 'columnheader').slice(1)).toEqual(['1', '2', '3']);

    // No Y: one row, and cfg becomes a filter held at its first value.
    fireEvent.change(select('Y axis'), { target: { value: 'none' } });
    expect(headers(sheet(), 'rowheader')).toEqual(['']);
    expect((select('3.cfg') as HTMLSelectElement).value).toBe('0');
    expect(imageSources(sheet())).toEqual([0, 2, 4].map((position) => sweptImageUrl('grid', position)));
    fireEvent.change(select('3.cfg'), { target: { value: '1' } });
    expect(imageSources(sheet())).toEqual([1, 3, 5].map((position) => sweptImageUrl('grid', position)));
  });

  it('shows one page of a third axis at a time, and keeps each batch’s choice while another is open', async () => {
    const other = sweepBatch('other', [SEEDS], undefined, { createdAt: '2025-01-01T10:00:00.000Z' });
    const { grid } = await showSheet(sweepBatch('three', [SEEDS, CFGS, PROMPTS]), other);
    expect(screen.queryByRole('combobox', { name: '3.seed' })).toBeNull();
    const prompt = select('6.text') as HTMLSelectElement;
    // Long values are cut in the select as in the headers.
    expect([...prompt.options].map((option) => option.textContent)).toEqual([
      'a kite over the dunes at dus…',
      'a dune',
    ]);
    // The kites' page: items with an even position.
    expect(imageSources(grid)).toEqual(
      [0, 4, 8, 2, 6, 10].map((position) => sweptImageUrl('three', position)),
    );
    fireEvent.change(prompt, { target: { value: '1' } });
    expect(imageSources(sheet())).toEqual(
      [1, 5, 9, 3, 7, 11].map((position) => sweptImageUrl('three', position)),
    );
    fireEvent.change(select('X axis'), { target: { value: '1' } });

    // Away to another batch (its own default layout) and back: this one's page and axes are as left.
    await openBatch('other');
    const otherGrid = await screen.findByRole('grid', { name: 'Contact sheet' });
    expect(headers(otherGrid, 'columnheader')).toEqual(['3.seed →', '1', '2', '3']);
    await openBatch('three');
    const again = await screen.findByRole('grid', { name: 'Contact sheet' });
    expect((select('6.text') as HTMLSelectElement).value).toBe('1');
    expect((select('X axis') as HTMLSelectElement).value).toBe('1');
    expect(headers(again, 'columnheader').slice(1)).toEqual(['5', '7.5']);
    expect(useBatchesUi.getState().sheetChoices.get('three')).toMatchObject({ x: '3.cfg', y: '3.seed' });
  });

  it('shows each item’s state in words while it has no picture, and nothing where no item is', async () => {
    const states: SweptState[] = [
      SUCCEEDED,
      { job: { status: 'running', progress: 0.4 } },
      { job: { status: 'queued', queuePosition: 2 } },
      {
        job: {
          status: 'failed',
          errorMessage: 'CUDA out of memory while sampling (tried to allocate 2 GiB)',
        },
      },
      { submission: 'pending' },
      { submission: 'failed', submitError: 'The service queue is full.' },
      { job: { status: 'running', progress: 0.7 }, image: true },
    ];
    // Seven seeds at cfg 5, in these states; at cfg 7 only seed 1 was planned, so the rest of that row is empty.
    const made = [
      ...states.map((state, index) =>
        sweptItem(
          'states',
          index,
          [
            { target: '3.seed', value: index + 1 },
            { target: '3.cfg', value: 5 },
          ],
          state,
        ),
      ),
      sweptItem(
        'states',
        7,
        [
          { target: '3.seed', value: 1 },
          { target: '3.cfg', value: 7 },
        ],
        SUCCEEDED,
      ),
    ];
    const batch = batchDetail({
      id: 'states',
      items: made.map((entry) => entry.item),
      outputs: made.flatMap((entry) => entry.outputs),
    });
    const { grid } = await showSheet(batch);
    const shown = cells(grid).map((element) => [
      element.dataset.kind,
      element.dataset.state,
      element.textContent,
    ]);
    expect(shown.slice(0, 6)).toEqual([
      ['image', 'succeeded', ''],
      ['state', 'running', 'Running 40%'],
      ['state', 'queued', 'Queued · 2 ahead'],
      ['state', 'failed', 'FailedCUDA out of memory while sampling (tried to allocate 2 GiB)'],
      ['state', 'pending', 'Not sent'],
      ['state', 'failed', 'RefusedThe service queue is full.'],
    ]);
    expect(within(cell(grid, 1)).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(cell(grid, 3).querySelector('.text-state-failed')?.textContent).toBe('Failed');
    expect(cell(grid, 4).className).toContain('border-dashed');
    // A picture from a job still running carries the job's state as a dot.
    expect(cell(grid, 6).dataset.kind).toBe('image');
    expect(within(cell(grid, 6)).getByTestId('cell-state-dot').title).toBe('Running 70%');
    expect(shown.slice(7).map(([kind]) => kind)).toEqual(['image', ...Array<string>(6).fill('empty')]);
    expect(cell(grid, 8).getAttribute('aria-label')).toBe('3.seed 2 · 3.cfg 7: no item');
    expect(screen.getByTestId('contact-sheet-summary').textContent).toBe('7 × 2 · 3 pictures');
  });

  it('says Gone for a job the service forgot, not Unknown, with why on hover', async () => {
    const gone: SweptState = {
      job: { status: 'unknown', rawStatus: 'running', goneAt: '2026-11-30T03:00:00.000Z' },
    };
    const made = [gone, { job: { status: 'unknown' } } satisfies SweptState].map((state, index) =>
      sweptItem('forgot', index, [{ target: '3.seed', value: index + 1 }], state),
    );
    const { grid } = await showSheet(batchDetail({ id: 'forgot', items: made.map((entry) => entry.item) }));
    expect(cells(grid).map((element) => [element.dataset.state, element.textContent])).toEqual([
      ['gone', 'Gone'],
      // A job Loupe has simply not read yet stays Unknown.
      ['unknown', 'Unknown'],
    ]);
    const words = cell(grid, 0).querySelector('[title]')?.getAttribute('title') ?? '';
    expect(words).toMatch(
      /^3\.seed 1: The service answered on .* that it no longer knows this job \(last seen running\)/,
    );
    expect(cell(grid, 0).className).not.toContain('border-dashed');
  });

  it('shows a picture once it loads, and says so in words when it does not', async () => {
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    const first = cell(grid, 0).querySelector('img')!;
    expect(first.dataset.loadState).toBe('loading');
    expect(cell(grid, 0).querySelector('.animate-pulse')).not.toBeNull();
    fireEvent.load(first);
    expect(first.dataset.loadState).toBe('loaded');
    expect(cell(grid, 0).querySelector('.animate-pulse')).toBeNull();
    // The thumbnail would not load (the library has not read the job yet): the picture itself, then words.
    fireEvent.error(cell(grid, 1).querySelector('img')!);
    expect(cell(grid, 1).querySelector('img')?.getAttribute('src')).toBe(sweptOriginalUrl('grid', 2));
    fireEvent.error(cell(grid, 1).querySelector('img')!);
    expect(cell(grid, 1).querySelector('img')).toBeNull();
    expect(cell(grid, 1).textContent).toBe('Image did not load');
  });

  it('draws cells at the size chosen, and lays the rows out again for it', async () => {
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    const rowTops = () =>
      within(sheet())
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.style.transform);
    expect(rowTops()).toEqual(['translateY(0px)', 'translateY(150px)']);
    fireEvent.click(screen.getByRole('button', { name: 'Small cells' }));
    expect(rowTops()).toEqual(['translateY(0px)', 'translateY(102px)']);
    expect(cell(grid, 0).querySelector('img')?.getAttribute('width')).toBe('96');
    expect(screen.getByRole('button', { name: 'Small cells' }).getAttribute('aria-pressed')).toBe('true');
    expect(useBatchesUi.getState().sheetCellSize).toBe('small');
  });

  it('is not offered for a batch whose items have no values: the gallery alone', async () => {
    const host = fakeBatchesHost({ jobs: SAMPLE_JOBS, batches: [kites(), DUNES] });
    renderBatches(host.loupe);
    await openBatch('kites');
    expect(await screen.findAllByTestId('gallery-tile')).toHaveLength(3);
    expect(screen.queryByRole('tablist', { name: 'Batch outputs' })).toBeNull();
    expect(screen.queryByRole('grid', { name: 'Contact sheet' })).toBeNull();
  });
});
