// The Job resource and its parts (job-and-asset-api.md "Resources and their fields").
import { z } from 'zod';
import { SERVICE_JOB_STATUSES } from '../../../../src-shared/jobStatus';
import { bestEffort, clamped, labelMap, lenientArray, orNull, tolerantEnum } from './tolerant';

export { isTerminalJobStatus } from '../../../../src-shared/jobStatus';
export const jobStatuses = SERVICE_JOB_STATUSES;
export const JobStatusSchema = tolerantEnum(jobStatuses);
export type JobStatus = z.output<typeof JobStatusSchema>;

export const ProgressSchema = z.looseObject({
  value: clamped(0, 1),
  nodes_done: z.number(),
  nodes_total: z.number(),
  current_node: orNull(z.string()),
  current_node_class: orNull(z.string()),
  step: orNull(z.number()),
  steps: orNull(z.number()),
  message: orNull(z.string()),
});
export type Progress = z.output<typeof ProgressSchema>;

export const outputTypes = ['image', 'video', 'audio', 'text', 'file', 'latent'] as const;

export const OutputSchema = z.looseObject({
  id: z.string(),
  node_id: z.string().catch(''),
  name: z.string(),
  type: tolerantEnum(outputTypes).catch('unknown'),
  content_type: z.string().catch('application/octet-stream'),
  size_bytes: orNull(z.number()).catch(null),
  hash: orNull(z.string()).catch(null),
  url: z.string(),
  url_expires_at: orNull(z.string()).catch(null),
  job_id: orNull(z.string()).catch(null),
});
export type Output = z.output<typeof OutputSchema>;

/** v1-style tracebacks arrive as arrays of lines; both read as one string. */
const traceback = z.union([z.string(), z.array(z.string()).transform((lines) => lines.join(''))]);

export const JobErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string().catch(''),
  node_id: orNull(z.string()).catch(null),
  class_type: orNull(z.string()).catch(null),
  traceback: orNull(traceback).catch(null),
});
export type JobError = z.output<typeof JobErrorSchema>;

function describedError(code: string, message: string): JobError {
  return { code, message, node_id: null, class_type: null, traceback: null };
}

/** A failed job must keep saying it failed even when its error detail is unreadable. */
const jobErrorField = orNull(
  z.union([JobErrorSchema, z.string().transform((message) => describedError('unknown', message))]),
).catch(({ value }) =>
  value === null || value === undefined
    ? null
    : describedError('unreadable_error', 'The job reported an error in a form Loupe cannot read.'),
);

export const JobUrlsSchema = z.looseObject({
  self: z.string(),
  events: z.string(),
  cancel: z.string(),
  /** Null: the surface captures no logs for any job. */
  logs: orNull(z.string()).catch(null),
});
export type JobUrls = z.output<typeof JobUrlsSchema>;

export const JobSchema = z.looseObject({
  id: z.string().min(1),
  status: JobStatusSchema,
  created_at: z.string(),
  started_at: orNull(z.string()).catch(null),
  completed_at: orNull(z.string()).catch(null),
  expires_at: orNull(z.string()).catch(null),
  queue_position: orNull(z.number()).catch(null),
  progress: bestEffort(ProgressSchema),
  outputs: lenientArray(OutputSchema).catch([]),
  error: jobErrorField,
  metrics: z.record(z.string(), orNull(z.number()).catch(null)).catch({}),
  metadata: labelMap,
  urls: JobUrlsSchema,
});
export type Job = z.output<typeof JobSchema>;

export const WorkflowDocumentSchema = z
  .looseObject({ format: z.string(), workflow: z.record(z.string(), z.unknown()) })
  .transform(
    ({
      format,
      workflow,
    }):
      | { format: 'save' | 'api'; workflow: Record<string, unknown> }
      | { format: 'unknown'; rawFormat: string; workflow: Record<string, unknown> } =>
      format === 'save' || format === 'api'
        ? { format, workflow }
        : { format: 'unknown', rawFormat: format, workflow },
  );
export type WorkflowDocument = z.output<typeof WorkflowDocumentSchema>;

export const LogDocumentSchema = z.looseObject({
  /** Untrusted text: render as plain text only. */
  text: z.string(),
  truncated: z.boolean().catch(false),
  captured_at: orNull(z.string()).catch(null),
  /** Missing reads as true, what the service always sends today. */
  complete: z.boolean().catch(true),
});
export type LogDocument = z.output<typeof LogDocumentSchema>;
