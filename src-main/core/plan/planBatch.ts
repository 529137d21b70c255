// The planner's door: one API-format workflow and what to vary in it, in; a BatchPlan out, or one
// BatchPlanError that says which part to change. Pure: no disk, no clock, no network. A file named by
// `@name` is read through the caller's `readFile`, and a repeat's seeds come from the caller's `random`.
//
// The count is worked out from the axes' lengths alone, before any item or seed exists, so a request for a
// million items is refused at once instead of after a million workflows were built.
import { BatchPlan, type RepeatSeeds } from './batchPlan';
import { inputsAxis } from './inputsAxis';
import type { PlanAxis } from './planAxis';
import { BatchPlanError, shownSource } from './planError';
import { drawSeeds, seedTargets } from './repeatSeeds';
import { sweepAxis } from './sweepAxis';
import type { ReadFile } from './sweepSpec';
import { tableAxis } from './tableAxis';
import { readWorkflow, type ApiWorkflow } from './workflowShape';

/** The most items a plan may have unless the caller says otherwise. */
export const DEFAULT_MAX_BATCH_ITEMS = 10_000;

export type AxisRequest =
  /** `NODE.INPUT=SPEC`: `3.seed=1..8`, `3.seed=1..100:5`, `6.text=a,b\,c`, `3.cfg=@cfgs.txt`. */
  | { kind: 'sweep'; text: string }
  /** CSV text whose header names inputs (`3.seed,6.text`), one position per row (`name`: its label). */
  | { kind: 'table'; csv: string; name?: string }
  /** Already-uploaded assets bound to one input (`10.image`), one position per asset. */
  | { kind: 'inputs'; target: string; assetIds: readonly string[] };

export interface BatchPlanRequest {
  /** An API-format workflow; checked here, never changed. */
  workflow: unknown;
  /** What to vary, first outermost. None: one item (times repeat). */
  axes?: readonly AxisRequest[];
  /** Pair the axes position by position instead of taking every combination; they must be equally long. */
  zip?: boolean;
  /** Copies of each combination, each with fresh seeds. Absent: one copy, the workflow's own seeds kept. */
  repeat?: number;
  /** Refuse plans with more items than this. Default DEFAULT_MAX_BATCH_ITEMS. */
  maxItems?: number;
}

export interface PlanEnvironment {
  /** Returns the text of a file an `@name` sweep names; without it, such a sweep is refused. */
  readFile?: ReadFile;
  /** A number in [0, 1), as Math.random gives (the default); injected so tests can pin the seeds. */
  random?: () => number;
}

function positiveInteger(value: number | undefined, fallback: number): number | null {
  if (value === undefined) return fallback;
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

function buildAxis(request: AxisRequest, workflow: ApiWorkflow, readFile: ReadFile | undefined): PlanAxis {
  switch (request.kind) {
    case 'sweep':
      return sweepAxis(request.text, workflow, readFile);
    case 'table':
      return tableAxis(request.csv, request.name, workflow);
    case 'inputs':
      return inputsAxis(request.target, request.assetIds, workflow);
  }
}

/** Two axes setting one input would leave only the later value, so the earlier one would vary nothing. */
function refuseSharedTargets(axes: readonly PlanAxis[]): Set<string> {
  const owner = new Map<string, string>();
  for (const axis of axes) {
    for (const target of axis.targets) {
      const earlier = owner.get(target.key);
      if (earlier !== undefined) {
        throw new BatchPlanError(
          `${target.key} is set by two axes (${shownSource(earlier)} and ${shownSource(axis.source)}). ` +
            'Keep one of them, or put the values in one list.',
          { part: axis.kind, source: axis.source, target: target.key },
        );
      }
      owner.set(target.key, axis.source);
    }
  }
  return new Set(owner.keys());
}

function refuseUnevenZip(axes: readonly PlanAxis[]): void {
  const first = axes[0];
  if (first === undefined || axes.every((axis) => axis.length === first.length)) return;
  const lengths = axes.map((axis) => ({ source: axis.source, length: axis.length }));
  throw new BatchPlanError(
    `Zip pairs the axes value by value, so they must be equally long, but they are not: ` +
      `${lengths.map(({ source, length }) => `${shownSource(source)} has ${length}`).join(', ')}. ` +
      'Make them the same length, or drop zip to take every combination.',
    { part: 'zip', lengths },
  );
}

function grouped(count: bigint): string {
  return count.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The item count, exactly (BigInt: a product of long ranges can pass 2^53), from lengths alone. */
function itemCount(axes: readonly PlanAxis[], zip: boolean, copies: number): bigint {
  const combinations = zip
    ? BigInt(axes[0]?.length ?? 1)
    : axes.reduce((product, axis) => product * BigInt(axis.length), 1n);
  return combinations * BigInt(copies);
}

export function planBatch(request: BatchPlanRequest, environment: PlanEnvironment = {}): BatchPlan {
  const maxItems = positiveInteger(request.maxItems, DEFAULT_MAX_BATCH_ITEMS);
  if (maxItems === null) {
    const written = String(request.maxItems);
    throw new BatchPlanError(`The item limit must be a whole number of at least 1 (it is ${written}).`, {
      part: 'limit',
    });
  }
  const copies = positiveInteger(request.repeat, 1);
  if (copies === null) {
    const written = String(request.repeat);
    throw new BatchPlanError(`Repeat must be a whole number of at least 1 (it is ${written}).`, {
      part: 'repeat',
    });
  }
  // The plan keeps its own copy: a caller changing its workflow later cannot change what the items hold.
  const workflow = structuredClone(readWorkflow(request.workflow));
  const axes = (request.axes ?? []).map((axis) => buildAxis(axis, workflow, environment.readFile));
  const taken = refuseSharedTargets(axes);
  const zip = request.zip === true;
  if (zip) refuseUnevenZip(axes);

  const count = itemCount(axes, zip, copies);
  if (count > BigInt(maxItems)) {
    throw new BatchPlanError(
      `This batch would make ${grouped(count)} items, more than the limit of ${grouped(BigInt(maxItems))}. ` +
        'Use fewer values (a larger step, a shorter list)' +
        (zip || axes.length < 2 ? '' : ', zip the axes instead of combining them') +
        ', or raise the limit.',
      { part: 'limit', count: count.toString(), limit: maxItems },
    );
  }
  const total = Number(count);
  let repeat: RepeatSeeds | null = null;
  if (request.repeat !== undefined) {
    const targets = seedTargets(workflow, taken);
    repeat = { copies, targets, seeds: drawSeeds(total, targets.length, environment.random ?? Math.random) };
  }
  return new BatchPlan(workflow, axes, zip, repeat, total);
}
