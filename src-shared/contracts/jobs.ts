// jobs.*: the job list, one job kept live, its logs and workflow, and the actions on it.
// The renderer sees normalized snapshots: no service URLs, no HTTP statuses. Unknown statuses arrive as
// 'unknown' (with the raw text kept) and are never taken for done.
import { z } from 'zod';
import { noArgs, recordOf, scopedCall, scopedStream } from '../contractKit';
import {
  MAX_LABEL_FILTERS,
  MAX_LABEL_KEY_LENGTH,
  MAX_LABEL_VALUE_LENGTH,
  MAX_WORKFLOW_BYTES,
} from '../limits';

import { JOB_STATUSES } from '../jobStatus';

export { JOB_STATUSES, TERMINAL_JOB_STATUSES, isTerminalJobStatus, type JobStatus } from '../jobStatus';
export const jobStatusSchema = z.enum(JOB_STATUSES);

/** Ids go into URL paths in main: keep them to characters that need no escaping to be unambiguous. */
export const jobIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:-]+$/, 'not a job id');

export const jobProgressSchema = z.object({
  value: z.number().min(0).max(1),
  nodesDone: z.number().int().nonnegative(),
  nodesTotal: z.number().int().nonnegative(),
  currentNode: z.string().nullable(),
  currentNodeClass: z.string().nullable(),
  step: z.number().int().nullable(),
  steps: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

export const OUTPUT_TYPES = ['image', 'video', 'audio', 'text', 'file', 'latent', 'unknown'] as const;

export const jobOutputSchema = z.object({
  assetId: z.string(),
  nodeId: z.string(),
  name: z.string(),
  type: z.enum(OUTPUT_TYPES),
  contentType: z.string(),
  sizeBytes: z.number().int().nonnegative().nullable(),
  hash: z.string().nullable(),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

export const jobErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  nodeId: z.string().nullable(),
  classType: z.string().nullable(),
  traceback: z.string().nullable(),
});
export type JobError = z.infer<typeof jobErrorSchema>;

const labelsSchema = z.record(z.string(), z.string());

/**
 * Outputs a snapshot carries at most: the first ones, in the job's order. A job can write thousands, and a
 * snapshot travels to the page on every change; jobs.outputs pages through the rest.
 */
export const SNAPSHOT_OUTPUTS = 100;

/** One job as Loupe knows it now. */
export const jobSnapshotSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  status: jobStatusSchema,
  /** The status text exactly as the service sent it (v1 strings included). */
  rawStatus: z.string(),
  createdAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** When Loupe last learned something about this job. */
  observedAt: z.string(),
  queuePosition: z.number().int().nonnegative().nullable(),
  progress: jobProgressSchema.nullable(),
  /** The first SNAPSHOT_OUTPUTS outputs, in the job's order. */
  outputs: z.array(jobOutputSchema).max(SNAPSHOT_OUTPUTS),
  /** How many outputs the job has in all (jobs.outputs pages through them). */
  outputsCount: z.number().int().nonnegative(),
  error: jobErrorSchema.nullable(),
  /** queue_ms, execution_ms, …: null while not yet available. */
  metrics: z.record(z.string(), z.number().nullable()),
  labels: labelsSchema,
  /** The service offers a log for this job's surface (it may still answer "no log" for this job). */
  logsOffered: z.boolean(),
  submittedByUs: z.boolean(),
  /** The job this one retries, and the jobs that retried this one: the attempts chain. */
  retryOf: z.string().nullable(),
  retries: z.array(z.string()),
  /**
   * The batch of several items this job runs an item of, as Loupe sent it; null for a lone submit or a job
   * Loupe did not send. Its end is the batch's news: no notice of its own.
   */
  batchId: z.string().nullable(),
  /**
   * When the service answered that it no longer knows this job (404) while Loupe still had it in flight, before
   * any retention deadline Loupe knew had passed: a local proxy that restarted, or a key now another account's.
   * The status is then 'unknown' (rawStatus keeps the last one read). Null or absent otherwise.
   */
  goneAt: z.string().max(64).nullable().optional(),
});
export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;

/**
 * The picture a row shows: its first image output, read through the asset route like any asset. People who
 * look at pictures all day find a job by its picture, not its id.
 */
export const jobThumbnailSchema = z.object({
  assetId: z.string(),
  contentType: z.string(),
  /**
   * 'waveform' when the picture is a sound's waveform, 'poster' a video's first frame (a row of a job that made
   * no image, rowPictureOf); absent for a picture of an image. Neither has an original that is a picture.
   */
  kind: z.enum(['waveform', 'poster']).optional(),
});
export type JobThumbnail = z.infer<typeof jobThumbnailSchema>;

/**
 * The first output of type image, in the job's own output order (a latent or text before it is passed over);
 * null when there is none. Main and the renderer both derive rows with it, so a row never changes picture
 * depending on which of them built it.
 */
