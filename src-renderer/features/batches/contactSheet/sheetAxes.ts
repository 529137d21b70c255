// The axes a contact sheet can lay a batch out on. A batch records its plan's axes with the inputs each sets
// (batches.get `axes`); which inputs make one axis is src-shared/sheetAxisGroups (main's exported sheet uses
// the same rule). Values keep the order the items first show them, and are told apart by their JSON text, so
// 7 and "7" differ.
import type { BatchAxis, BatchItem, BatchItemValue } from '../../../../src-shared/contract';
import { axisGroups, type AxisGroup } from '../../../../src-shared/sheetAxisGroups';
import { axisValueText } from './axisValueText';

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
  /** `NODE.INPUT` for an axis that sets one input; the plan's own words for one that sets several. */
  target: string;
  values: readonly AxisValue[];
  /** The inputs (`NODE.INPUT`) it sets, when known: what the shared sheet (batches.exportSheet) names. */
  inputs?: readonly string[];
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

/** What an item holds on one axis: its value for a one-input axis, the parts' text for a several-input one. */
function valueOn(group: AxisGroup, own: ReadonlyMap<string, AxisJson>): AxisValue {
  if (group.targets.length === 1) {
    const value = own.get(group.targets[0] ?? '');
    return value === undefined ? { key: ABSENT_KEY, value } : { key: keyOf(value), value };
  }
  const parts = group.targets.map((target) => own.get(target));
  if (parts.every((part) => part === undefined)) return { key: ABSENT_KEY, value: undefined };
  return {
    key: JSON.stringify(parts.map((part) => part ?? null)),
    value: parts.map((part) => axisValueText(part).title).join(' · '),
  };
}

/** The batch's axes and each item's place on them; no axes for a batch of one. */
export function sheetLayout(
  items: readonly BatchItem[],
  planAxes: readonly BatchAxis[] = [],
  zip = false,
): SheetLayout {
  const groups = axisGroups(items, planAxes, zip);
  const held = items.map((item) => {
    const own = new Map(item.values.map(({ target, value }) => [target, value]));
    return groups.map((group) => valueOn(group, own));
  });
  const axes = groups.map((group, a) => {
    const values: AxisValue[] = [];
    const indexes = new Map<string, number>();
    for (const row of held) {
      const value = row[a];
      if (value === undefined || value.key === ABSENT_KEY || indexes.has(value.key)) continue;
      indexes.set(value.key, values.length);
      values.push(value);
    }
    return { axis: { target: group.name, values, inputs: group.targets }, indexes };
  });
  const positions = held.map((row) =>
    row.map((value, a) => {
      const entry = axes[a];
      if (entry === undefined) return 0;
      const index = entry.indexes.get(value.key);
      if (index !== undefined) return index;
      // An item that sets nothing on this axis (a hand-edited record, a newer planner): one "not set" value,
      // last on the axis.
      entry.indexes.set(ABSENT_KEY, entry.axis.values.length);
      entry.axis.values.push({ key: ABSENT_KEY, value: undefined });
      return entry.axis.values.length - 1;
    }),
  );
  return { axes: axes.map((entry) => entry.axis), positions };
}
