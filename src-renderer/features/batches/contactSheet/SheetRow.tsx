import { memo } from 'react';
import type { BatchItem } from '../../../../src-shared/contract';
import { axisValueText } from './axisValueText';
import { SheetCell } from './SheetCell';
import type { AxisValue } from './sheetAxes';

interface SheetRowProps {
  /** The row's index in the page. */
  row: number;
  /** Where the row sits below the column headers, in px. */
  top: number;
  /** Its Y value; null on a page with no Y axis. */
  rowValue: AxisValue | null;
  /** The Y axis's name as shown, for the cells' labels. */
  yName: string | null;
  /** The page's cells, row-major. */
  cells: readonly (BatchItem | null)[];
  columns: readonly AxisValue[];
  /** The columns drawn (the rest are off screen), in order. */
  shownColumns: readonly number[];
  /** Each column's part of a cell's label ("3.seed 2"). */
  columnLabels: readonly string[];
  /** The grid's columns (CSS grid-template-columns). */
  template: string;
  gap: number;
  size: number;
  /** A cell's thumbnail URL, or (`'original'`) its picture's. */
  imageUrlOf: (item: BatchItem, size?: 'small' | 'original') => string | null;
  /** The column of the grid's tab stop when it is in this row, else -1. */
  tabColumn: number;
  onOpen: (cell: number) => void;
}

/**
 * One Y value's row: its header, pinned to the left while the cells scroll across, and a cell per X value
 * drawn, each placed in its own grid column. Memoised, with props that stay the same while the sheet scrolls,
 * so a scroll frame renders only the rows (and cells) that come into view.
 */
export const SheetRow = memo(function SheetRow({
  row,
  top,
  rowValue,
  yName,
  cells,
  columns,
  shownColumns,
  columnLabels,
  template,
  gap,
  size,
  imageUrlOf,
  tabColumn,
  onOpen,
}: SheetRowProps) {
  const rowText = rowValue === null ? null : axisValueText(rowValue.value);
  const rowLabel = yName === null || rowText === null ? '' : ` · ${yName} ${rowText.text}`;
  const first = row * columns.length;
  return (
    <div
      role="row"
      aria-rowindex={row + 2}
      className="absolute top-0 left-0 grid"
      style={{
        gridTemplateColumns: template,
        columnGap: gap,
        height: size,
        transform: `translateY(${top}px)`,
      }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        title={rowText?.title}
        className="sticky left-0 z-10 flex items-center justify-end border-r border-line bg-panel pr-2 text-right text-[11px] text-fg tabular-nums"
      >
        <span className="line-clamp-3 break-words">{rowText?.text ?? ''}</span>
      </div>
      {shownColumns.map((x) => {
        const cell = first + x;
        const item = cells[cell] ?? null;
        return (
          <SheetCell
            key={columns[x]?.key ?? x}
            cell={cell}
            column={x}
            item={item}
            imageUrl={item === null ? null : imageUrlOf(item)}
            pictureUrl={item === null ? null : imageUrlOf(item, 'original')}
            label={`${columnLabels[x] ?? ''}${rowLabel}`}
            size={size}
            tabbable={x === tabColumn}
            onOpen={onOpen}
          />
        );
      })}
    </div>
  );
});
