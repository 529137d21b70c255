// Loupe's memory of a profile's jobs (the store's jobs table) read the way the job list and the watcher need
// it: each row as a wire job with its local facts, and the newest-first order by the job's own creation
// time (the table orders by when Loupe first saw a job, which differs for jobs learned from a list).
import {
  isStoreError,
  type BatchItemsTable,
  type CreationPlace,
  type JobCursor,
  type JobRow,
  type JobsTable,
  type PlacedJobRow,
} from '../store';
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import { toSummary, type LocalFacts } from './normalize';
import { createdMsOf, type WireJob } from './wireJob';

export interface LocalJob {
  wire: WireJob;
  local: LocalFacts;
  /** Sort key: the job's creation time, or when Loupe first recorded it (schema.ts jobsByCreation). */
  createdMs: number;
  observedAt: string;
  /** Where this row stands in the store's newest-first order (to resume a walk after it). */
  cursor: JobCursor;
}

/** A stretch of the remembered jobs in the list's order, and where the next one starts. */
export interface RememberedPage {
  /** The jobs read, damaged rows left out. */
  jobs: LocalJob[];
  /** The last row's place, damaged or not; null when no row was read. */
  last: CreationPlace | null;
  /** Rows read, damaged ones counted: fewer than asked means the order has no more. */
  read: number;
}

function wireOf(row: JobRow): WireJob {
  const wire: WireJob = row.snapshot ?? { id: row.jobId, status: row.status };
  // A snapshot that has both already wins over the row's: no copy (a list start reads 10,000 of these).
  if ('created_at' in wire && (row.labels === null || 'metadata' in wire)) return wire;
  // A row recorded before its first snapshot still knows its labels and when it was seen.
  return {
    ...(row.labels === null ? {} : { metadata: row.labels }),
    created_at: row.createdAt,
    ...wire,
  };
}

/** Labels are recorded for jobs Loupe submitted: those are the ones it sent. */
function sentLabelsOf(row: JobRow): Record<string, string> | null {
  return row.submittedByUs ? row.labels : null;
}

/** The service's 404 for an open job, as a local fact; absent for every other job. */
function goneFactOf(row: JobRow): Pick<LocalFacts, 'goneAt'> {
  return row.goneAt === null ? {} : { goneAt: row.goneAt };
}

function toLocalJob(row: JobRow, retries: string[], batchId: string | null, createdMs?: number): LocalJob {
  const wire = wireOf(row);
  return {
    wire,
    local: {
      submittedByUs: row.submittedByUs,
      retryOf: row.retryOf,
      retries,
      sentLabels: sentLabelsOf(row),
      batchId,
      ...goneFactOf(row),
    },
    // The store's own place for a row read in that order, so the list's cursor and SQL's order agree.
    createdMs: createdMs ?? createdMsOf(wire) ?? Date.parse(row.createdAt),
    observedAt: row.updatedAt,
    cursor: { createdAt: row.createdAt, jobId: row.jobId },
  };
}

