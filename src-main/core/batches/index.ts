// Public surface of core/batches: the active profile's batches read from the store's outbox.
export { BatchReader, type BatchReaderDeps } from './batchReader';
export { countItems, isFinished, type CountedItem } from './batchCounts';
export {
  recordPlan,
  recordPlannedBatch,
  type PlanRecordOptions,
  type PlannedItemInput,
  type RecordBatchDeps,
} from '../outbox/plannedBatch';
export { exportBatch, type ExportResult, type ExportedItem, type ExportOptions } from './batchExport';
export { failureGroups, NOT_SENT_GROUP, type FailureGroup } from '../outbox/failureGroups';
export { isTransientFailure } from '../outbox/transientFailure';
export { BatchTemplates, MAX_TEMPLATES } from './batchTemplates';
