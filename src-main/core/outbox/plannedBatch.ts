// Records a planned batch (one workflow over many inputs) in one durable commit: the batch with its plan,
// and every item's request and own Idempotency-Key, before the first request leaves (rule 6). On serverless
// each job also carries the labels `loupe.batch` and `loupe.item`, so the service's own list can be filtered
// by them; the managed service refuses labels and a self-hosted proxy drops them, so they are not sent there.
import type { Connection } from '../api';
import { SubmitJobBodySchema, validateRequest } from '../api';
import type { BatchRow, JsonObject, LoupeStore } from '../store';
import { materialisePlan, recordedAxes, type BatchPlan } from '../plan';

export interface PlannedItemInput {
  /** The item's values on the batch's axes, in axis order. */
  values: Array<{ target: string; value: JsonObject[string] }>;
  /** The workflow with those values applied. */
  workflow: Record<string, unknown>;
}

export interface RecordBatchDeps {
  store: LoupeStore;
  profileId: string;
  surface: Connection['surface'];
  newId: () => string;
}

/** Labels go where the surface keeps them (NOTES "Job labels"). */
function batchLabels(surface: Connection['surface'], batchId: string, position: number) {
  return surface === 'serverless' ? { 'loupe.batch': batchId, 'loupe.item': String(position) } : undefined;
}

export function recordPlannedBatch(
  deps: RecordBatchDeps,
  batch: { name: string; plan: JsonObject },
  items: readonly PlannedItemInput[],
): BatchRow {
  const batchId = deps.newId();
  const intents = items.map((item, position) => {
    const metadata = batchLabels(deps.surface, batchId, position);
    // Checked before anything is recorded: a body the service would refuse is never written as sendable.
    const body = validateRequest(
      SubmitJobBodySchema,
      { workflow: item.workflow, ...(metadata === undefined ? {} : { metadata }) },
      'invalid_request',
    );
    return {
      id: deps.newId(),
      idempotencyKey: deps.newId(),
      request: body as JsonObject,
      values: item.values,
    };
  });
  return deps.store.batches.create(
    { id: batchId, profileId: deps.profileId, name: batch.name, plan: batch.plan },
    intents,
  ).batch;
}

/** What a planned batch's record keeps of its plan, beside the items: enough to show and lay it out again. */
export interface PlanRecordOptions {
  name: string;
  workflowFile: string | null;
  /** Items in flight at once, as the user chose it. */
  window: number;
}

/**
 * Records a plan the planner made: its items, and the plan's description (the axes with the inputs each sets,
 * zip, repeat, the window). Every host records a plan through here, so the app and the CLI keep the same.
 */
export function recordPlan(deps: RecordBatchDeps, planned: BatchPlan, options: PlanRecordOptions): BatchRow {
  const plan: JsonObject = {
    workflowFile: options.workflowFile,
    axes: recordedAxes(planned).map((axis) => ({ ...axis })),
    zip: planned.zip,
    repeat: planned.repeat?.copies ?? null,
    window: options.window,
  };
  const items = materialisePlan(planned).map((item) => ({ values: item.values, workflow: item.workflow }));
  return recordPlannedBatch(deps, { name: options.name, plan }, items);
}
