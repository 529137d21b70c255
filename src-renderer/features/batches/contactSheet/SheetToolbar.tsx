import type { ReactNode } from 'react';
import { visibleText } from '../../../lib/visibleText';
import { SHEET_CELL_SIZES, type SheetCellSize } from '../batchesUiStore';
import { axisValueText } from './axisValueText';
import type { SheetAxis } from './sheetAxes';
import { withFilter, withX, withY, type ResolvedSheet } from './sheetChoice';

const SELECT_CLASS =
  'h-6 max-w-48 rounded border border-line bg-raised px-1 text-[11px] text-fg hover:border-muted';
const NO_Y = 'none';

const SIZE_WORDS: Record<SheetCellSize, { short: string; label: string }> = {
  small: { short: 'S', label: 'Small cells' },
  medium: { short: 'M', label: 'Medium cells' },
  large: { short: 'L', label: 'Large cells' },
};

interface SheetToolbarProps {
  axes: readonly SheetAxis[];
  sheet: ResolvedSheet;
  onChange: (sheet: ResolvedSheet) => void;
  size: SheetCellSize;
  onSize: (size: SheetCellSize) => void;
  /** What the page holds, in words. */
  summary: string;
  /** Actions at the end of the bar (Export sheet…). */
  actions?: ReactNode;
}

function AxisOptions({ axes }: { axes: readonly SheetAxis[] }) {
  return axes.map((axis, index) => (
    <option key={axis.target} value={index}>
      {visibleText(axis.target)} ({axis.values.length})
    </option>
  ));
}

/** X and Y, a select per other axis holding the page, the page in words, and the cells' size. */
export function SheetToolbar({ axes, sheet, onChange, size, onSize, summary, actions }: SheetToolbarProps) {
  return (
    <div
      className="flex shrink-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-line px-3 py-1.5 text-xs"
      data-testid="contact-sheet-controls"
    >
      <label className="flex items-center gap-1.5">
        <span className="text-faint">X</span>
        <select
          aria-label="X axis"
          className={SELECT_CLASS}
          value={sheet.x}
          onChange={(event) => onChange(withX(axes, sheet, Number(event.target.value)))}
        >
          <AxisOptions axes={axes} />
        </select>
      </label>
      <button
        type="button"
        className="flex h-6 w-6 items-center justify-center rounded text-muted hover:bg-hover hover:text-fg disabled:opacity-40"
        title="Swap X and Y"
        aria-label="Swap X and Y"
        disabled={sheet.y === null}
        onClick={() => sheet.y !== null && onChange(withX(axes, sheet, sheet.y))}
      >
        ⇄
      </button>
      <label className="flex items-center gap-1.5">
        <span className="text-faint">Y</span>
        <select
          aria-label="Y axis"
          className={SELECT_CLASS}
          value={sheet.y ?? NO_Y}
          onChange={(event) =>
            onChange(withY(axes, sheet, event.target.value === NO_Y ? null : Number(event.target.value)))
          }
        >
          <option value={NO_Y}>none (one row)</option>
          <AxisOptions axes={axes} />
        </select>
      </label>
      {sheet.filters.map(({ axis, value }) => {
        const entry = axes[axis];
        if (!entry) return null;
        const name = visibleText(entry.target);
        return (
          <label key={entry.target} className="flex items-center gap-1.5 border-l border-line pl-3">
            <span className="font-mono text-[11px] text-faint">{name}</span>
            <select
              aria-label={name}
              className={SELECT_CLASS}
              value={value}
              onChange={(event) => onChange(withFilter(axes, sheet, axis, Number(event.target.value)))}
            >
              {entry.values.map((option, index) => (
                <option key={option.key} value={index}>
                  {axisValueText(option.value).text}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <span className="flex-1" />
      <span className="text-muted tabular-nums" data-testid="contact-sheet-summary">
        {summary}
      </span>
      <div role="group" aria-label="Cell size" className="flex overflow-hidden rounded border border-line">
        {SHEET_CELL_SIZES.map((option) => (
          <button
            key={option}
            type="button"
            aria-label={SIZE_WORDS[option].label}
            aria-pressed={option === size}
            title={SIZE_WORDS[option].label}
            onClick={() => onSize(option)}
            className={`h-6 w-6 text-[11px] ${
              option === size ? 'bg-hover text-fg' : 'text-muted hover:bg-hover hover:text-fg'
            }`}
          >
            {SIZE_WORDS[option].short}
          </button>
        ))}
      </div>
      {actions}
    </div>
  );
}
