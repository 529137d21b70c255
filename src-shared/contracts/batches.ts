// batches.*: the batches Loupe submitted, read from its own record (the store's outbox), with the jobs their
// items became and every output of those jobs, for the per-batch gallery. Every call works on the active
// profile. Row changes arrive through jobs.updates: a batch screen reads again when one of its jobs changes.
import { z } from 'zod';
import { call, noArgs } from '../contractKit';
import { jobOutputSchema, jobStatusSchema, jobSummarySchema } from './jobs';

/** Batch ids are Loupe's own (UUIDs); they never go into a service URL, but keep them plain all the same. */
export const batchIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'not a batch id');

/**
 * Where one item's submission stands (ARCHITECTURE rule 6):
 *   pending  recorded, not sent yet
 *   sent     sent, no answer recorded yet (in flight, or Loupe stopped before the answer)
 *   unknown  sent, the answer was lost: resent with the same Idempotency-Key, never twice-created
 *   created  accepted; `jobId` names the job
 *   failed   refused by the service; `submitError` says why
 */
export const BATCH_SUBMISSION_STATES = ['pending', 'sent', 'unknown', 'created', 'failed'] as const;
export const batchSubmissionStateSchema = z.enum(BATCH_SUBMISSION_STATES);
export type BatchSubmissionState = z.infer<typeof batchSubmissionStateSchema>;

/** One value a planned item sets: `3.seed` = 7. */
export const batchItemValueSchema = z.object({ target: z.string(), value: z.json() });
export type BatchItemValue = z.infer<typeof batchItemValueSchema>;

export const batchItemSchema = z.object({
  id: z.string(),
  /** A planned item's values on the batch's axes, in axis order; empty for a batch of one. */
  values: z.array(batchItemValueSchema),
  /** 0-based order within the batch. */
  position: z.number().int().nonnegative(),
  submission: batchSubmissionStateSchema,
  submitError: z.string().nullable(),
  /** How many times the request has left (a resend after a lost answer counts). */
  attempts: z.number().int().nonnegative(),
  jobId: z.string().nullable(),
  /** The job as Loupe last saw it; null before it exists, or when Loupe has no row for it. */
  job: jobSummarySchema.nullable(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

/** Items counted by where they stand: a job's status once there is a job, else the submission's state. */
export const batchCountsSchema = z.object({
  /** pending, sent or unknown: no job yet. */
  submitting: z.number().int().nonnegative(),
  /** refused by the service: no job will come. */
  submitFailed: z.number().int().nonnegative(),
  /** Created items by their job's status ('unknown' too when Loupe has no row for the job yet). */
  jobs: z.partialRecord(jobStatusSchema, z.number().int().nonnegative()),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  itemCount: z.number().int().nonnegative(),
  counts: batchCountsSchema,
  /** Outputs recorded so far across all the batch's jobs. */
  outputsCount: z.number().int().nonnegative(),
  /** Every item has a job in a final state, or was refused: nothing more will change. */
  finished: z.boolean(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** An output in a batch's gallery: a job's output, with the job it came from. */
export const batchOutputSchema = jobOutputSchema.extend({ jobId: z.string() });
export type BatchOutput = z.infer<typeof batchOutputSchema>;

export const batchDetailSchema = batchSummarySchema.extend({
  items: z.array(batchItemSchema),
  /** In item order, then in each job's own output order. */
  outputs: z.array(batchOutputSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

export const batchesContract = {
  /** The active profile's batches, newest first. */
  'batches.list': call(noArgs, z.object({ batches: z.array(batchSummarySchema) })),
  /** One batch of the active profile. Error `batch_not_found` when there is none with this id. */
  'batches.get': call(z.strictObject({ batchId: batchIdSchema }), batchDetailSchema),
} as const;
