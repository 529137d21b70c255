// The axes a contact sheet can lay a batch out on. A batch records its plan's axes with the inputs each sets
// (batches.get `axes`): a sweep sets one input, a table's row several, repeat the sampler seeds; zipped axes
// move together, so they are one axis. A batch recorded before Loupe kept them (or a damaged plan) falls back
// to every distinct input as an axis of its own. Values keep the order the items first show them, and are
// told apart by their JSON text, so 7 and "7" differ.
import type { BatchAxis, BatchItem, BatchItemValue } from '../../../../src-shared/contract';
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

/** An axis as the sheet groups inputs: its name, and the inputs whose values make one of its values. */
interface AxisGroup {
  name: string;
  targets: readonly string[];
}

/** The plan's axes when they account for every input the items set; else one axis per input, in item order. */
function axisGroups(items: readonly BatchItem[], planAxes: readonly BatchAxis[], zip: boolean): AxisGroup[] {
  const seen: string[] = [];
  const known = new Set<string>();
  for (const item of items) {
    for (const { target } of item.values) {
      if (known.has(target)) continue;
      known.add(target);
      seen.push(target);
    }
  }
  const planned = new Set(planAxes.flatMap((axis) => axis.targets));
  if (planAxes.length === 0 || seen.some((target) => !planned.has(target))) {
    return seen.map((target) => ({ name: target, targets: [target] }));
  }
  const groupOf = (axes: readonly BatchAxis[]): AxisGroup => {
    const targets = axes.flatMap((axis) => axis.targets);
    const only = axes.length === 1 && targets.length === 1 ? targets[0] : undefined;
    return { name: only ?? axes.map((axis) => axis.source).join(' + '), targets };
  };
  // Zipped axes step together: one axis of pairs. Repeat copies stay an axis of their own either way.
  const varied = planAxes.filter((axis) => axis.kind !== 'repeat');
  const copies = planAxes.filter((axis) => axis.kind === 'repeat');
  const groups = zip && varied.length > 1 ? [groupOf(varied)] : varied.map((axis) => groupOf([axis]));
  return [...groups, ...copies.map((axis) => groupOf([axis]))];
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
