import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeLayout } from '../test/fakeLayout';
import { SEEK_SETTLE_MS, useVirtualRows } from './useVirtualRows';

// Every element is 600 px high here: with 50 px rows, 12 rows fill the view.
beforeAll(() => fakeLayout.install({ width: 800, height: 600 }));
afterAll(() => fakeLayout.restore());

const ROW = 50;
const rowsOf = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `r${index}` }));

function List({ rows, cursorId = null }: { rows: { id: string }[]; cursorId?: string | null }) {
  const { scroller, virtualizer, seeking } = useVirtualRows(rows, {
    rowHeight: ROW,
    cursorId,
    loadingMoreRow: true,
  });
  return (
    <div ref={scroller} data-testid="scroller" data-total={virtualizer.getTotalSize()} data-seeking={seeking}>
      {virtualizer.getVirtualItems().map((item) => (
        <div key={item.key} data-testid="row" data-key={item.key} data-top={item.start} />
      ))}
    </div>
  );
}

const keys = () => screen.getAllByTestId('row').map((row) => row.dataset.key);

describe('useVirtualRows', () => {
  it('draws the rows in view and a few either side, at their places, over the height of all of them', () => {
    render(<List rows={rowsOf(100_000)} />);
    expect(keys()).toEqual(Array.from({ length: 16 }, (_, index) => `r${index}`));
    expect(screen.getByTestId('scroller').dataset.total).toBe(String(100_001 * ROW));

    const scroller = screen.getByTestId('scroller');
    act(() => {
      scroller.scrollTop = 50_000 * ROW;
      fireEvent.scroll(scroller);
    });
    expect(keys()[0]).toBe('r49996');
    expect(keys()).toContain('r50011');
    expect(screen.getAllByTestId('row')[4]?.dataset.top).toBe(String(50_000 * ROW));
  });

  it('keys the row after the last "#more", and brings a moved cursor into view', () => {
    const { rerender } = render(<List rows={rowsOf(10)} />);
    expect(keys().at(-1)).toBe('#more');
    const scroller = screen.getByTestId('scroller');
    rerender(<List rows={rowsOf(1_000)} cursorId="r500" />);
    // The cursor's row ends at the bottom of the view.
    expect(scroller.scrollTop).toBe(501 * ROW - 600);
  });

  it('says it is seeking while a move jumps past every row in view, and not once a move is slower or it rests', async () => {
    render(<List rows={rowsOf(10_000)} />);
    const scroller = screen.getByTestId('scroller');
    const scrollTo = (top: number): void =>
      act(() => {
        scroller.scrollTop = top;
        fireEvent.scroll(scroller);
      });
    expect(scroller.dataset.seeking).toBe('false');
    // A wheel's move: two rows of the twelve in view.
    scrollTo(2 * ROW);
    expect(scroller.dataset.seeking).toBe('false');
    // A dragged scrollbar: past all of them.
    scrollTo(500 * ROW);
    expect(scroller.dataset.seeking).toBe('true');
    scrollTo(900 * ROW);
    expect(scroller.dataset.seeking).toBe('true');
    // Slowing down draws in full at once.
    scrollTo(903 * ROW);
    expect(scroller.dataset.seeking).toBe('false');
    // A seek that stops: drawn in full once the scroll has rested.
    scrollTo(5_000 * ROW);
    expect(scroller.dataset.seeking).toBe('true');
    await waitFor(() => expect(scroller.dataset.seeking).toBe('false'), { timeout: SEEK_SETTLE_MS * 10 });
  });
});
