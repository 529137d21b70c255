// Public surface of core/batches: the active profile's batches read from the store's outbox.
export { BatchReader, type BatchReaderDeps } from './batchReader';
export { countItems, isFinished, type CountedItem } from './batchCounts';
export { exportBatch, type ExportResult, type ExportedItem, type ExportOptions } from './batchExport';
export { BatchTemplates, MAX_TEMPLATES } from './batchTemplates';
