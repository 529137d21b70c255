// Jobs this profile has seen or submitted, with the last snapshot the service returned. It is the local
// history for surfaces that cannot list jobs, the resume list for the watcher after a restart, and the
// source of a retry (the workflow we sent). Snapshot writes are hot (every poll and SSE event), so they use
// statements prepared once and can be grouped into one transaction.
import { z } from 'zod';
import {
  flagColumn,
  jsonObjectSchema,
  labelsSchema,
  nullableJsonColumn,
  parseOptionalRow,
  parseRows,
  toJson,
  type JsonObject,
  type Labels,
  type RowsRead,
} from './rowCodec';
import { durableTransaction, prepare, writeTransaction, type Db } from './sqlite';

/** The few fields the store relies on; everything else in the service's Job is kept as it came. */
export const jobSnapshotSchema = z.looseObject({ id: z.string().min(1), status: z.string().min(1) });
export type JobSnapshot = z.infer<typeof jobSnapshotSchema>;

/** v2 terminal statuses (spec "States and transitions"). Unknown statuses are never taken for terminal. */
export const terminalJobStatuses: ReadonlySet<string> = new Set([
  'succeeded',
  'canceled',
  'failed',
  'expired',
]);

const jobDbFields = z.object({
  profile_id: z.string(),
  job_id: z.string(),
  status: z.string(),
  snapshot: nullableJsonColumn(jobSnapshotSchema),
  labels: nullableJsonColumn(labelsSchema),
  submitted_by_us: flagColumn,
  retry_of: z.string().nullable(),
  workflow: nullableJsonColumn(jsonObjectSchema),
  created_at: z.string(),
  updated_at: z.string(),
  terminal_at: z.string().nullable(),
  // Only a note: a damaged one reads as none (the job is read again, and noted again if still gone),
  // never as a damaged row that would hide the job.
  gone_at: z.iso.datetime().nullable().catch(null),
});

function toJobRow(r: z.output<typeof jobDbFields>) {
  return {
    profileId: r.profile_id,
    jobId: r.job_id,
    status: r.status,
    snapshot: r.snapshot,
    labels: r.labels,
    submittedByUs: r.submitted_by_us,
    retryOf: r.retry_of,
    workflow: r.workflow,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    terminalAt: r.terminal_at,
    /** When the service answered 404 for this job while it was open (schema.ts jobsGone); null otherwise. */
    goneAt: r.gone_at,
  };
}

const jobDbRow = jobDbFields.transform(toJobRow);
export type JobRow = z.output<typeof jobDbRow>;

/** A job's place in the newest-first order by creation (schema.ts jobsByCreation): its time in ms, its id. */
export interface CreationPlace {
  createdMs: number;
  jobId: string;
}

const creationPlaceRow = z
  .object({ job_id: z.string(), created_ms: z.number() })
  .transform((r): CreationPlace => ({ createdMs: r.created_ms, jobId: r.job_id }));

const placedJobDbRow = jobDbFields
  .extend({ created_ms: z.number() })
  .transform((r) => ({ row: toJobRow(r), createdMs: r.created_ms }));
/** A job's row with its place in the order by creation. */
export type PlacedJobRow = z.output<typeof placedJobDbRow>;

const retryLinkRow = z.object({ job_id: z.string(), retry_of: z.string() });

export interface CreationPage extends RowsRead<PlacedJobRow> {
  /** The place of the last row read, damaged or not: the next page starts after it. Null when none was. */
  last: CreationPlace | null;
}

export interface SubmittedJob {
  jobId: string;
  /** The status the submit answer carried (usually `queued`). */
  status: string;
  /** What we sent, kept so "retry" can send it again. */
  workflow: JsonObject;
  labels?: Labels;
  /** The job this one retries, if any. */
  retryOf?: string;
  snapshot?: JobSnapshot;
}

export interface JobListOptions {
  limit?: number;
  offset?: number;
  /**
   * Only jobs without a terminal status that the service has not said it forgot (what the watcher resumes
   * after a restart).
   */
  openOnly?: boolean;
  /**
   * With `openOnly`: the open jobs after this one in the order (older, or as old with a later id), whatever
   * has ended since (a keyset cursor; an offset would skip jobs as the ones before it end).
   */
  after?: JobCursor;
}