export function thumbnailOf(
  outputs: readonly Pick<JobOutput, 'assetId' | 'type' | 'contentType'>[],
): JobThumbnail | null {
  const image = outputs.find((output) => output.type === 'image');
  return image === undefined ? null : { assetId: image.assetId, contentType: image.contentType };
}

/**
 * A row's picture: its first image (thumbnailOf), else its first sound, drawn as the library's waveform, else
 * its first video's poster frame (issue 21: a row of a job that made only audio or video had no picture; the
 * row draws the poster from the video when main has none yet, as the library's tiles do).
 */
export function rowPictureOf(
  outputs: readonly Pick<JobOutput, 'assetId' | 'type' | 'contentType'>[],
): JobThumbnail | null {
  const image = thumbnailOf(outputs);
  if (image !== null) return image;
  const sound = outputs.find((output) => output.type === 'audio');
  if (sound !== undefined)
    return { assetId: sound.assetId, contentType: sound.contentType, kind: 'waveform' };
  const video = outputs.find((output) => output.type === 'video');
  return video === undefined
    ? null
    : { assetId: video.assetId, contentType: video.contentType, kind: 'poster' };
}

/** The video a row's picture is the poster frame of (a row the window may draw it for); null for any other. */
export function posterAssetIdOf(picture: JobThumbnail | null): string | null {
  return picture?.kind === 'poster' ? picture.assetId : null;
}

/** A row of the job list: enough to draw it, cheap to send 500 at a time. */
export const jobSummarySchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  rawStatus: z.string(),
  createdAt: z.string().nullable(),
  /** When the job reached its final state, as the service says; null while it runs or when not said. */
  completedAt: z.string().nullable(),
  observedAt: z.string(),
  labels: labelsSchema,
  progress: z.number().min(0).max(1).nullable(),
  queuePosition: z.number().int().nonnegative().nullable(),
  outputsCount: z.number().int().nonnegative().nullable(),
  errorMessage: z.string().nullable(),
  submittedByUs: z.boolean(),
  retryOf: z.string().nullable(),
  /** As on the snapshot: the batch of several items this job runs an item of. */
  batchId: z.string().nullable(),
  /**
   * The row's picture (rowPictureOf): null when the job has no image, sound or video output, or when Loupe has not
   * seen its outputs (a bare list row).
   */
  thumbnail: jobThumbnailSchema.nullable(),
  /**
   * What the job made, in words (the first prompt words, or its batch name and values; issue 21), for naming
   * the row instead of its UUID. Null or absent when Loupe does not know the job's workflow or outputs yet.
   */
  title: z.string().nullable().optional(),
  /**
   * True when the library holds the job's outputs, so its thumbnail can be had (the thumbnail route answers
   * 404 until then); absent where main did not look.
   */
  inLibrary: z.boolean().optional(),
  /**
   * The values of the batch item the job ran, in words (`seed 7, cfg 4.5`), so the rows of one sweep, which
   * share their prompt, can be told apart. Null or absent for a job of no batch or of a batch without axes.
   */
  itemValues: z.string().max(2_000).nullable().optional(),
  /** As on the snapshot. */
  goneAt: z.string().max(64).nullable().optional(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/** A snapshot's row: the same fields the list shows, so main's updates, list pages and the renderer agree. */
export function summaryOfSnapshot(snapshot: JobSnapshot): JobSummary {
  return {
    id: snapshot.id,
    status: snapshot.status,
    rawStatus: snapshot.rawStatus,
    createdAt: snapshot.createdAt,
    completedAt: snapshot.completedAt,
    observedAt: snapshot.observedAt,
    labels: snapshot.labels,
    progress: snapshot.progress === null ? null : snapshot.progress.value,
    queuePosition: snapshot.queuePosition,
    outputsCount: snapshot.outputsCount,
    errorMessage: snapshot.error === null ? null : snapshot.error.message,
    submittedByUs: snapshot.submittedByUs,
    retryOf: snapshot.retryOf,
    batchId: snapshot.batchId,
    thumbnail: rowPictureOf(snapshot.outputs),
    ...(snapshot.goneAt == null ? {} : { goneAt: snapshot.goneAt }),
  };
}

/** Label filters exactly as the service will accept them (validated in main again before sending). */
export const labelFiltersSchema = recordOf(
  z.string().min(1).max(MAX_LABEL_KEY_LENGTH),
  z.string().max(MAX_LABEL_VALUE_LENGTH),
).refine((labels) => Object.keys(labels).length <= MAX_LABEL_FILTERS, 'At most three label filters.');

export const jobListArgsSchema = z.strictObject({
  /** Opaque: the previous page's nextCursor, unchanged. */
  cursor: z.string().max(4096).nullable().optional(),
  limit: z.number().int().min(1).max(500).optional(),
  statuses: z.array(jobStatusSchema).max(JOB_STATUSES.length).optional(),
  labels: labelFiltersSchema.optional(),
  createdAfter: z.iso.datetime().optional(),
  createdBefore: z.iso.datetime().optional(),
  /** Matches ids and label keys/values, case-insensitively. */
  search: z.string().max(200).optional(),
  /**
   * Only the jobs Loupe remembers, without asking the service: what a start draws at once while the
   * service's own answer (seconds away when it is slow or down) is on its way. Applies to the first page; a
   * cursor carries its own source.
   */
  rememberedOnly: z.boolean().optional(),
});
/** The filters as main reads them (what the renderer builds is the same shape). */
export type JobListArgs = z.output<typeof jobListArgsSchema>;

export const jobListPageSchema = z.object({
  jobs: z.array(jobSummarySchema),
  nextCursor: z.string().nullable(),
  /** Where the rows came from: the service's v2 list, the managed service's v1 list, or only Loupe's memory. */
  source: z.enum(['service', 'v1', 'local']),
  /** Something the user should know about this list, in words (e.g. "this service cannot list jobs"). */
  notice: z.string().nullable(),
});
export type JobListPage = z.infer<typeof jobListPageSchema>;

export const jobLogResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('available'),
    text: z.string(),
    truncated: z.boolean(),
    capturedAt: z.string().nullable(),
    complete: z.boolean(),
  }),
  z.object({
    state: z.literal('none'),
    /** not-captured: this surface keeps no logs; not-yet: the job is unfinished, read again when it ends;
     *  final: finished with no log (killed by the platform, predates capture, withheld). */
    reason: z.enum(['not-captured', 'not-yet', 'final', 'not-supported']),
    message: z.string(),
  }),
]);
export type JobLogResult = z.infer<typeof jobLogResultSchema>;

