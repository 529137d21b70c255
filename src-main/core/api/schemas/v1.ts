// The deprecated v1 surface (job-and-asset-api.md "Legacy v1 surface", NOTES "v1 status strings").
// Its status strings come from three sources that disagree; all of them map onto the v2 status set so
// the rest of the app knows one vocabulary. Anything unrecognised is 'unknown' (still in flight, never done).
import { z } from 'zod';
import type { JobStatus } from './job';
import { orNull, partitionList } from './tolerant';

const v1StatusMap: Readonly<Record<string, JobStatus>> = {
  success: 'succeeded',
  completed: 'succeeded',
  error: 'failed',
  failed: 'failed',
  non_retryable_error: 'failed',
  // "lost" is terminal and not a success: the run is gone without a result, which the app treats as failed.
  lost: 'failed',
  cancelled: 'canceled',
  canceled: 'canceled',
  submitted: 'queued',
  pending: 'queued',
  queued: 'queued',
  queued_waiting: 'queued',
  waiting_to_dispatch: 'queued',
  preparing: 'running',
  executing: 'running',
  in_progress: 'running',
  running: 'running',
  cancel_requested: 'canceling',
};

export function normalizeV1Status(raw: string): JobStatus {
  return Object.hasOwn(v1StatusMap, raw) ? (v1StatusMap[raw] ?? 'unknown') : 'unknown';
}

/** A v1 status as the app reads it, with the original string kept for display and support. */
const v1Status = z.string().transform((raw) => ({ status: normalizeV1Status(raw), rawStatus: raw }));

export const V1JobStatusSchema = z
  .looseObject({ status: v1Status, error_message: orNull(z.string()).catch(null) })
  .transform(({ status, error_message: errorMessage }) => ({ ...status, errorMessage }));
export type V1JobStatus = z.output<typeof V1JobStatusSchema>;

const seconds = orNull(z.number()).catch(null);

export const V1ExecutionErrorSchema = z.looseObject({
  node_id: orNull(z.union([z.string(), z.number().transform(String)])).catch(null),
  node_type: orNull(z.string()).catch(null),
  exception_message: z.string().catch(''),
  exception_type: orNull(z.string()).catch(null),
  traceback: z.array(z.string()).catch([]),
  current_inputs: z.record(z.string(), z.unknown()).catch({}),
  current_outputs: z.record(z.string(), z.unknown()).catch({}),
});

export const V1ListItemSchema = z
  .looseObject({
    id: z.string().min(1),
    status: v1Status,
    create_time: seconds,
    execution_error: orNull(V1ExecutionErrorSchema).catch(null),
    preview_output: orNull(z.record(z.string(), z.unknown())).catch(null),
    outputs_count: orNull(z.number()).catch(null),
    workflow_id: orNull(z.string()).catch(null),
    execution_start_time: seconds,
    execution_end_time: seconds,
  })
  .transform(({ status, ...rest }) => ({ ...rest, ...status }));
export type V1ListItem = z.output<typeof V1ListItemSchema>;

export const V1PaginationSchema = z.looseObject({
  offset: z.number(),
  limit: z.number(),
  total: orNull(z.number()).catch(null),
  has_more: z.boolean(),
});

export const V1JobListSchema = z
  .looseObject({ jobs: z.array(z.unknown()), pagination: orNull(V1PaginationSchema).catch(null) })
  .transform(({ jobs, pagination }) => {
    const { items, skipped } = partitionList(jobs, V1ListItemSchema);
    return { jobs: items, skippedItems: skipped, pagination };
  });
export type V1JobList = z.output<typeof V1JobListSchema>;

export const V1PromptResponseSchema = z.looseObject({
  /** Null when the service refused the prompt and said why in `error`. */
  prompt_id: orNull(z.string()).catch(null),
  number: orNull(z.number()).catch(null),
  node_errors: z.record(z.string(), z.unknown()).catch({}),
  error: z.unknown().optional(),
});
export type V1PromptResponse = z.output<typeof V1PromptResponseSchema>;

export const V1UploadResponseSchema = z.looseObject({
  name: z.string().min(1),
  subfolder: z.string().catch(''),
  type: orNull(z.string()).catch(null),
});
export type V1UploadResponse = z.output<typeof V1UploadResponseSchema>;

const inputGroup = z.record(z.string(), z.unknown()).catch({});

export const V1NodeDefinitionSchema = z.looseObject({
  input: orNull(z.looseObject({ required: inputGroup, optional: inputGroup })).catch(null),
  output: z.array(z.unknown()).catch([]),
  display_name: orNull(z.string()).catch(null),
  category: orNull(z.string()).catch(null),
  description: orNull(z.string()).catch(null),
  /**
   * True on a partner (API) node, which bills the account of the key in the prompt's extra_data; false on a
   * local one. Absent (or not a boolean): the service does not say.
   */
  api_node: z.boolean().optional().catch(undefined),
});
export type V1NodeDefinition = z.output<typeof V1NodeDefinitionSchema>;

/** Node class name → definition; unreadable definitions are left out rather than failing the catalog. */
export const V1ObjectInfoSchema = z.record(z.string(), z.unknown()).transform(
  // fromEntries defines own properties, so a class named "__proto__" cannot reach the prototype.
  (entries): Record<string, V1NodeDefinition> =>
    Object.fromEntries(
      Object.entries(entries).flatMap(([name, value]): Array<[string, V1NodeDefinition]> => {
        const parsed = V1NodeDefinitionSchema.safeParse(value);
        return parsed.success ? [[name, parsed.data]] : [];
      }),
    ),
);
export type V1ObjectInfo = z.output<typeof V1ObjectInfoSchema>;
