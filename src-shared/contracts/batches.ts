// batches.*: the batches Loupe submitted, read from its own record (the store's outbox), with the jobs their
// items became and every output of those jobs, for the per-batch gallery. Every call works on the active
// profile. Row changes arrive through jobs.updates: a batch screen reads again when one of its jobs changes.
import { z } from 'zod';
import { call, noArgs, scopedCall } from '../contractKit';
import { MAX_TABLE_BYTES, MAX_WORKFLOW_BYTES } from '../limits';
import { jobOutputSchema, jobStatusSchema, jobSummarySchema, jobThumbnailSchema } from './jobs';

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
  /**
   * Created items whose job the service said it no longer knows (contract `goneAt`): counted here, not under
   * `jobs.unknown`. Absent when there are none (and from an older host).
   */
  gone: z.number().int().nonnegative().optional(),
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
  /**
   * The batch's picture (rowPictureOf over its outputs in item order): its first image, else its first sound's
   * waveform or video's poster; null while there is none.
   */
  thumbnail: jobThumbnailSchema.nullable(),
  /** Every item has a job in a final state, or was refused: nothing more will change. */
  finished: z.boolean(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

/** An output in a batch's gallery: a job's output, with the job it came from. */
export const batchOutputSchema = jobOutputSchema.extend({ jobId: z.string() });
export type BatchOutput = z.infer<typeof batchOutputSchema>;

/** One axis of a planned batch, with the inputs it sets (a table's row sets several; repeat sets the seeds). */
export const batchAxisSchema = z.object({
  kind: z.enum(['sweep', 'table', 'inputs', 'repeat']),
  source: z.string(),
  targets: z.array(z.string()),
});
export type BatchAxis = z.infer<typeof batchAxisSchema>;

export const batchDetailSchema = batchSummarySchema.extend({
  /**
   * The plan's axes in the order item values list them; empty for a batch of one, or one recorded before
   * Loupe kept them (then each input is taken as an axis of its own).
   */
  axes: z.array(batchAxisSchema),
  /** The axes were paired (zip), not multiplied: they move together, as one axis. */
  zip: z.boolean(),
  items: z.array(batchItemSchema),
  /** In item order, then in each job's own output order. */
  outputs: z.array(batchOutputSchema),
});
export type BatchDetail = z.infer<typeof batchDetailSchema>;

/** `NODE.INPUT`, as the planner reads it. */
const targetSchema = z.string().min(3).max(200);

/** One thing to vary: a sweep (`3.seed=1..8`), a CSV table, or uploaded assets bound to an input. */
export const batchAxisRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('sweep'), text: z.string().min(3).max(100_000) }),
  z.strictObject({
    kind: z.literal('table'),
    csv: z.string().max(MAX_TABLE_BYTES),
    name: z.string().max(255).optional(),
  }),
  z.strictObject({
    kind: z.literal('inputs'),
    target: targetSchema,
    assetIds: z.array(z.string().min(1).max(200)).min(1).max(10_000),
  }),
]);
export type BatchAxisRequest = z.infer<typeof batchAxisRequestSchema>;

/** One workflow and what to vary in it (core/plan). */
export const batchPlanArgsSchema = z.strictObject({
  /** The workflow file's text, as jobs.submit takes it. */
  workflowJson: z.string().max(MAX_WORKFLOW_BYTES),
  fileName: z.string().max(255).optional(),
  axes: z.array(batchAxisRequestSchema).max(16),
  zip: z.boolean().optional(),
  repeat: z.number().int().min(1).max(10_000).optional(),
});
export type BatchPlanArgs = z.infer<typeof batchPlanArgsSchema>;

export const batchPlanColumnSchema = z.object({
  target: z.string(),
  source: z.string(),
  kind: z.enum(['sweep', 'table', 'inputs', 'repeat']),
  length: z.number().int().nonnegative(),
  firstValues: z.array(z.json()),
});

