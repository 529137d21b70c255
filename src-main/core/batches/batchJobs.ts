// The jobs a batch's items became, as the store's jobs table last recorded them (the watcher keeps those
// rows fresh; nothing here asks the service).
import type { JobOutput, JobStatus } from '../../../src-shared/contracts/jobs';
import { contractStatus, outputOfRow, outputsOfWire } from '../jobSources/normalize';
import { hasPartialOutputs, readWire } from '../jobSources/wireJob';
import type { LoupeStore } from '../store';
import type { BatchItemStanding } from '../store/batchItemsTable';
import type { JobSnapshot as StoredJobSnapshot } from '../store/jobsTable';

/** What a batch counts of one job and shows of it in its gallery. */
export interface BatchJob {
  id: string;
  status: JobStatus;
  /** In the job's own order. */
  outputs: JobOutput[];
}

/** Every output of a job as the store's outputs table holds them, in the job's order. */
export type StoredOutputs = (jobId: string) => JobOutput[];

export function storedOutputsOf(store: LoupeStore, profileId: string): StoredOutputs {
  return (jobId) => store.outputs.listForJob(profileId, jobId).rows.map(outputOfRow);
}

/**
 * A recorded job's outputs in its own order, read from its last snapshot the way jobs.get builds them, so the
 * gallery, the contact sheet and an export list the same files. A row without a (readable) snapshot is the
 * bare job LocalHistory would read: no outputs yet. A snapshot of a job of thousands lists only the first
 * (wireJob.ts compactForStore): all of them are in the outputs table.
 */
export function outputsOfJob(
  jobId: string,
  job: { status: string; snapshot: StoredJobSnapshot | null | undefined },
  stored: StoredOutputs,
): JobOutput[] {
  const wire = job.snapshot ?? { id: jobId, status: job.status };
  return hasPartialOutputs(readWire(wire)) ? stored(jobId) : outputsOfWire(wire);
}

/** The job an item became; null when it has none yet, or the jobs table has no row for it. */
export function batchJobOf(standing: BatchItemStanding, stored: StoredOutputs): BatchJob | null {
  if (standing.jobId === null || standing.job === null) return null;
  return {
    id: standing.jobId,
    status: contractStatus(standing.job.status),
    outputs: outputsOfJob(standing.jobId, standing.job, stored),
  };
}