/** Newest first; ties broken by id so the order is total and a keyset cursor can resume it. */
export function compareNewestFirst(
  a: { createdMs: number; id: string },
  b: { createdMs: number; id: string },
): number {
  if (a.createdMs !== b.createdMs) return b.createdMs - a.createdMs;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export class LocalHistory {
  /** `batchItems` tells which jobs run an item of a batch of several. */
  constructor(
    private readonly jobs: JobsTable,
    private readonly profileId: string,
    private readonly batchItems: BatchItemsTable,
  ) {}

  /**
   * Up to `limit` remembered jobs newest first by their own creation time, after `after` when given: a page of
   * the job list costs its own rows, not every job the profile ever had. Damaged rows are left out.
   */
  newestAfter(after: CreationPlace | null, limit: number): RememberedPage {
    const page = this.jobs.newestByCreation(this.profileId, after === null ? { limit } : { after, limit });
    return { jobs: this.placed(page.rows), last: page.last, read: page.rows.length + page.corrupt.length };
  }

  /** These remembered jobs by id, as newestAfter reads them; a job not remembered (or damaged) is absent. */
  byIds(jobIds: readonly string[]): Map<string, LocalJob> {
    const jobs = this.placed(this.jobs.placedRowsOf(this.profileId, jobIds).rows);
    return new Map(jobs.map((job) => [job.wire.id, job]));
  }

  /** Rows with their retries and batches, in two reads whatever their number. */
  private placed(rows: readonly PlacedJobRow[]): LocalJob[] {
    if (rows.length === 0) return [];
    const ids = rows.map(({ row }) => row.jobId);
    const retries = this.jobs.retriesOfJobs(this.profileId, ids);
    const batches = this.batchItems.severalItemBatchesOfJobs(this.profileId, ids);
    return rows.map(({ row, createdMs }) =>
      toLocalJob(row, retries.get(row.jobId) ?? [], batches.get(row.jobId) ?? null, createdMs),
    );
  }

  /** Jobs without a terminal status, newest first (after `after`): what the watcher resumes after a restart. */
  open(limit: number, after?: JobCursor): LocalJob[] {
    const rows = this.jobs.list(this.profileId, {
      limit,
      openOnly: true,
      ...(after === undefined ? {} : { after }),
    }).rows;
    return rows.map((row) => toLocalJob(row, this.retriesOf(row.jobId), this.batchOf(row.jobId)));
  }

  one(jobId: string): LocalJob | null {
    const row = this.row(jobId);
    return row === null ? null : toLocalJob(row, this.retriesOf(jobId), this.batchOf(jobId));
  }
  /** The row jobs.list shows for a remembered job (a row renamed after indexing). */
  summaryOf(jobId: string): JobSummary | null {
    const job = this.one(jobId);
    return job === null ? null : this.summaryOfJob(job);
  }

  /**
   * The same for many jobs, by id, in two reads whatever their number and without their workflows (a
   * batch's page reads 1,000 of these again as its jobs appear). A damaged row is left out, as in newestAfter.
   */
  summariesOf(jobIds: readonly string[]): Map<string, JobSummary> {
    const rows = this.jobs.shownRowsOf(this.profileId, jobIds).rows;
    const batches = this.batchItems.severalItemBatchesOfJobs(this.profileId, jobIds);
    const summaries = new Map<string, JobSummary>();
    for (const row of rows) {
      // A row shows the job it retries, not the jobs that retried it: those are not read.
      const job = toLocalJob(row, [], batches.get(row.jobId) ?? null);
      summaries.set(row.jobId, this.summaryOfJob(job));
    }
    return summaries;
  }

  private summaryOfJob(job: LocalJob): JobSummary {
    return toSummary(job.wire, {
      profileId: this.profileId,
      observedAt: job.observedAt,
      local: job.local,
      // Only a snapshot's logsOffered reads this.
      surfaceOffersLogs: false,
    });
  }

  facts(jobId: string): LocalFacts {
    const row = this.row(jobId);
    return {
      submittedByUs: row?.submittedByUs ?? false,
      retryOf: row?.retryOf ?? null,
      retries: this.retriesOf(jobId),
      sentLabels: row === null ? null : sentLabelsOf(row),
      batchId: this.batchOf(jobId),
      ...(row === null ? {} : goneFactOf(row)),
    };
  }

  /** The workflow Loupe sent for this job, kept so a retry can send it again. */
  workflowOf(jobId: string): Record<string, unknown> | null {
    return this.row(jobId)?.workflow ?? null;
  }

  /** A damaged row reads as unknown: one bad row must not stop the watcher or the list. */
  private row(jobId: string): JobRow | null {
    try {
      return this.jobs.get(this.profileId, jobId);
    } catch (error) {
      if (isStoreError(error, 'corrupt_row')) return null;
      throw error;
    }
  }

  private batchOf(jobId: string): string | null {
    return this.batchItems.severalItemBatchOf(this.profileId, jobId);
  }

  private retriesOf(jobId: string): string[] {
    return this.jobs.retriesOf(this.profileId, jobId).rows.map((row) => row.jobId);
  }
}
