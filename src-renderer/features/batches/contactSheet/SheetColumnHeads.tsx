import { memo } from 'react';
import type { ValueText } from './axisValueText';

interface SheetColumnHeadsProps {
  /** The X and Y axes' names as shown; yName null with no Y axis. */
  xName: string;
  yName: string | null;
  /** Every column's value in words; only `shownColumns` are drawn. */
  columnTexts: readonly ValueText[];
  columnKeys: readonly string[];
  shownColumns: readonly number[];
  template: string;
  gap: number;
  /** The header row's height and the margin above it, in px. */
  height: number;
  pad: number;
}

/** The header row, pinned to the top: the axes' names in the corner (pinned left too), then each X value. */
export const SheetColumnHeads = memo(function SheetColumnHeads({
  xName,
  yName,
  columnTexts,
  columnKeys,
  shownColumns,
  template,
  gap,
  height,
  pad,
}: SheetColumnHeadsProps) {
  return (
    <div
      role="row"
      aria-rowindex={1}
      className="sticky top-0 z-20 grid bg-panel"
      style={{ gridTemplateColumns: template, columnGap: gap, paddingTop: pad, paddingBottom: gap }}
    >
      <div
        role="columnheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex flex-col items-end justify-end bg-panel pr-2 font-mono text-[10px] leading-[13px] text-faint"
        style={{ height, gridColumnStart: 1 }}
        title={yName === null ? `${xName} across` : `${xName} across, ${yName} down`}
      >
        <span className="max-w-full truncate">{xName} →</span>
        {yName === null ? null : <span className="max-w-full truncate">{yName} ↓</span>}
      </div>
      {shownColumns.map((x) => {
        const text = columnTexts[x];
        return (
          <div
            key={columnKeys[x] ?? x}
            role="columnheader"
            aria-colindex={x + 2}
            title={text?.title}
            className="flex items-end justify-center truncate border-b border-line px-1 pb-1 text-[11px] text-fg tabular-nums"
            style={{ height, gridColumnStart: x + 2 }}
          >
            <span className="truncate">{text?.text}</span>
          </div>
        );
      })}
    </div>
  );
});
