// A planned batch: its axes, its count, and any item on demand. Nothing is built until asked for, so a
// preview of the first twenty items of ten thousand copies twenty workflows, not ten thousand.
//
// Items are numbered with the first axis outermost and the last innermost (product), or all axes in step
// (zip); repeat copies are innermost of all, so an item's copies sit side by side.
import type { PlanAxis } from './planAxis';
import { itemSlug } from './slug';
import type { ResolvedTarget } from './targets';
import type { ApiWorkflow, JsonValue } from './workflowShape';

export interface PlanValue {
  /** `NODE.INPUT`. */
  target: string;
  value: JsonValue;
}

/** What an item is, short of its workflow: enough for a preview row. */
export interface PlanEntry {
  /** Position in the batch, from 0. */
  index: number;
  /** Which repeat copy this is, from 0; 0 without repeat. */
  copy: number;
  /** What the item sets: the axes' values in axis order, then its drawn seeds (repeat) in node order. */
  values: PlanValue[];
  /** A short file-name-safe name from the values (`seed-3_cfg-7`); not unique on its own. */
  slug: string;
}

export interface PlanItem extends PlanEntry {
  /** A copy of the workflow with the values in place; the plan's own workflow is never touched. */
  workflow: ApiWorkflow;
}

export interface RepeatSeeds {
  /** How many copies of each combination. */
  copies: number;
  /** The inputs redrawn for every item. */
  targets: readonly ResolvedTarget[];
  /** `targets.length` seeds per item, item by item. */
  seeds: Float64Array;
}

/** One value an item writes, with where it goes; `drawn` for a repeat's seed. */
interface Setting {
  target: ResolvedTarget;
  value: JsonValue;
  drawn: boolean;
}

export class BatchPlan {
  /** Distance in item numbers between two neighbouring values of each axis. */
  private readonly strides: readonly number[];

  constructor(
    /** The validated workflow the items start from (the plan's own copy). */
    readonly workflow: ApiWorkflow,
    readonly axes: readonly PlanAxis[],
    readonly zip: boolean,
    /** null when the request asked for no repeat: the workflow's own seeds are kept. */
    readonly repeat: RepeatSeeds | null,
    readonly count: number,
  ) {
    const copies = repeat?.copies ?? 1;
    const strides: number[] = [];
    let stride = copies;
    for (let k = axes.length - 1; k >= 0; k -= 1) {
      strides[k] = stride;
      if (!zip) stride *= axes[k]?.length ?? 1;
    }
    this.strides = strides;
  }

  /** Where item `index` stands on axis `axis`. */
  positionOn(axis: number, index: number): number {
    const length = this.axes[axis]?.length ?? 1;
    return Math.floor(index / (this.strides[axis] ?? 1)) % length;
  }

  /** The first item that takes value `position` of axis `axis`. */
  firstItemAt(axis: number, position: number): number {
    return position * (this.strides[axis] ?? 1);
  }

  /** Item `index` without its workflow: cheap, for previews. */
  entryAt(index: number): PlanEntry {
    return this.entryFrom(index, this.settingsAt(index));
  }

  itemAt(index: number): PlanItem {
    const settings = this.settingsAt(index);
    const workflow = structuredClone(this.workflow);
    for (const { target, value } of settings) {
      const node = workflow[target.nodeId];
      // Each item gets its own copy of a value, so changing one item's workflow never reaches another's.
      if (node !== undefined) node.inputs[target.input] = structuredClone(value);
    }
    return { ...this.entryFrom(index, settings), workflow };
  }

  /** Items `from` up to (not including) `to`, built one at a time as the caller takes them. */
  *items(from = 0, to = this.count): Generator<PlanItem> {
    for (let index = Math.max(0, from); index < Math.min(to, this.count); index += 1)
      yield this.itemAt(index);
  }

  [Symbol.iterator](): Generator<PlanItem> {
    return this.items();
  }

  private entryFrom(index: number, settings: readonly Setting[]): PlanEntry {
    const copies = this.repeat?.copies ?? 1;
    const copy = index % copies;
    const slugParts = settings
      .filter((setting) => !setting.drawn)
      .map(({ target, value }) => ({ input: target.input, value }));
    return {
      index,
      copy,
      values: settings.map(({ target, value }) => ({ target: target.key, value })),
      slug: itemSlug(slugParts, copies > 1 ? copy + 1 : null, index),
    };
  }

  private settingsAt(index: number): Setting[] {
    this.checkIndex(index);
    const settings: Setting[] = [];
    this.axes.forEach((axis, k) => {
      const row = axis.valuesAt(this.positionOn(k, index));
      axis.targets.forEach((target, t) => settings.push({ target, value: row[t] ?? null, drawn: false }));
    });
    if (this.repeat !== null) {
      const { targets, seeds } = this.repeat;
      targets.forEach((target, t) =>
        settings.push({ target, value: seeds[index * targets.length + t] ?? 0, drawn: true }),
      );
    }
    return settings;
  }

  private checkIndex(index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) {
      throw new RangeError(`Item ${index} is outside the plan (0 to ${this.count - 1}).`);
    }
  }
}

/** Every item, built: what the runner records before it sends anything. */
export function materialisePlan(plan: BatchPlan): PlanItem[] {
  return [...plan.items()];
}
