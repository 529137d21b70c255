// The contact sheet's keyboard and lightbox, over the fake host: one tab stop moved by the arrows along X and
// Y, Enter or a click opening the cell's picture in the shared lightbox, which steps across with ← → (its
// own) and down with ↑ ↓ (the sheet's), and gives focus back to the cell last shown; and a 40 × 25 sheet
// drawn a few rows and columns at a time.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeLayout } from '../../test/fakeLayout';
import { useLoopUi } from '../loop/loopUiStore';
import { useBatchesUi } from './batchesUiStore';
import { CFGS, cell, cells, SEEDS, showSheet } from './testing/contactSheetScreen';
import { SUCCEEDED, sweepBatch, sweptImageUrl, sweptOriginalUrl } from './testing/fakeContactSheet';
import { resetBatchesUi } from './testing/renderBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

describe('the contact sheet’s keys and lightbox', () => {
  it('moves one tab stop with the arrow keys: ← → along X, ↑ ↓ along Y, Home/End to the ends', async () => {
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    const tabStops = () => cells(grid).filter((element) => element.tabIndex === 0);
    expect(tabStops()).toEqual([cell(grid, 0)]);
    act(() => cell(grid, 0).focus());
    const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
      fireEvent.keyDown(document.activeElement!, { key, ...init });
    press('ArrowRight');
    expect(document.activeElement).toBe(cell(grid, 1));
    press('ArrowDown');
    expect(document.activeElement).toBe(cell(grid, 4));
    press('ArrowDown');
    expect(document.activeElement).toBe(cell(grid, 4));
    press('End');
    expect(document.activeElement).toBe(cell(grid, 5));
    press('ArrowUp');
    expect(document.activeElement).toBe(cell(grid, 2));
    press('Home');
    expect(document.activeElement).toBe(cell(grid, 0));
    press('End', { ctrlKey: true });
    expect(document.activeElement).toBe(cell(grid, 5));
    expect(tabStops()).toEqual([cell(grid, 5)]);
    // The arrows were the sheet's: the batch list's cursor did not move, the batch stays open.
    expect(useBatchesUi.getState()).toMatchObject({ cursorId: 'grid', openBatchId: 'grid' });
    // A click moves the tab stop too.
    act(() => cell(grid, 3).focus());
    expect(tabStops()).toEqual([cell(grid, 3)]);
  });

  it('opens the focused cell’s picture in the lightbox, which steps along X and Y and gives focus back', async () => {
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    act(() => cell(grid, 1).focus());
    fireEvent.keyDown(cell(grid, 1), { key: 'Enter' });
    const box = screen.getByTestId('lightbox');
    const shown = () => within(box).getByTestId('lightbox-stage').querySelector('img')?.getAttribute('src');
    // Cell 1 is seed 2, cfg 5: item 2.
    expect(shown()).toBe(sweptOriginalUrl('grid', 2));
    expect(box.textContent).toContain('2 of 6');
    expect(within(box).getByTestId('cell-values').textContent).toBe('3.seed23.cfg5');
    expect(within(box).getByTestId('output-origin').textContent).toContain('job-grid-2');
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(shown()).toBe(sweptOriginalUrl('grid', 4));
    // Row-major: past the row's end is the next row's start.
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(shown()).toBe(sweptOriginalUrl('grid', 1));
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(shown()).toBe(sweptOriginalUrl('grid', 0));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(shown()).toBe(sweptOriginalUrl('grid', 1));
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(shown()).toBe(sweptOriginalUrl('grid', 3));
    expect(useBatchesUi.getState()).toMatchObject({ cursorId: 'grid', openBatchId: 'grid' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByTestId('lightbox')).toBeNull();
    // Focus is back on the cell of the picture last shown (seed 2, cfg 7.5), the grid's tab stop now.
    expect(document.activeElement).toBe(cell(grid, 4));
    expect(cell(grid, 4).tabIndex).toBe(0);
  });

  it('Compare with next closes the lightbox as Compare opens on this picture and the next cell’s', async () => {
    act(() => useLoopUi.setState({ compare: null }));
    const { grid } = await showSheet(sweepBatch('grid', [SEEDS, CFGS]));
    act(() => cell(grid, 1).focus());
    fireEvent.keyDown(cell(grid, 1), { key: 'Enter' });
    fireEvent.click(
      within(screen.getByTestId('lightbox')).getByRole('button', { name: 'Compare with next' }),
    );
    // The lightbox would otherwise sit over Compare and take every key (← → among them) for itself.
    expect(screen.queryByTestId('lightbox')).toBeNull();
    expect(useLoopUi.getState().compare?.picks.map((pick) => pick.jobId)).toEqual([
      'job-grid-2',
      'job-grid-4',
    ]);
    act(() => useLoopUi.setState({ compare: null }));
  });

  it('opens a picture with a click, and leaves a cell with no picture closed', async () => {
    const batch = sweepBatch('mixed', [SEEDS], (position) =>
      position === 1 ? { job: { status: 'running', progress: 0.5 } } : SUCCEEDED,
    );
    const { grid } = await showSheet(batch);
    fireEvent.click(cell(grid, 1));
    expect(screen.queryByTestId('lightbox')).toBeNull();
    fireEvent.click(cell(grid, 2));
    const box = screen.getByTestId('lightbox');
    expect(within(box).getByTestId('lightbox-stage').querySelector('img')?.getAttribute('src')).toBe(
      sweptOriginalUrl('mixed', 2),
    );
    // Only pictures are in the lightbox's list: two of three cells.
    expect(box.textContent).toContain('2 of 2');
  });

  it('draws only the rows and columns in view of a 40 × 25 sheet, and the cursor’s wherever it is', async () => {
    const wide = { target: '3.seed', values: Array.from({ length: 40 }, (_, index) => index + 1) };
    const tall = { target: '3.cfg', values: Array.from({ length: 25 }, (_, index) => index + 1) };
    const { grid } = await showSheet(sweepBatch('big', [wide, tall]));
    expect([grid.getAttribute('aria-rowcount'), grid.getAttribute('aria-colcount')]).toEqual(['26', '41']);
    // The test's pane is 1200 × 700 and a cell 150 px with its gap: a few rows of a few cells, not 1,000.
    const rows = within(grid).getAllByRole('row').length - 1;
    const columns = within(grid).getAllByRole('columnheader').length - 1;
    expect(rows).toBeGreaterThan(2);
    expect(rows).toBeLessThan(12);
    expect(columns).toBeGreaterThan(4);
    expect(columns).toBeLessThan(15);
    expect(cells(grid)).toHaveLength(rows * columns);
    // Each cell says where it is in the whole grid, for a screen reader that sees only these.
    expect(cell(grid, 41).getAttribute('aria-colindex')).toBe('3');
    act(() => cell(grid, 0).focus());
    fireEvent.keyDown(cell(grid, 0), { key: 'End', ctrlKey: true });
    expect(document.activeElement).toBe(cell(grid, 999));
    expect(cell(grid, 999).querySelector('img')?.getAttribute('src')).toBe(
      sweptImageUrl('big', 39 * 25 + 24),
    );
    expect(cell(grid, 999).getAttribute('aria-colindex')).toBe('41');
  });
});
