// One page of the sheet: the items held at the filters' values, placed by their X and Y values. Built in one
// pass over the items, so a 1,000-item batch re-read on every job change costs well under a frame.
import type { BatchItem, BatchOutput } from '../../../../src-shared/contract';
import type { AxisValue, SheetLayout } from './sheetAxes';
import type { ResolvedSheet } from './sheetChoice';

export interface SheetPage {
  columns: readonly AxisValue[];
  /** One row with no value when there is no Y axis. */
  rows: readonly (AxisValue | null)[];
  /** Row-major: cells[row * columns.length + column]; null where no item has that combination. */
  cells: readonly (BatchItem | null)[];
  /** Items that share a cell with an earlier one (the same values twice): not shown, but counted. */
  hidden: number;
}

export function sheetPage(items: readonly BatchItem[], layout: SheetLayout, sheet: ResolvedSheet): SheetPage {
  const columns = layout.axes[sheet.x]?.values ?? [];
  const rows: readonly (AxisValue | null)[] =
    sheet.y === null ? [null] : (layout.axes[sheet.y]?.values ?? []);
  const cells: (BatchItem | null)[] = new Array<BatchItem | null>(rows.length * columns.length).fill(null);
  let hidden = 0;
  items.forEach((item, index) => {
    const at = layout.positions[index];
    if (!at) return;
    for (const filter of sheet.filters) if (at[filter.axis] !== filter.value) return;
    const cell = (sheet.y === null ? 0 : (at[sheet.y] ?? 0)) * columns.length + (at[sheet.x] ?? 0);
    if (cells[cell] === null) cells[cell] = item;
    else hidden += 1;
  });
  return { columns, rows, cells, hidden };
}

/** Each job's first image output, the one its cell shows (outputs come in each job's own order). */
export function firstImages(outputs: readonly BatchOutput[]): ReadonlyMap<string, BatchOutput> {
  const images = new Map<string, BatchOutput>();
  for (const output of outputs) {
    if (output.type === 'image' && !images.has(output.jobId)) images.set(output.jobId, output);
  }
  return images;
}
