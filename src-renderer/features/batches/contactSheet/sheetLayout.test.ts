// The sheet's pure parts: axes read back from item values, values in words, X/Y/page choices made valid,
// and a page built from them.
import { describe, expect, it } from 'vitest';
import type { BatchItem } from '../../../../src-shared/contract';
import { waitingItem } from '../testing/fakeBatches';
import { combinations, sweepBatch } from '../testing/fakeContactSheet';
import { axisValueText } from './axisValueText';
import { sheetLayout } from './sheetAxes';
import { choiceOf, resolveSheet, withFilter, withX, withY } from './sheetChoice';
import { sheetPage } from './sheetPage';

function item(position: number, values: BatchItem['values']): BatchItem {
  return { ...waitingItem(position, 'pending'), id: `i${position}`, values };
}

const SEED_CFG_TEXT = [
  { target: '3.seed', values: [1, 2, 3] },
  { target: '3.cfg', values: [5, 7.5] },
  { target: '6.text', values: ['a kite', 'a dune'] },
];

describe('sheetLayout', () => {
  it('takes every target as an axis, its values in first-seen order, told apart by their JSON', () => {
    const layout = sheetLayout([
      item(0, [{ target: '3.seed', value: 7 }]),
      item(1, [{ target: '3.seed', value: '7' }]),
      item(2, [{ target: '3.seed', value: 2 }]),
      item(3, [{ target: '3.seed', value: 7 }]),
    ]);
    expect(layout.axes.map((axis) => axis.target)).toEqual(['3.seed']);
    expect(layout.axes[0]?.values.map((value) => value.value)).toEqual([7, '7', 2]);
    expect(layout.positions).toEqual([[0], [1], [2], [0]]);
  });

  it('keeps the axes in the order the items name them, and the planner’s combinations in place', () => {
    const batch = sweepBatch('s', SEED_CFG_TEXT);
    const layout = sheetLayout(batch.items);
    expect(layout.axes.map((axis) => axis.target)).toEqual(['3.seed', '3.cfg', '6.text']);
    expect(layout.axes.map((axis) => axis.values.length)).toEqual([3, 2, 2]);
    expect(layout.positions[0]).toEqual([0, 0, 0]);
    expect(layout.positions[11]).toEqual([2, 1, 1]);
  });

  it('has no axes for a batch of one or a batch recorded before items kept values', () => {
    expect(sheetLayout([item(0, [])]).axes).toEqual([]);
    expect(sheetLayout([]).axes).toEqual([]);
  });

  it('gives an item that does not set a target the "not set" value, last', () => {
    const layout = sheetLayout([
      item(0, [{ target: '3.seed', value: 1 }]),
      item(1, []),
      item(2, [{ target: '3.seed', value: 2 }]),
    ]);
    expect(layout.axes[0]?.values.map((value) => value.key)).toEqual(['1', '2', '']);
    expect(layout.positions).toEqual([[0], [2], [1]]);
  });
});

describe('sheetLayout with the plan’s axes', () => {
  const row = (position: number, seed: number, text: string) =>
    item(position, [
      { target: '3.seed', value: seed },
      { target: '6.text', value: text },
    ]);
  // A CSV of three rows: seeds repeat across rows, so taken input by input the sheet would be 2 × 3, half empty.
  const tableItems = [row(0, 1, 'a kite'), row(1, 1, 'a dune'), row(2, 2, 'a reef')];

  it('lays a table out as one axis of its rows, named by the plan, each value the row’s parts', () => {
    const layout = sheetLayout(tableItems, [
      { kind: 'table', source: 'prompts.csv', targets: ['3.seed', '6.text'] },
    ]);
    expect(layout.axes.map((axis) => axis.target)).toEqual(['prompts.csv']);
    expect(layout.axes[0]?.values.map((value) => value.value)).toEqual([
      '1 · a kite',
      '1 · a dune',
      '2 · a reef',
    ]);
    expect(layout.positions).toEqual([[0], [1], [2]]);
    // Without the plan, each input is an axis and the cells do not fill a grid.
    expect(sheetLayout(tableItems).axes.map((axis) => axis.values.length)).toEqual([2, 3]);
  });

  it('pairs zipped sweeps into one axis, and keeps repeat copies an axis of their own', () => {
    const items = [0, 1, 2, 3].map((position) =>
      item(position, [
        { target: '3.seed', value: Math.floor(position / 2) },
        { target: '3.cfg', value: 5 + Math.floor(position / 2) },
        { target: '3.noise_seed', value: 100 + position },
      ]),
    );
    const layout = sheetLayout(
      items,
      [
        { kind: 'sweep', source: '3.seed=0..1', targets: ['3.seed'] },
        { kind: 'sweep', source: '3.cfg=5..6', targets: ['3.cfg'] },
        { kind: 'repeat', source: 'repeat ×2', targets: ['3.noise_seed'] },
      ],
      true,
    );
    expect(layout.axes.map((axis) => axis.target)).toEqual(['3.seed=0..1 + 3.cfg=5..6', '3.noise_seed']);
    expect(layout.axes[0]?.values.length).toBe(2);
    expect(layout.positions.map((position) => position[0])).toEqual([0, 0, 1, 1]);
  });

  it('falls back to one axis per input when the plan does not account for every input the items set', () => {
    const layout = sheetLayout(tableItems, [{ kind: 'sweep', source: '3.seed=1..2', targets: ['3.seed'] }]);
    expect(layout.axes.map((axis) => axis.target)).toEqual(['3.seed', '6.text']);
  });
});