/** A value the service's object_info says will be refused, with the first item that carries it. */
export const batchPlanProblemSchema = z.object({
  kind: z.enum(['wrong_type', 'below_min', 'above_max', 'not_a_choice']),
  target: z.string(),
  itemIndex: z.number().int().nonnegative(),
  message: z.string(),
});

/** What will run, before anything is sent: the count, the columns, the first items, and any problems. */
export const batchPlanPreviewSchema = z.object({
  count: z.number().int().nonnegative(),
  columns: z.array(batchPlanColumnSchema),
  items: z.array(z.object({ index: z.number().int().nonnegative(), values: z.array(batchItemValueSchema) })),
  problems: z.array(batchPlanProblemSchema),
  /** False where the service offers no object_info: the values were not checked against the nodes. */
  checked: z.boolean(),
});
export type BatchPlanPreview = z.infer<typeof batchPlanPreviewSchema>;

export const batchFailureGroupSchema = z.object({
  code: z.string(),
  message: z.string(),
  itemIds: z.array(z.string()),
  positions: z.array(z.number().int().nonnegative()),
});
export type BatchFailureGroup = z.infer<typeof batchFailureGroupSchema>;

/** Why a batch that is sending sends nothing for now (src-shared/batchWait.ts says it in words). */
export const batchWaitReasonSchema = z.enum(['queue_full', 'service_starting', 'keychain_locked']);
export type BatchWaitReason = z.infer<typeof batchWaitReasonSchema>;
export const batchWaitSchema = z.object({
  reason: batchWaitReasonSchema,
  /** When sending is tried again (milliseconds since the epoch, main's clock). */
  retryAt: z.number().int().nonnegative(),
});
export type BatchWait = z.infer<typeof batchWaitSchema>;

/**
 * Where main's sending of a batch stands: `sending` while this Loupe sends it or waits for its window;
 * `elsewhere` while another Loupe process (the CLI, a second window) holds it; `paused` by the user or by
 * itself, with the reason (a full disk, say); `idle` when nothing sends it.
 */
export const batchSendingSchema = z.object({
  batchId: z.string(),
  state: z.enum(['sending', 'paused', 'canceled', 'idle', 'elsewhere']),
  window: z.number().int().min(1).max(64),
  /** Automatic retries per item, as the batch was started (null: off). */
  autoRetry: z.number().int().nullable(),
  /** Why it paused by itself, or who sends it elsewhere; null otherwise. */
  reason: z.string().nullable(),
  /** Sending, but holding back for now (a full queue, a locked keychain); null when it is not waiting. */
  waiting: batchWaitSchema.nullable(),
});
export type BatchSending = z.infer<typeof batchSendingSchema>;

/** A plan kept to run again: the workflow's text and its variations, with the window. */
export const batchTemplatePlanSchema = batchPlanArgsSchema.extend({
  /** Templates live in Loupe's settings: as large a workflow as a plan takes. */
  workflowJson: z.string().max(MAX_WORKFLOW_BYTES),
  window: z.number().int().min(1).max(64),
  autoRetry: z.number().int().min(2).max(10).optional(),
});
export const batchTemplateSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(200),
  savedAt: z.string(),
  plan: batchTemplatePlanSchema,
});
export type BatchTemplate = z.infer<typeof batchTemplateSchema>;

