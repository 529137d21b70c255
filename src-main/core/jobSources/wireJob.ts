// One job as the service described it, in the service's own field names: a v2 Job exactly as read (with the
// status text verbatim, so an unknown status keeps its words), or the partial record a list gave. This is
// what goes into the store's snapshot column, and every contract snapshot is derived from it, so a stored
// row, a poll, a list row and an SSE patch all normalize the same way.
import { z } from 'zod';
import {
  bestEffort,
  JobErrorSchema,
  JobUrlsSchema,
  labelMap,
  lenientArray,
  OutputSchema,
  ProgressSchema,
  type Job,
  type JobListItem,
  type V1ListItem,
} from '../api';
import { SNAPSHOT_OUTPUTS } from '../../../src-shared/contracts/jobs';
import type { JobSnapshot as StoredSnapshot } from '../store';
import { boundUnknownFields } from './unknownFields';

/** `status` is the service's text; v1 rows carry the v2 reading in `status` and their own in `v1_status`. */
export type WireJob = StoredSnapshot;

/** The tolerant reader of a wire job: everything but id and status may be missing or unreadable. */
export const WireJobSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  v1_status: bestEffort(z.string()),
  created_at: bestEffort(z.string()),
  started_at: bestEffort(z.string()),
  completed_at: bestEffort(z.string()),
  expires_at: bestEffort(z.string()),
  queue_position: bestEffort(z.number()),
  progress: bestEffort(ProgressSchema),
  /** Null when the source had no outputs field (a list row), which is not the same as "no outputs". */
  outputs: bestEffort(lenientArray(OutputSchema)),
  outputs_count: bestEffort(z.number()),
  error: bestEffort(JobErrorSchema),
  metrics: z.record(z.string(), bestEffort(z.number())).catch({}),
  metadata: labelMap,
  /** Only a full read (GET, submit, cancel) has links; list rows do not. */
  urls: bestEffort(JobUrlsSchema),
});
export type ReadWireJob = z.output<typeof WireJobSchema>;

/**
 * Readings already made, by wire object. A wire job is never changed once made (a change makes a new one), and
 * reading one is the watcher's hottest path: a job of 10,000 outputs was parsed whole again for every
 * snapshot, row and stream event derived from it.
 */
const readings = new WeakMap<WireJob, ReadWireJob>();

export function readWire(wire: WireJob): ReadWireJob {
  const known = readings.get(wire);
  if (known !== undefined) return known;
  const parsed = WireJobSchema.safeParse(wire);
  // id and status are guaranteed by the WireJob type; anything else unreadable reads as absent.
  const read = parsed.success ? parsed.data : WireJobSchema.parse({ id: wire.id, status: wire.status });
  readings.set(wire, read);
  return read;
}

/**
 * The reading of a wire made from another by patching it with parts that were read already (merge.ts): what
 * readWire would find, without parsing the unchanged parts again.
 */
export function rememberRead(wire: WireJob, read: ReadWireJob): void {
  readings.set(wire, read);
}

/** The status text the service sent, from a body read before the tolerant schema replaced it. */
export function rawStatusOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'status' in body && typeof body.status === 'string') {
    return body.status;
  }
  return 'unknown';
}

/** A full read as Loupe keeps it: the status verbatim, unknown fields within their budget. */
export function wireFromJob(job: Job, rawStatus: string): WireJob {
  return wireFromBoundedJob(boundUnknownFields(job), rawStatus);
}

/**
 * The same, for a job whose unknown fields are already within their budget. Its reading is known without
 * parsing it again: every part of it was read by the Job schema (a job of 10,000 outputs costs tens of
 * milliseconds to read twice).
 */
export function wireFromBoundedJob(job: Job, rawStatus: string): WireJob {
  // Two fields Loupe gives its own meaning (a v1 row's status, a stored snapshot's count) are never the
  // service's in a full read.
  const wire: WireJob = { ...job, status: rawStatus, v1_status: null, outputs_count: null };
  rememberRead(wire, { ...job, status: rawStatus, v1_status: null, outputs_count: null });
  return wire;
}

export function wireFromListItem(item: JobListItem, rawStatus: string): WireJob {
  return {
    id: item.id,
    status: rawStatus,
    created_at: item.create_time,
    ...(item.update_time === null ? {} : { updated_at: item.update_time }),
    metadata: item.metadata,
  };
}

/** v1 times are numbers: large ones are milliseconds, small ones seconds (the documents do not say). */
export function v1Time(value: number | null): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  const date = new Date(value > 1e12 ? value : value * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function wireFromV1Item(item: V1ListItem): WireJob {
  const failure = item.execution_error;
  return {
    id: item.id,
    status: item.status,
    v1_status: item.rawStatus,
    created_at: v1Time(item.create_time),
    started_at: v1Time(item.execution_start_time),
    completed_at: v1Time(item.execution_end_time),
    outputs_count: item.outputs_count,
    error:
      failure === null
        ? null
        : {
            code: failure.exception_type ?? 'execution_error',
            message: failure.exception_message,
            node_id: failure.node_id,
            class_type: failure.node_type,
            traceback: failure.traceback.length === 0 ? null : failure.traceback.join(''),
          },
  };
}

/** Milliseconds since the epoch of a wire job's creation, or null when it is unknown or unreadable. */
export function createdMsOf(wire: WireJob): number | null {
  const created = wire.created_at;
  if (typeof created !== 'string') return null;
  const ms = Date.parse(created);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The wire job as the store keeps it: with thousands of outputs, only the first SNAPSHOT_OUTPUTS and their
 * count (`outputs_count`); the outputs table holds every one. A snapshot of megabytes, rewritten on every
 * change and read again by every foreign-key check of an output row, is what made a 10,000-output job freeze
 * main (issue 19).
 */
export function compactForStore(wire: WireJob): WireJob {
  const outputs = readWire(wire).outputs;
  if (outputs === null || outputs.length <= SNAPSHOT_OUTPUTS) return wire;
  return { ...wire, outputs: outputs.slice(0, SNAPSHOT_OUTPUTS), outputs_count: outputs.length };
}

/** The job has more outputs than its wire lists (a stored compact snapshot): the rest are in the store. */
export function hasPartialOutputs(read: ReadWireJob): boolean {
  return read.outputs !== null && read.outputs_count !== null && read.outputs_count > read.outputs.length;
}

/** How many outputs the job has: its count when the wire gives one, else its list's length (null: unknown). */
export function outputsCountOf(read: ReadWireJob): number | null {
  return read.outputs_count ?? read.outputs?.length ?? null;
}

/** A wire job with links came from a full read; one without is a list row or a stored partial. */
export function isFullRead(wire: WireJob): boolean {
  return typeof wire.urls === 'object' && wire.urls !== null;
}
