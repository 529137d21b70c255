// Public surface of the batch planner: pure functions from one workflow and what to vary in it to the items
// a batch runs. The runner and the CLI import from here only.
export {
  planBatch,
  DEFAULT_MAX_BATCH_ITEMS,
  type AxisRequest,
  type BatchPlanRequest,
  type PlanEnvironment,
} from './planBatch';
export {
  BatchPlan,
  materialisePlan,
  type PlanEntry,
  type PlanItem,
  type PlanValue,
  type RepeatSeeds,
} from './batchPlan';
export type { PlanAxis } from './planAxis';
export type { ReadFile } from './sweepSpec';
export type { ResolvedTarget } from './targets';
export {
  BatchPlanError,
  isBatchPlanError,
  INVALID_BATCH_PLAN,
  type BatchPlanErrorDetails,
} from './planError';
export { describePlan, type DescribeOptions, type PlanColumn, type PlanDescription } from './describePlan';
export { checkAgainstObjectInfo, type PlanProblem, type PlanProblemKind } from './objectInfoCheck';
export { assetReference } from './inputsAxis';
export { recordedAxes, type RecordedAxis } from './sheetAxes';
export { SEED_LIMIT } from './repeatSeeds';
export type { ApiWorkflow, JsonValue, WorkflowNode } from './workflowShape';
export { readCsv, type CsvReading, type CsvRecord } from './csv';
