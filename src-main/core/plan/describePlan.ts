// What a preview table shows before a batch is started: each input that varies with its first values, the
// total, and the first items. Built from the plan's lazy parts, so describing ten thousand items looks at
// the first few and builds no workflow.
import type { BatchPlan, PlanEntry } from './batchPlan';
import type { JsonValue } from './workflowShape';

export interface PlanColumn {
  /** `NODE.INPUT`. */
  target: string;
  /** The axis that sets it, as written; `repeat` for a drawn seed. */
  source: string;
  kind: 'sweep' | 'table' | 'inputs' | 'repeat';
  /** Distinct positions on its axis (for a drawn seed: one per item). */
  length: number;
  firstValues: JsonValue[];
}

export interface PlanDescription {
  count: number;
  zip: boolean;
  /** Copies of each combination; null without repeat. */
  repeat: number | null;
  columns: PlanColumn[];
  /** The first items, in order. */
  items: PlanEntry[];
}

export interface DescribeOptions {
  /** Items to list; default 20. */
  items?: number;
  /** Values to list per column; default 5. */
  values?: number;
}

export function describePlan(plan: BatchPlan, options: DescribeOptions = {}): PlanDescription {
  const itemLimit = Math.max(0, options.items ?? 20);
  const valueLimit = Math.max(0, options.values ?? 5);
  const columns: PlanColumn[] = [];
  for (const axis of plan.axes) {
    const positions = Math.min(axis.length, valueLimit);
    axis.targets.forEach((target, t) => {
      const firstValues: JsonValue[] = [];
      for (let p = 0; p < positions; p += 1) firstValues.push(axis.valuesAt(p)[t] ?? null);
      columns.push({
        target: target.key,
        source: axis.source,
        kind: axis.kind,
        length: axis.length,
        firstValues,
      });
    });
  }
  const repeat = plan.repeat;
  repeat?.targets.forEach((target, t) => {
    const firstValues: JsonValue[] = [];
    for (let i = 0; i < Math.min(plan.count, valueLimit); i += 1) {
      firstValues.push(repeat.seeds[i * repeat.targets.length + t] ?? 0);
    }
    columns.push({ target: target.key, source: 'repeat', kind: 'repeat', length: plan.count, firstValues });
  });
  const items: PlanEntry[] = [];
  for (let i = 0; i < Math.min(plan.count, itemLimit); i += 1) items.push(plan.entryAt(i));
  return { count: plan.count, zip: plan.zip, repeat: repeat?.copies ?? null, columns, items };
}
