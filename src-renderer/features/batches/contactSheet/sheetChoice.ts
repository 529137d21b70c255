// Which axis runs across, which runs down, and which value each other axis is held at (one "page"). Saved by
// target and value text rather than by position, so a choice still means the same once more items are read,
// and a saved choice that no longer fits the batch falls back to the defaults instead of breaking the sheet.
import type { SheetAxis } from './sheetAxes';

/** What the UI store keeps per batch. */
export interface SheetChoice {
  /** The target across (X). */
  x: string;
  /** The target down (Y); null: a single row. */
  y: string | null;
  /** The value (its key) each other axis is held at, by target; kept for X/Y too, for when they move back. */
  filters: ReadonlyMap<string, string>;
}

/** The choice as axis and value indexes, always valid for the axes it was resolved against. */
export interface ResolvedSheet {
  x: number;
  y: number | null;
  /** Every axis that is neither X nor Y, in axis order, with the index of the value it is held at. */
  filters: readonly { axis: number; value: number }[];
  /** Filter values as saved, for axes currently on X or Y. */
  held: ReadonlyMap<string, string>;
}

function indexOfTarget(axes: readonly SheetAxis[], target: string | null | undefined): number {
  return target === null || target === undefined ? -1 : axes.findIndex((axis) => axis.target === target);
}

function withFilters(
  axes: readonly SheetAxis[],
  x: number,
  y: number | null,
  held: ReadonlyMap<string, string>,
): ResolvedSheet {
  const filters = axes.flatMap((axis, index) => {
    if (index === x || index === y) return [];
    const saved = held.get(axis.target);
    const value = saved === undefined ? -1 : axis.values.findIndex((entry) => entry.key === saved);
    return [{ axis: index, value: Math.max(0, value) }];
  });
  return { x, y, filters, held };
}

/** The saved choice made valid: by default the first axis across, the second down, each other at its first value. */
export function resolveSheet(axes: readonly SheetAxis[], saved: SheetChoice | undefined): ResolvedSheet {
  const held = saved?.filters ?? new Map<string, string>();
  let x = indexOfTarget(axes, saved?.x);
  if (x < 0) x = 0;
  let y: number | null;
  if (saved === undefined || (saved.y !== null && indexOfTarget(axes, saved.y) < 0)) {
    y = axes.length > 1 ? (x === 1 ? 0 : 1) : null;
  } else {
    y = saved.y === null ? null : indexOfTarget(axes, saved.y);
  }
  if (y === x) y = null;
  return withFilters(axes, x, y, held);
}

/** What to save for a resolved sheet. */
export function choiceOf(axes: readonly SheetAxis[], sheet: ResolvedSheet): SheetChoice {
  const filters = new Map(sheet.held);
  for (const { axis, value } of sheet.filters) {
    const entry = axes[axis];
    const key = entry?.values[value]?.key;
    if (entry && key !== undefined) filters.set(entry.target, key);
  }
  return {
    x: axes[sheet.x]?.target ?? '',
    y: sheet.y === null ? null : (axes[sheet.y]?.target ?? null),
    filters,
  };
}

/** Another axis across; the one that was down moves across's old place when it is the one chosen. */
export function withX(axes: readonly SheetAxis[], sheet: ResolvedSheet, axis: number): ResolvedSheet {
  if (axis === sheet.x) return sheet;
  const held = choiceOf(axes, sheet).filters;
  return withFilters(axes, axis, axis === sheet.y ? sheet.x : sheet.y, held);
}

/** Another axis down (null: one row); choosing the one across swaps the two. */
export function withY(axes: readonly SheetAxis[], sheet: ResolvedSheet, axis: number | null): ResolvedSheet {
  if (axis === sheet.y) return sheet;
  const held = choiceOf(axes, sheet).filters;
  if (axis !== sheet.x) return withFilters(axes, sheet.x, axis, held);
  const across = sheet.y ?? axes.findIndex((_, index) => index !== axis);
  return across < 0 ? sheet : withFilters(axes, across, axis, held);
}

/** A filter axis held at another of its values: another page. */
export function withFilter(
  axes: readonly SheetAxis[],
  sheet: ResolvedSheet,
  axis: number,
  value: number,
): ResolvedSheet {
  const filters = sheet.filters.map((filter) => (filter.axis === axis ? { axis, value } : filter));
  return { ...sheet, filters, held: choiceOf(axes, { ...sheet, filters }).filters };
}