describe('axisValueText', () => {
  it('shows numbers as they are, long strings cut with the whole on hover, asset references by id', () => {
    expect(axisValueText(7.5)).toEqual({ text: '7.5', title: '7.5' });
    const prompt = 'a lighthouse at dusk, oil on canvas, very detailed';
    const long = axisValueText(prompt);
    expect(long.text).toBe('a lighthouse at dusk, oil on…');
    expect(long.title).toBe(prompt);
    const asset = { __type: 'core/ASSET', info: { id: '0f3c9a1e-7b2d-4c1a-9e55-1a2b3c4d5e6f' } };
    expect(axisValueText(asset)).toEqual({
      text: 'asset 0f3c9a1e',
      title: 'asset 0f3c9a1e-7b2d-4c1a-9e55-1a2b3c4d5e6f',
    });
    expect(axisValueText({ a: [1, 2] }).text).toBe('{"a":[1,2]}');
    expect(axisValueText(undefined).text).toBe('—');
  });

  it('shows hidden characters in a value instead of obeying them', () => {
    expect(axisValueText('cat\u202Egnp.exe').text).toBe('cat⟨U+202E⟩gnp.exe');
  });
});

describe('the X, Y and page choice', () => {
  const axes = sheetLayout(sweepBatch('s', SEED_CFG_TEXT).items).axes;

  it('defaults to the first axis across, the second down, and each other axis at its first value', () => {
    expect(resolveSheet(axes, undefined)).toMatchObject({ x: 0, y: 1, filters: [{ axis: 2, value: 0 }] });
    const single = sheetLayout(sweepBatch('one', [SEED_CFG_TEXT[0]!]).items).axes;
    expect(resolveSheet(single, undefined)).toMatchObject({ x: 0, y: null, filters: [] });
  });

  it('swaps X and Y when one is given the other’s axis, and holds the axis set free at a value', () => {
    const start = resolveSheet(axes, undefined);
    expect(withX(axes, start, 1)).toMatchObject({ x: 1, y: 0 });
    expect(withY(axes, start, 0)).toMatchObject({ x: 1, y: 0 });
    const textDown = withY(axes, withFilter(axes, start, 2, 1), 2);
    expect(textDown).toMatchObject({ x: 0, y: 2, filters: [{ axis: 1, value: 0 }] });
    // The page the text axis was on comes back when it is a filter again.
    expect(withY(axes, textDown, 1)).toMatchObject({ filters: [{ axis: 2, value: 1 }] });
    expect(withY(axes, start, null)).toMatchObject({ x: 0, y: null, filters: [{ axis: 1 }, { axis: 2 }] });
  });

  it('saves by target and value, and a saved choice that no longer fits falls back to the defaults', () => {
    const chosen = withFilter(axes, withX(axes, resolveSheet(axes, undefined), 2), 1, 1);
    const saved = choiceOf(axes, chosen);
    expect(saved).toMatchObject({ x: '6.text', y: '3.cfg' });
    expect(saved.filters.get('3.seed')).toBe('1');
    expect(resolveSheet(axes, saved)).toMatchObject({ x: 2, y: 1, filters: [{ axis: 0, value: 0 }] });
    const stale = { x: '9.gone', y: '9.gone', filters: new Map([['6.text', '"no such"']]) };
    expect(resolveSheet(axes, stale)).toMatchObject({ x: 0, y: 1, filters: [{ axis: 2, value: 0 }] });
  });
});

describe('sheetPage', () => {
  it('places the page’s items by X and Y, leaves missing combinations empty, and counts doubles', () => {
    const batch = sweepBatch('s', SEED_CFG_TEXT);
    const items = [...batch.items.slice(0, 5), batch.items[0]!];
    const layout = sheetLayout(items);
    const page = sheetPage(items, layout, resolveSheet(layout.axes, undefined));
    // Seeds 1 and 2 only: the axes are what the items hold, not what the plan might have held.
    expect(page.columns.map((column) => column.value)).toEqual([1, 2]);
    expect(page.rows.map((row) => row?.value)).toEqual([5, 7.5]);
    // On the kites' page: items 0 (seed 1, cfg 5), 4 (seed 2, cfg 5) and 2 (seed 1, cfg 7.5); no seed 2 at 7.5.
    expect(page.cells.map((cell) => cell?.position ?? null)).toEqual([0, 4, 2, null]);
    expect(page.hidden).toBe(1);
    expect(combinations(SEED_CFG_TEXT)).toHaveLength(12);
  });
});
