// The local store's public surface.
export { openStore, LoupeStore, type OpenStoreOptions, type StoreDiagnostics } from './loupeStore';
export { StoreError, isStoreError, type StoreErrorCode, type StoreErrorDetails } from './errors';
export type { RowsRead, JsonObject, Labels } from './rowCodec';
export type { MigrationReport } from './migrations';
export { outboxStateSchema, idempotencyKeySchema, type OutboxState, type OutboxFailure } from './outbox';
export {
  surfaceSchema,
  builtInSchema,
  type Surface,
  type BuiltIn,
  type ProfileRow,
  type NewProfileRow,
  type ProfileRowPatch,
  type ProfilesTable,
} from './profilesTable';
export type { SettingsTable, SettingKey } from './settingsTable';
export {
  jobSnapshotSchema,
  terminalJobStatuses,
  type JobSnapshot,
  type JobRow,
  type SubmittedJob,
  type JobCursor,
  type JobListOptions,
  type CreationPlace,
  type PlacedJobRow,
  type JobsTable,
} from './jobsTable';
export type { OutputInput, OutputRow, OutputRowInput, OutputsTable } from './outputsTable';
export type { AssetDescription, AssetRow, AssetsTable, KnownOutputRow } from './assetsTable';
export type { UploadIntent, UploadResult, UploadRow, UploadsTable } from './uploadsTable';
export type { NewBatch, BatchRow, BatchesTable } from './batchesTable';
export {
  sendingWantedSchema,
  type BatchSendingRow,
  type BatchSendingTable,
  type LeaseAnswer,
  type SendingSettings,
  type SendingWanted,
} from './batchSendingTable';
export type {
  BatchItemIntent,
  BatchItemResult,
  BatchItemRow,
  BatchItemPosition,
  BatchItemStanding,
  BatchItemView,
  BatchItemsTable,
} from './batchItemsTable';
export { sendWithIntent, type SendOutcome, type OutboxTable } from './writeBeforeSend';
export type { ModelFacts, RouterCatalogueTable, StoredCatalogue, StoredModel } from './routerCatalogueTable';
export type { SpendFigures, SpendRow, RouterSpendTable } from './routerSpendTable';
export type { RouterRunsTable } from './routerRunsTable';
export type { AdmittedRun, CompletedAnswer, RunOutcome } from './routerRunSteps';
export {
  OPEN_RUN_STATES,
  type QueueLinks,
  type RouterRunIntent,
  type RouterRunRow,
  type StoredMedia,
  type StoredRunMeta,
  type StoredRunMode,
  type StoredRunState,
} from './routerRunRow';