export const jobWorkflowSchema = z.object({
  format: z.enum(['api', 'save', 'unknown']),
  workflow: z.unknown(),
});
export type JobWorkflow = z.infer<typeof jobWorkflowSchema>;

export const jobSubmitArgsSchema = z.strictObject({
  /** The workflow file's text; main parses it and explains an editor (UI-format) export. */
  workflowJson: z.string().max(MAX_WORKFLOW_BYTES),
  fileName: z.string().max(255).optional(),
  labels: recordOf(
    z.string().min(1).max(MAX_LABEL_KEY_LENGTH),
    z.string().max(MAX_LABEL_VALUE_LENGTH),
  ).optional(),
});

/** What one watched job's stream carries. */
export const jobWatchEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), job: jobSnapshotSchema, source: z.enum(['poll', 'sse', 'list']) }),
  z.object({
    type: z.literal('preview'),
    jobId: z.string(),
    nodeId: z.string(),
    contentType: z.string(),
    dataBase64: z.string().max(8 * 1024 * 1024),
  }),
  /** live: SSE connected; polling: SSE unavailable or dropped, polling carries it; paused: offline. */
  z.object({
    type: z.literal('mode'),
    mode: z.enum(['live', 'polling', 'paused']),
    reason: z.string().nullable(),
  }),
]);
export type JobWatchEvent = z.infer<typeof jobWatchEventSchema>;

const jobIdArgs = z.strictObject({ jobId: jobIdSchema });

/** A page of a job's outputs as they stand now, in the job's order. */
export const jobOutputsArgsSchema = z.strictObject({
  jobId: jobIdSchema,
  offset: z.number().int().min(0).max(10_000_000),
  limit: z.number().int().min(1).max(500),
});
export type JobOutputsArgs = z.infer<typeof jobOutputsArgsSchema>;

export const jobOutputsPageSchema = z.object({
  outputs: z.array(jobOutputSchema),
  /** The job's outputs in all, now: the page may have been cut from a longer list since the snapshot. */
  total: z.number().int().nonnegative(),
});
export type JobOutputsPage = z.infer<typeof jobOutputsPageSchema>;

export const jobsContract = {
  'jobs.list': scopedCall(jobListArgsSchema, jobListPageSchema),
  'jobs.get': scopedCall(jobIdArgs, jobSnapshotSchema),
  /** Outputs past the snapshot's first SNAPSHOT_OUTPUTS (or any page of them). */
  'jobs.outputs': scopedCall(jobOutputsArgsSchema, jobOutputsPageSchema),
  'jobs.logs': scopedCall(jobIdArgs, jobLogResultSchema),
  'jobs.workflow': scopedCall(jobIdArgs, jobWorkflowSchema),
  'jobs.submit': scopedCall(jobSubmitArgsSchema, jobSnapshotSchema),
  'jobs.cancel': scopedCall(jobIdArgs, jobSnapshotSchema),
  /** Re-submits the job's API workflow with a new Idempotency-Key, linked to the original. */
  'jobs.retry': scopedCall(jobIdArgs, jobSnapshotSchema),
  /** One job kept fresh; `live` asks for SSE because someone is looking at it (polling always runs). */
  'jobs.watch': scopedStream(z.strictObject({ jobId: jobIdSchema, live: z.boolean() }), jobWatchEventSchema),
  /** Row updates for every job the active profile's watcher tracks, batched. */
  'jobs.updates': scopedStream(noArgs, z.object({ jobs: z.array(jobSummarySchema) })),
} as const;
