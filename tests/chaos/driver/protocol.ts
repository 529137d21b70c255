// What the trial and the driver process say to each other: the driver's configuration (an environment
// variable), commands (JSON lines on its stdin) and reports (JSON lines on its stdout, each written whole
// before the next step, so a line is out of the process before a SIGKILL can land).
import { z } from 'zod';
import { sqliteCodeSchema, storeFaultSchema, storeWriteSchema } from '../faults';

export const DRIVER_CONFIG_ENV = 'CHAOS_DRIVER_CONFIG';

export const driverConfigSchema = z.object({
  dataDir: z.string(),
  baseUrl: z.string(),
  apiKey: z.string(),
  /** The whole request, headers and body, in this process (the client's time limit). */
  clientTimeoutMs: z.number().int().positive(),
  /** Items queued or running at once. */
  window: z.number().int().positive(),
  /** The batch's input files (uploaded hash-first, then bound to the image loader). */
  inputsDir: z.string(),
  batchName: z.string(),
  /** Store faults armed in this process. */
  storeFaults: z.array(storeFaultSchema),
});
export type DriverConfig = z.infer<typeof driverConfigSchema>;

export const commandSchema = z.discriminatedUnion('cmd', [
  /** `loupe batch run --inputs … --sweep … --wait`: upload, plan, record, send (or, if recorded, go on). */
  z.object({ cmd: z.literal('send'), cancelPositions: z.array(z.number().int()) }),
  /** `loupe batch resume ID --wait`. */
  z.object({ cmd: z.literal('resume'), cancelPositions: z.array(z.number().int()) }),
  /** `loupe batch retry ID --wait`: failed items again, each under a new key. */
  z.object({ cmd: z.literal('retry'), cancelPositions: z.array(z.number().int()) }),
  /** The disk is mended: store faults stop striking in this process. */
  z.object({ cmd: z.literal('mend') }),
  /** Loupe's record of the batch, its jobs and its uploads, for the verdict. */
  z.object({ cmd: z.literal('report') }),
  z.object({ cmd: z.literal('exit') }),
]);
export type DriverCommand = z.infer<typeof commandSchema>;

export const recordedItemSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  state: z.string(),
  jobId: z.string().nullable(),
  idempotencyKey: z.string(),
  lastError: z.string().nullable(),
  retryOfJob: z.string().nullable(),
  /** The workflow the item sends (its identity is read from it). */
  workflow: z.unknown(),
});
export type RecordedItem = z.infer<typeof recordedItemSchema>;

export const recordedUploadSchema = z.object({
  id: z.string(),
  state: z.string(),
  hash: z.string().nullable(),
  assetId: z.string().nullable(),
  idempotencyKey: z.string(),
  lastError: z.string().nullable(),
});
export type RecordedUpload = z.infer<typeof recordedUploadSchema>;

export const loupeRecordSchema = z.object({
  batchId: z.string().nullable(),
  items: z.array(recordedItemSchema),
  /** Every job the profile's history holds (a retried item's earlier jobs too). */
  jobs: z.array(z.object({ id: z.string(), status: z.string(), goneAt: z.string().nullable() })),
  /** Every job a window was told was gone during the trial, by any of its processes (a later list may clear it). */
  toldGone: z.array(z.string()),
  uploads: z.array(recordedUploadSchema),
});
export type LoupeRecord = z.infer<typeof loupeRecordSchema>;

export const driverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('death'),
    kind: z.enum(['unhandledRejection', 'uncaughtException']),
    message: z.string(),
  }),
  z.object({
    type: z.literal('store-fault'),
    write: storeWriteSchema,
    code: sqliteCodeSchema,
    sql: z.string(),
  }),
  z.object({ type: z.literal('batch'), batchId: z.string() }),
  z.object({
    type: z.literal('cancel'),
    jobId: z.string(),
    ok: z.boolean(),
    detail: z.string(),
  }),
  z.object({
    type: z.literal('done'),
    cmd: z.string(),
    ok: z.boolean(),
    error: z.string().nullable(),
  }),
  z.object({ type: z.literal('report'), record: loupeRecordSchema }),
  z.object({ type: z.literal('log'), message: z.string() }),
]);
export type DriverMessage = z.infer<typeof driverMessageSchema>;