/** Where a newest-first walk of the jobs stands: the last row's creation time as stored, and its id. */
export interface JobCursor {
  createdAt: string;
  jobId: string;
}

const columns =
  'profile_id, job_id, status, snapshot, labels, submitted_by_us, retry_of, workflow, created_at, updated_at, terminal_at, gone_at';

/**
 * The same columns with the workflow left unread (null): for rows that are shown (the job list, a batch's
 * items), where the workflow, often the largest column, is never used.
 */
const shownColumns = columns.replace('workflow', 'NULL AS workflow');

type UpsertParams = {
  profile_id: string;
  job_id: string;
  status: string;
  snapshot: string;
  labels: string | null;
  at: string;
  terminal_at: string | null;
};

export class JobsTable {
  private readonly upsert;
  private readonly submit;
  private readonly selectOne;
  private readonly selectPage;
  private readonly selectOpen;
  private readonly selectOpenAfter;
  private readonly selectRetries;
  private readonly selectShown;
  private readonly selectByCreation;
  private readonly selectRestOfTie;
  private readonly selectOlder;
  private readonly selectPlaced;
  private readonly selectRetriesOfJobs;
  private readonly deleteRow;
  private readonly setWorkflow;
  private readonly setGone;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    // The WHERE on the update skips identical snapshots: a poll that sees no change costs no WAL write and
    // reports `changed: false`, which the watcher uses to avoid re-rendering.
    this.upsert = prepare<UpsertParams>(
      db,
      `INSERT INTO jobs (${columns})
         VALUES (:profile_id, :job_id, :status, :snapshot, :labels, 0, NULL, NULL, :at, :at, :terminal_at, NULL)
       ON CONFLICT (profile_id, job_id) DO UPDATE SET
         status = excluded.status,
         snapshot = excluded.snapshot,
         labels = COALESCE(excluded.labels, jobs.labels),
         updated_at = excluded.updated_at,
         terminal_at = COALESCE(jobs.terminal_at, excluded.terminal_at),
         gone_at = NULL
       WHERE jobs.snapshot IS NOT excluded.snapshot
          OR jobs.status IS NOT excluded.status
          OR (excluded.labels IS NOT NULL AND jobs.labels IS NOT excluded.labels)
          OR jobs.gone_at IS NOT NULL`,
    );
    this.submit = prepare<
      Omit<UpsertParams, 'snapshot'> & { workflow: string; retry_of: string | null; snapshot: string | null }
    >(
      db,
      `INSERT INTO jobs (${columns})
         VALUES (:profile_id, :job_id, :status, :snapshot, :labels, 1, :retry_of, :workflow, :at, :at, :terminal_at, NULL)
       ON CONFLICT (profile_id, job_id) DO UPDATE SET
         submitted_by_us = 1,
         retry_of = excluded.retry_of,
         workflow = excluded.workflow,
         labels = COALESCE(excluded.labels, jobs.labels),
         updated_at = excluded.updated_at`,
    );
    this.selectOne = prepare<{ profile_id: string; job_id: string }>(
      db,
      `SELECT ${columns} FROM jobs WHERE profile_id = :profile_id AND job_id = :job_id`,
    );
    this.selectPage = prepare<{ profile_id: string; limit: number; offset: number }>(
      db,
      `SELECT ${shownColumns} FROM jobs WHERE profile_id = :profile_id
         ORDER BY created_at DESC, job_id LIMIT :limit OFFSET :offset`,
    );
    this.selectOpen = prepare<{ profile_id: string; limit: number; offset: number }>(
      db,
      `SELECT ${shownColumns} FROM jobs WHERE profile_id = :profile_id AND terminal_at IS NULL AND gone_at IS NULL
         ORDER BY created_at DESC, job_id LIMIT :limit OFFSET :offset`,
    );
    this.selectOpenAfter = prepare<{
      profile_id: string;
      limit: number;
      created_at: string;
      job_id: string;
    }>(
      db,
      `SELECT ${shownColumns} FROM jobs WHERE profile_id = :profile_id AND terminal_at IS NULL AND gone_at IS NULL
         AND (created_at < :created_at OR (created_at = :created_at AND job_id > :job_id))
         ORDER BY created_at DESC, job_id LIMIT :limit`,
    );
    this.selectRetries = prepare<{ profile_id: string; job_id: string }>(
      db,
      // Named: without statistics SQLite picks the primary key's profile_id prefix and reads every job of
      // the profile (75 ms at 1,500 jobs with their workflows) instead of this index's few rows.
      `SELECT ${columns} FROM jobs INDEXED BY jobs_by_retry_of
         WHERE profile_id = :profile_id AND retry_of = :job_id ORDER BY created_at`,
    );
    this.selectShown = prepare<{ profile_id: string; ids: string }>(
      db,
      `SELECT ${shownColumns} FROM jobs
         WHERE profile_id = :profile_id AND job_id IN (SELECT value FROM json_each(:ids))`,
    );
    // Both through jobs_by_creation, from the position on: a page costs its own rows, whatever the history.
    this.selectByCreation = prepare<{ profile_id: string; limit: number }>(
      db,
      `SELECT ${shownColumns}, created_ms FROM jobs WHERE profile_id = :profile_id
         ORDER BY created_ms DESC, job_id LIMIT :limit`,
    );
    // After a place: first the rest of its tie (same time, later id), then the older times. One OR would
    // walk the whole tie from its start at every page (3,000 jobs of one time: 0.1 s a page of 100).
    this.selectRestOfTie = prepare<{ profile_id: string; limit: number; created_ms: number; job_id: string }>(
      db,
      `SELECT ${shownColumns}, created_ms FROM jobs WHERE profile_id = :profile_id
         AND created_ms = :created_ms AND job_id > :job_id
         ORDER BY created_ms DESC, job_id LIMIT :limit`,
    );
    this.selectOlder = prepare<{ profile_id: string; limit: number; created_ms: number }>(
      db,
      `SELECT ${shownColumns}, created_ms FROM jobs WHERE profile_id = :profile_id AND created_ms < :created_ms
         ORDER BY created_ms DESC, job_id LIMIT :limit`,
    );
    this.selectPlaced = prepare<{ profile_id: string; ids: string }>(
      db,
      `SELECT ${shownColumns}, created_ms FROM jobs
         WHERE profile_id = :profile_id AND job_id IN (SELECT value FROM json_each(:ids))`,
    );
    this.selectRetriesOfJobs = prepare<{ profile_id: string; ids: string }>(
      db,
      // Named, as selectRetries: left to itself SQLite walks every job of the profile (60 ms at 25,000).
      `SELECT job_id, retry_of FROM jobs INDEXED BY jobs_by_retry_of
         WHERE profile_id = :profile_id AND retry_of IN (SELECT value FROM json_each(:ids))
         ORDER BY created_at DESC, job_id`,
    );
    this.deleteRow = prepare<{ profile_id: string; job_id: string }>(
      db,
      'DELETE FROM jobs WHERE profile_id = :profile_id AND job_id = :job_id',
    );
    this.setWorkflow = prepare<{ profile_id: string; job_id: string; workflow: string; at: string }>(
      db,
      `UPDATE jobs SET workflow = :workflow, updated_at = :at
         WHERE profile_id = :profile_id AND job_id = :job_id AND workflow IS NULL`,
    );
    this.setGone = prepare<{ profile_id: string; job_id: string; at: string }>(
      db,
      `UPDATE jobs SET gone_at = :at, updated_at = :at
         WHERE profile_id = :profile_id AND job_id = :job_id AND terminal_at IS NULL AND gone_at IS NULL`,
    );
  }

  /**
   * Notes that the service answered 404 for an open job (schema.ts jobsGone): it reads as 'unknown' from now
   * on and is no longer resumed. An ended job is left as it ended. True when it was noted now.
   */
  markGone(profileId: string, jobId: string, at = this.now().toISOString()): boolean {
    return this.setGone.run({ profile_id: profileId, job_id: jobId, at }).changes > 0;
  }

  /** Records the latest snapshot of one job. `changed` is false when it equals the stored one. */
  upsertSnapshot(profileId: string, job: JobSnapshot, labels?: Labels): { changed: boolean } {
    return { changed: this.upsert.run(this.upsertParams(profileId, job, labels)).changes > 0 };
  }

  /** Records many snapshots in one transaction (one commit instead of one per job). */
  upsertSnapshots(profileId: string, jobs: readonly JobSnapshot[]): { changed: number } {
    return writeTransaction(this.db, () => {
      let changed = 0;
      for (const job of jobs) changed += this.upsert.run(this.upsertParams(profileId, job)).changes;
      return { changed };
    });
  }

  /** Records a job we submitted, with the workflow for a later retry. Durable: it is the only copy we have. */
  recordSubmitted(profileId: string, job: SubmittedJob): JobRow {
    return durableTransaction(this.db, () => this.recordSubmittedWithin(profileId, job));
  }

  /**
   * The same, inside a durable transaction the caller holds (LoupeStore.durably), so the job and the outbox
   * item's answer are on disk together: a sender killed in between can leave neither half.
   */
  recordSubmittedWithin(profileId: string, job: SubmittedJob): JobRow {
    if (!this.db.inTransaction)
      throw new Error('recordSubmittedWithin needs the caller’s durable transaction');
    const at = this.now().toISOString();
    const snapshot = job.snapshot === undefined ? null : toJson(jobSnapshotSchema.parse(job.snapshot));
    return writeTransaction(this.db, () => {
      this.submit.run({
        profile_id: profileId,
        job_id: job.jobId,
        status: job.status,
        snapshot,
        labels: job.labels === undefined ? null : toJson(labelsSchema.parse(job.labels)),
        at,
        terminal_at: terminalJobStatuses.has(job.status) ? at : null,
        workflow: toJson(jsonObjectSchema.parse(job.workflow)),
        retry_of: job.retryOf ?? null,
      });
      const row = this.get(profileId, job.jobId);
      if (row === null) throw new Error('submitted job row vanished inside its own transaction');
      return row;
    });
  }

  /** One job, or null. Throws StoreError('corrupt_row') when its stored columns are damaged. */
  /**
   * Keeps the workflow the service says a job ran (read for the library), on a job whose workflow Loupe does
   * not have yet; never over the one Loupe submitted. True when it was recorded.
   */
  rememberWorkflow(profileId: string, jobId: string, workflow: Record<string, unknown>): boolean {
    const text = toJson(jsonObjectSchema.parse(workflow));
    const at = this.now().toISOString();
    return this.setWorkflow.run({ profile_id: profileId, job_id: jobId, workflow: text, at }).changes > 0;
  }

  get(profileId: string, jobId: string): JobRow | null {
    return parseOptionalRow(
      'jobs',
      'job_id',
      jobDbRow,
      this.selectOne.get({ profile_id: profileId, job_id: jobId }),
    );
  }

  /**
   * Newest first by when Loupe recorded each job (the watcher's resume list walks the open ones). Damaged
   * rows are returned apart, in `corrupt`, so one bad row never hides the rest. The workflows are left unread
   * (`workflow: null`): a workflow is read with get() when it is used (a retry, the library).
   */
  list(profileId: string, options: JobListOptions = {}): RowsRead<JobRow> {
    const params = {
      profile_id: profileId,
      limit: Math.max(1, Math.min(options.limit ?? 200, 10_000)),
      offset: Math.max(0, options.offset ?? 0),
    };
    const { after } = options;
    const raws =
      options.openOnly !== true
        ? this.selectPage.all(params)
        : after === undefined
          ? this.selectOpen.all(params)
          : this.selectOpenAfter.all({
              profile_id: profileId,
              limit: params.limit,
              created_at: after.createdAt,
              job_id: after.jobId,
            });
    return parseRows('jobs', 'job_id', jobDbRow, raws);
  }

  /** The jobs submitted as retries of `jobId`. */
  retriesOf(profileId: string, jobId: string): RowsRead<JobRow> {
    return parseRows(
      'jobs',
      'job_id',
      jobDbRow,
      this.selectRetries.all({ profile_id: profileId, job_id: jobId }),
    );
  }

  /**
   * These jobs' rows in one read, their workflows left unread (`workflow: null`): what a batch's page shows
   * of its 1,000 items' jobs. A job without a row is absent; damaged rows come apart in `corrupt`.
   */
  shownRowsOf(profileId: string, jobIds: readonly string[]): RowsRead<JobRow> {
    if (jobIds.length === 0) return { rows: [], corrupt: [] };
    const raws = this.selectShown.all({ profile_id: profileId, ids: JSON.stringify(jobIds) });
    return parseRows('jobs', 'job_id', jobDbRow, raws);
  }

  /**
   * Newest first by the job's own creation time (schema.ts jobsByCreation), after `after` when given, at most
   * `limit` rows, workflows unread: the job list's pages of what Loupe remembers. Damaged rows come apart in
   * `corrupt`; `last` still moves past them.
   */
  newestByCreation(profileId: string, options: { after?: CreationPlace; limit: number }): CreationPage {
    const limit = Math.max(1, Math.min(options.limit, 10_000));
    const { after } = options;
    const raws =
      after === undefined
        ? this.selectByCreation.all({ profile_id: profileId, limit })
        : this.readAfter(profileId, after, limit);
    const lastRaw = raws.length === 0 ? null : creationPlaceRow.safeParse(raws[raws.length - 1]);
    // The place is the index's own key: never damaged in a way that parses wrong (job_id is the primary key).
    const last = lastRaw?.success === true ? lastRaw.data : null;
    return { ...parseRows('jobs', 'job_id', placedJobDbRow, raws), last };
  }

  private readAfter(profileId: string, after: CreationPlace, limit: number): unknown[] {
    const place = { profile_id: profileId, created_ms: after.createdMs };
    const tie = this.selectRestOfTie.all({ ...place, limit, job_id: after.jobId });
    if (tie.length >= limit) return tie;
    return [...tie, ...this.selectOlder.all({ ...place, limit: limit - tie.length })];
  }

  /** These jobs' rows with their places, in one read, workflows unread; a job without a row is absent. */
  placedRowsOf(profileId: string, jobIds: readonly string[]): RowsRead<PlacedJobRow> {
    if (jobIds.length === 0) return { rows: [], corrupt: [] };
    const raws = this.selectPlaced.all({ profile_id: profileId, ids: JSON.stringify(jobIds) });
    return parseRows('jobs', 'job_id', placedJobDbRow, raws);
  }

  /** The ids of the jobs that retried each of these, newest first, by the job they retried. */
  retriesOfJobs(profileId: string, jobIds: readonly string[]): Map<string, string[]> {
    const retries = new Map<string, string[]>();
    if (jobIds.length === 0) return retries;
    for (const raw of this.selectRetriesOfJobs.all({ profile_id: profileId, ids: JSON.stringify(jobIds) })) {
      const row = retryLinkRow.safeParse(raw);
      if (!row.success) continue;
      const list = retries.get(row.data.retry_of) ?? [];
      list.push(row.data.job_id);
      retries.set(row.data.retry_of, list);
    }
    return retries;
  }

  /** Forgets a job and its outputs. */
  remove(profileId: string, jobId: string): boolean {
    return this.deleteRow.run({ profile_id: profileId, job_id: jobId }).changes > 0;
  }

  private upsertParams(profileId: string, job: JobSnapshot, labels?: Labels): UpsertParams {
    const snapshot = jobSnapshotSchema.parse(job);
    const at = this.now().toISOString();
    return {
      profile_id: profileId,
      job_id: snapshot.id,
      status: snapshot.status,
      snapshot: toJson(snapshot),
      labels: labels === undefined ? null : toJson(labelsSchema.parse(labels)),
      at,
      terminal_at: terminalJobStatuses.has(snapshot.status) ? at : null,
    };
  }
}
