import { useMemo, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import type { BatchItem } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import { axisValueText } from './axisValueText';
import { SheetColumnHeads } from './SheetColumnHeads';
import { SheetRow } from './SheetRow';
import type { SheetPage } from './sheetPage';
import { useSheetWindow } from './useSheetWindow';

/** Space between cells, the row headers' width, the column headers' height and the sheet's margin, in px. */
const GAP = 6;
const ROW_HEAD = 92;
const COLUMN_HEAD = 30;
const PAD = 12;

interface SheetGridProps {
  page: SheetPage;
  xTarget: string;
  yTarget: string | null;
  /** A cell's inner size in px. */
  size: number;
  /** The URL of an item's first image, or null while it has none. */
  /** A cell's thumbnail URL, or (`'original'`) its picture's. */
  imageUrlOf: (item: BatchItem, size?: 'small' | 'original') => string | null;
  /** The cell that holds the grid's tab stop. */
  cursor: number;
  /** The grid element, where the cursor's cell is looked for to focus it. */
  gridRef: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A cell took focus (a click, a screen reader): the tab stop follows it. */
  onFocusCell: (cell: number) => void;
  onOpen: (cell: number) => void;
}

/**
 * The page as a grid: X values across, Y values down, both headers pinned while the cells scroll. Only the
 * rows and columns in view are drawn (useSheetWindow), each cell placed in its own track of one CSS grid
 * template, so the scrollbars and the layout are those of the whole sheet.
 */
export function SheetGrid(props: SheetGridProps) {
  const { page, xTarget, yTarget, size, imageUrlOf, cursor, gridRef, onKeyDown, onFocusCell, onOpen } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const columnCount = page.columns.length;
  const cursorRow = columnCount === 0 ? 0 : Math.floor(cursor / columnCount);
  const cursorColumn = cursor - cursorRow * columnCount;
  const view = useSheetWindow(
    scroller,
    page.rows.length,
    columnCount,
    { row: cursorRow, column: cursorColumn },
    { size, gap: GAP, top: PAD + COLUMN_HEAD + GAP, left: PAD + ROW_HEAD + GAP },
  );
  const xName = visibleText(xTarget);
  const yName = yTarget === null ? null : visibleText(yTarget);
  // Worked out once per page, not per cell per scroll frame: a cell's label is its column's and its row's.
  const columnTexts = useMemo(
    () => page.columns.map((column) => axisValueText(column.value)),
    [page.columns],
  );
  const columnKeys = useMemo(() => page.columns.map((column) => column.key), [page.columns]);
  const columnLabels = useMemo(
    () => columnTexts.map((text) => `${xName} ${text.text}`),
    [columnTexts, xName],
  );
  const template = `${ROW_HEAD}px repeat(${columnCount}, ${size}px)`;
  const width = PAD * 2 + ROW_HEAD + columnCount * (size + GAP);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const cell = event.target.dataset.cell;
    if (cell !== undefined) onFocusCell(Number(cell));
  };

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-auto bg-panel"
      style={{ scrollPaddingTop: PAD + COLUMN_HEAD + GAP, scrollPaddingLeft: PAD + ROW_HEAD + GAP }}
      data-testid="contact-sheet-scroller"
    >
      <div
        ref={gridRef}
        role="grid"
        aria-label="Contact sheet"
        aria-rowcount={page.rows.length + 1}
        aria-colcount={columnCount + 1}
        data-testid="contact-sheet"
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="relative"
        style={{ width, padding: `0 ${PAD}px ${PAD}px` }}
      >
        <SheetColumnHeads
          xName={xName}
          yName={yName}
          columnTexts={columnTexts}
          columnKeys={columnKeys}
          shownColumns={view.shownColumns}
          template={template}
          gap={GAP}
          height={COLUMN_HEAD}
          pad={PAD}
        />
        <div className="relative" style={{ height: view.height }}>
          {view.shownRows.map((virtualRow) => (
            <SheetRow
              key={virtualRow.key}
              row={virtualRow.index}
              top={virtualRow.start - (PAD + COLUMN_HEAD + GAP)}
              rowValue={page.rows[virtualRow.index] ?? null}
              yName={yName}
              cells={page.cells}
              columns={page.columns}
              shownColumns={view.shownColumns}
              columnLabels={columnLabels}
              template={template}
              gap={GAP}
              size={size}
              imageUrlOf={imageUrlOf}
              tabColumn={virtualRow.index === cursorRow ? cursorColumn : -1}
              onOpen={onOpen}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