export const batchesContract = {
  /**
   * Every output of the batch into a folder the user picks in main's own dialog (named from the items'
   * values, with manifest.csv and manifest.json). `not_available` where there is no dialog (the browser
   * shell: `loupe batch export ID --to DIR` does it there).
   */
  'batches.export': scopedCall(
    z.strictObject({ batchId: batchIdSchema }),
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('exported'),
        folder: z.string(),
        files: z.number().int().nonnegative(),
        failed: z.number().int().nonnegative(),
      }),
      z.object({ kind: z.literal('cancelled') }),
      z.object({ kind: z.literal('not_available'), message: z.string() }),
    ]),
  ),
  /**
   * The batch's contact sheet as one labelled PNG (at most 10,000 × 10,000 px) or one self-contained HTML
   * page, written into where batches.export writes (the folder picked in main's dialog; a new folder under
   * the browser shell's Downloads/Loupe). `x` and `y` name inputs (`3.seed`); y absent: the next axis. Errors:
   * batch_not_found, unknown_axis (an axis the batch has not, or the same axis twice), sheet_too_large.
   */
  'batches.exportSheet': scopedCall(
    z.strictObject({
      batchId: batchIdSchema,
      x: targetSchema,
      y: targetSchema.optional(),
      format: z.enum(['png', 'html']),
    }),
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('saved'),
        path: z.string(),
        folder: z.string(),
        format: z.enum(['png', 'html']),
        cells: z.number().int().nonnegative(),
        width: z.number().int().positive().nullable(),
        height: z.number().int().positive().nullable(),
      }),
      z.object({ kind: z.literal('cancelled') }),
      z.object({ kind: z.literal('not_available'), message: z.string() }),
    ]),
  ),
  /** Saved plans, newest first (not per profile: a plan can run against any service). */
  'batches.templates': call(noArgs, z.object({ templates: z.array(batchTemplateSchema) })),
  /** Saves a plan under a name; the same name replaces the template it names. */
  'batches.saveTemplate': call(
    z.strictObject({ name: z.string().trim().min(1).max(200), plan: batchTemplatePlanSchema }),
    batchTemplateSchema,
  ),
  'batches.deleteTemplate': call(
    z.strictObject({ id: z.string().min(1).max(100) }),
    z.object({ deleted: z.boolean() }),
  ),
  /** What a plan would run, checked against the service's nodes where it offers object_info. Sends nothing. */
  'batches.plan': scopedCall(batchPlanArgsSchema, batchPlanPreviewSchema),
  /** Records the planned batch (every item with its own key) and starts sending it, `window` in flight. */
  'batches.start': scopedCall(
    batchPlanArgsSchema.extend({
      name: z.string().min(1).max(200),
      window: z.number().int().min(1).max(64),
      /** Opt-in: transient failures (worker lost, out of memory, upstream) sent again, up to this many attempts. */
      autoRetry: z.number().int().min(2).max(10).optional(),
    }),
    batchSendingSchema,
  ),
  /**
   * Where main's sending of the batch stands now: `sending` while this Loupe sends it, `paused`, `canceled`
   * (also after a restart: the cancel is recorded), else `idle` (nothing sending it: Resume takes it up).
   */
  'batches.sending': scopedCall(z.strictObject({ batchId: batchIdSchema }), batchSendingSchema),
  /** Pause, resume or cancel sending (cancel also stops what is queued or running); adjust the window. */
  'batches.control': scopedCall(
    z.strictObject({
      batchId: batchIdSchema,
      action: z.enum(['pause', 'resume', 'cancel', 'window']),
      window: z.number().int().min(1).max(64).optional(),
    }),
    batchSendingSchema,
  ),
  /** The batch's failures grouped by error. */
  'batches.failures': scopedCall(
    z.strictObject({ batchId: batchIdSchema }),
    z.object({ groups: z.array(batchFailureGroupSchema) }),
  ),
  /** Sends failed items again as their next attempts (all, or one group's code) and resumes sending. */
  'batches.retryFailed': scopedCall(
    z.strictObject({ batchId: batchIdSchema, code: z.string().min(1).max(200).optional() }),
    z.object({ retried: z.number().int().nonnegative(), sending: batchSendingSchema }),
  ),
  /** The active profile's batches, newest first. */
  'batches.list': scopedCall(noArgs, z.object({ batches: z.array(batchSummarySchema) })),
  /** One batch of the active profile. Error `batch_not_found` when there is none with this id. */
  'batches.get': scopedCall(z.strictObject({ batchId: batchIdSchema }), batchDetailSchema),
} as const;
