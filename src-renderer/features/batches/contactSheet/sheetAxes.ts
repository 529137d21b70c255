// The axes a contact sheet can lay a batch out on, read back from its items: the planner records each item's
// values (`3.seed` = 7) but not the plan's axes, so every distinct target is taken as an axis, its values in
// the order the items first show them. Values are told apart by their JSON text, so 7 and "7" differ.
import type { BatchItem, BatchItemValue } from '../../../../src-shared/contract';

export type AxisJson = BatchItemValue['value'];

/** The key of "this item sets no value here": JSON.stringify never returns the empty string. */
export const ABSENT_KEY = '';

export interface AxisValue {
  /** The value's JSON text; ABSENT_KEY for items that do not set this target. */
  key: string;
  /** undefined for ABSENT_KEY. */
  value: AxisJson | undefined;
}

export interface SheetAxis {
  /** `NODE.INPUT`. */
  target: string;
  values: readonly AxisValue[];
}

export interface SheetLayout {
  axes: readonly SheetAxis[];
  /** positions[i][a]: where item i stands on axis a (an index into axes[a].values). */
  positions: readonly (readonly number[])[];
}

/** Whether a contact sheet can be offered: some item records values (a planned batch, not a batch of one). */
export function hasSheetAxes(items: readonly BatchItem[]): boolean {
  return items.some((item) => item.values.length > 0);
}

function keyOf(value: AxisJson): string {
  return JSON.stringify(value);
}

/** The batch's axes and each item's place on them; no axes for a batch of one (or one recorded before values). */
export function sheetLayout(items: readonly BatchItem[]): SheetLayout {
  const targets: string[] = [];
  const valuesOf = new Map<string, AxisValue[]>();
  const indexOf = new Map<string, Map<string, number>>();
  for (const item of items) {
    for (const { target, value } of item.values) {
      let values = valuesOf.get(target);
      let indexes = indexOf.get(target);
      if (values === undefined || indexes === undefined) {
        values = [];
        indexes = new Map();
        targets.push(target);
        valuesOf.set(target, values);
        indexOf.set(target, indexes);
      }
      const key = keyOf(value);
      if (!indexes.has(key)) {
        indexes.set(key, values.length);
        values.push({ key, value });
      }
    }
  }
  const positions = items.map((item) => {
    const own = new Map(item.values.map(({ target, value }) => [target, keyOf(value)]));
    return targets.map((target) => {
      const indexes = indexOf.get(target) ?? new Map<string, number>();
      const values = valuesOf.get(target) ?? [];
      const key = own.get(target) ?? ABSENT_KEY;
      let index = indexes.get(key);
      if (index === undefined) {
        // A target some items do not set (a hand-edited record, a newer planner): one "not set" value, last.
        index = values.length;
        indexes.set(key, index);
        values.push({ key, value: undefined });
      }
      return index;
    });
  });
  const axes = targets.map((target) => ({ target, values: valuesOf.get(target) ?? [] }));
  return { axes, positions };
}
