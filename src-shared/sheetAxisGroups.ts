// Which inputs make one axis of a batch's contact sheet: one rule for the window's sheet and the sheet main
// exports (PNG, HTML, `loupe batch sheet`), so a zipped or table batch is laid out the same on screen and on
// disk. A sweep sets one input, a table's row several; zipped axes move together, so they are one axis; repeat
// copies stay an axis of their own. A batch recorded before Loupe kept its plan's axes (or a damaged plan)
// falls back to every distinct input as an axis of its own, in the order the items first show them.
import type { BatchAxis } from './contract';

/** An axis as the sheet groups inputs: its name, and the inputs whose values make one of its values. */
export interface AxisGroup {
  /** `NODE.INPUT` for an axis that sets one input; the plan's own words for one that sets several. */
  name: string;
  targets: readonly string[];
}

/** What an item needs to show for the grouping: the inputs it sets. */
export interface ItemTargets {
  values: readonly { target: string }[];
}

/** The plan's axes when they account for every input the items set; else one axis per input, in item order. */
export function axisGroups(
  items: readonly ItemTargets[],
  planAxes: readonly BatchAxis[],
  zip: boolean,
): AxisGroup[] {
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
