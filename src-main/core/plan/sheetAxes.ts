// The axes a batch varies, as its record keeps them: each axis with the inputs it sets, so a contact sheet can
// lay a table's rows (several inputs each), zipped sweeps (paired values) or repeat copies (fresh seeds) out
// as one axis each, instead of taking every input for an axis of its own and leaving most cells empty.
import type { BatchPlan } from './batchPlan';

export interface RecordedAxis {
  kind: 'sweep' | 'table' | 'inputs' | 'repeat';
  /** As the user gave it (`3.seed=1..8`, a table's name), or `repeat ×N`. */
  source: string;
  length: number;
  /** `NODE.INPUT` for each input the axis sets, in the order item values list them. */
  targets: string[];
}

/** The plan's axes in item-value order: the axes, then repeat's drawn seeds (one axis of copies). */
export function recordedAxes(plan: BatchPlan): RecordedAxis[] {
  const axes: RecordedAxis[] = plan.axes.map((axis) => ({
    kind: axis.kind,
    source: axis.source,
    length: axis.length,
    targets: axis.targets.map((target) => target.key),
  }));
  const repeat = plan.repeat;
  if (repeat !== null && repeat.targets.length > 0) {
    axes.push({
      kind: 'repeat',
      source: `repeat ×${repeat.copies}`,
      length: repeat.copies,
      targets: repeat.targets.map((target) => target.key),
    });
  }
  return axes;
}
