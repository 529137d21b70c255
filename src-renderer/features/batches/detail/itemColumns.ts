// The items table's axis columns: one per distinct target the items set (`3.seed`, `3.cfg`), in the order the
// items first show them, as the contact sheet reads its axes. Each cell is the value as the sheet's headers
// show it (axisValueText: short, untrusted text made visible, the whole value on hover).
import type { BatchItem } from '../../../../src-shared/contract';
import { axisValueText, type ValueText } from '../contactSheet/axisValueText';
import type { AxisJson } from '../contactSheet/sheetAxes';

export function axisTargets(items: readonly BatchItem[]): string[] {
  const seen = new Set<string>();
  const targets: string[] = [];
  for (const item of items) {
    for (const { target } of item.values) {
      if (seen.has(target)) continue;
      seen.add(target);
      targets.push(target);
    }
  }
  return targets;
}

/** The item's value on each target, in the targets' order ("—" where it sets none). */
export function axisCells(item: BatchItem, targets: readonly string[]): ValueText[] {
  const own = new Map<string, AxisJson>(item.values.map(({ target, value }) => [target, value]));
  return targets.map((target) => axisValueText(own.get(target)));
}
