// One row per workflow submission in a batch: the outbox of ARCHITECTURE rule 6. The intent (request body
// and Idempotency-Key) is on disk before the request leaves, `sent` is on disk before it leaves too, and the
// outcome is written when it is known. After a crash, `pending` items were never sent; `sent` and `unknown`
// ones are resent with the same key, which the service de-duplicates.
import { z } from 'zod';
import {
  idempotencyKeySchema,
  transitionError,
  outboxStateSchema,
  sendableStates,
  stateList,
  type OutboxFailure,
  type OutboxState,
} from './outbox';
import { idTakenError } from './errors';
import { jobSnapshotSchema } from './jobsTable';
import {
  jsonColumn,
  jsonObjectSchema,
  nullableJsonColumn,
  parseOptionalRow,
  parseRows,
  toJson,
  type JsonObject,
  type RowsRead,
} from './rowCodec';
import { OutboxSteps } from './outboxSteps';
import { durableTransaction, prepare, writeTransaction, type Db } from './sqlite';

export interface BatchItemIntent {
  id: string;
  batchId: string;
  idempotencyKey: string;
  /** The request body exactly as it will be sent. */
  request: JsonObject;
  /** A planned item's values on its batch's axes (`[{target: '3.seed', value: 7}, …]`). */
  values?: z.output<typeof itemValuesSchema>;
}

const jobBatchRow = z.object({ job_id: z.string(), batch_id: z.string() });

export const itemValuesSchema = z.array(z.object({ target: z.string(), value: z.json() }));
const jobValuesRow = z.object({
  job_id: z.string(),
  item_values: jsonColumn(itemValuesSchema).nullable().catch(null),
});

/**
 * `jobId: null`: the service accepted the submission (a 2xx arrived) but its answer was lost, so the job exists
 * and is looked for; `error` says what was lost.
 */
type CreatedItem = { outcome: 'created'; jobId: string | null; error?: string };
export type BatchItemResult = CreatedItem | OutboxFailure;

const batchItemDbRow = z
  .object({
    id: z.string(),
    batch_id: z.string(),
    position: z.number().int(),
    idempotency_key: z.string(),
    state: outboxStateSchema,
    job_id: z.string().nullable(),
    request: jsonColumn(jsonObjectSchema),
    attempts: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    item_values: nullableJsonColumn(itemValuesSchema).catch(null),
    retry_of_job: z.string().nullable(),
  })
  .transform((r) => ({
    id: r.id,
    batchId: r.batch_id,
    position: r.position,
    idempotencyKey: r.idempotency_key,
    state: r.state,
    jobId: r.job_id,
    request: r.request,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    values: r.item_values,
    /** The failed job this item is being sent again for (its next attempt is linked to it). */
    retryOfJob: r.retry_of_job,
  }));
export type BatchItemRow = z.output<typeof batchItemDbRow>;

const intentSchema = z.object({
  id: z.string().min(1),
  batchId: z.string().min(1),
  idempotencyKey: idempotencyKeySchema,
  request: jsonObjectSchema,
  values: itemValuesSchema.optional(),
});

/**
 * What a batch's page shows of an item: no request body (it holds the whole workflow, and the page is read
 * again as the batch's jobs appear).
 */
const batchItemViewDbRow = z
  .object({
    id: z.string(),
    position: z.number().int(),
    state: outboxStateSchema,
    job_id: z.string().nullable(),
    attempts: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
    item_values: nullableJsonColumn(itemValuesSchema).catch(null),
  })
  .transform((r) => ({
    id: r.id,
    position: r.position,
    state: r.state,
    jobId: r.job_id,
    attempts: r.attempts,
    lastError: r.last_error,
    values: r.item_values,
  }));
export type BatchItemView = z.output<typeof batchItemViewDbRow>;

const countRow = z.object({ state: outboxStateSchema, n: z.number().int() });

/**
 * What the batch list reads of every item of every batch: where it stands and its job as the jobs table has
 * it. Neither the request body nor the job's workflow is read: both can be large, and the list is read
 * again whenever one of the profile's jobs moves. A damaged job snapshot reads as none (the job's own
 * status column still counts).
 */
const itemStandingDbRow = z
  .object({
    id: z.string(),
    batch_id: z.string(),
    state: outboxStateSchema,
    job_id: z.string().nullable(),
    job_status: z.string().nullable(),
    job_snapshot: nullableJsonColumn(jobSnapshotSchema).catch(null),
    job_gone: z.number().nullable(),
  })
  .transform((r) => ({
    id: r.id,
    batchId: r.batch_id,
    state: r.state,
    jobId: r.job_id,
    /** Null when the item has no job yet, or the jobs table has no row for it. */
    job:
      r.job_status === null
        ? null
        : { status: r.job_status, snapshot: r.job_snapshot, gone: r.job_gone === 1 },
  }));
export type BatchItemStanding = z.output<typeof itemStandingDbRow>;

const itemPositionDbRow = z
  .object({
    id: z.string(),
    state: outboxStateSchema,
    job_id: z.string().nullable(),
    job_status: z.string().nullable(),
  })
  .transform((r) => ({ id: r.id, state: r.state, jobId: r.job_id, jobStatus: r.job_status }));
export type BatchItemPosition = z.output<typeof itemPositionDbRow>;

/** A job the service said it forgot (jobsTable markGone) counts as 'unknown', not as its last status. */
const jobStatusColumn = `CASE WHEN j.gone_at IS NOT NULL THEN 'unknown' ELSE j.status END AS job_status`;

const standingSelect = `SELECT i.id, i.batch_id, i.state, i.job_id, ${jobStatusColumn},
    j.snapshot AS job_snapshot, j.gone_at IS NOT NULL AS job_gone
  FROM batch_items i JOIN batches b ON b.id = i.batch_id
  LEFT JOIN jobs j ON j.profile_id = b.profile_id AND j.job_id = i.job_id`;

const columns =
  'id, batch_id, position, idempotency_key, state, job_id, request, attempts, last_error, created_at, updated_at, item_values, retry_of_job';

function qualified(alias: string): string {
  return columns
    .split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
}

export class BatchItemsTable extends OutboxSteps<BatchItemRow, CreatedItem> {
  private readonly insertRow;
  private readonly selectOne;
  private readonly selectByKey;
  private readonly selectClaim;
  private readonly toRetry;
  private readonly selectForBatch;
  private readonly selectViewsForBatch;
  private readonly selectResumable;
  private readonly selectProfilesResumable;
  private readonly selectCounts;
  private readonly selectStandingsForProfile;
  private readonly selectStandingsForBatch;
  private readonly selectPositions;
  private readonly selectSeveralOfJobs;
  private readonly selectValuesOfJobs;
  private readonly toAttached;

  constructor(db: Db, now: () => Date) {
    super(db, 'batch_items', now, { job_id: (created) => created.jobId });
    this.insertRow = prepare<{
      id: string;
      batch_id: string;
      key: string;
      request: string;
      at: string;
      item_values: string | null;
    }>(
      db,
      `INSERT INTO batch_items (${columns}) VALUES (:id, :batch_id,
         (SELECT COALESCE(MAX(position), -1) + 1 FROM batch_items WHERE batch_id = :batch_id),
         :key, 'pending', NULL, :request, 0, NULL, :at, :at, :item_values, NULL)`,
    );
    this.selectOne = prepare<{ id: string }>(db, `SELECT ${columns} FROM batch_items WHERE id = :id`);
    this.toRetry = prepare<{ id: string; key: string; at: string }>(
      db,
      `UPDATE batch_items SET state = 'pending', idempotency_key = :key, last_error = NULL,
         retry_of_job = COALESCE(job_id, retry_of_job), job_id = NULL, updated_at = :at
       WHERE id = :id AND (state = 'failed' OR (state = 'created' AND job_id IS NOT NULL))`,
    );
    this.toAttached = prepare<{ id: string; job_id: string; at: string }>(
      db,
      `UPDATE batch_items SET job_id = :job_id, last_error = NULL, updated_at = :at
         WHERE id = :id AND state = 'created' AND job_id IS NULL`,
    );
    this.selectClaim = prepare<{ profile_id: string; job_id: string }>(
      db,
      // Claimed: an item names it as its job, or as the failed attempt its next one retries, or a later job
      // Loupe recorded retries it. An earlier attempt of an item is never taken for a later one's lost job.
      `SELECT 1 AS claimed FROM batch_items i JOIN batches b ON b.id = i.batch_id
         WHERE b.profile_id = :profile_id AND (i.job_id = :job_id OR i.retry_of_job = :job_id)
       UNION ALL
       SELECT 1 FROM jobs j WHERE j.profile_id = :profile_id AND j.retry_of = :job_id
       LIMIT 1`,
    );
    // A job of a page: the item it runs now, or the item it ran before that item was retried (retry_of_job).
    // Each half starts from the page's ids through its index (CROSS JOIN keeps that order): joined the other way,
    // SQLite read every item of the profile's batches for each page.
    const valuesBy = (column: 'job_id' | 'retry_of_job') =>
      `SELECT i.${column} AS job_id, i.item_values FROM batch_items i CROSS JOIN batches b ON b.id = i.batch_id
         WHERE i.${column} IN (SELECT value FROM json_each(:ids)) AND b.profile_id = :profile_id
           AND i.item_values IS NOT NULL`;
    this.selectValuesOfJobs = prepare<{ profile_id: string; ids: string }>(
      db,
      `${valuesBy('job_id')} UNION ALL ${valuesBy('retry_of_job')}`,
    );
    // "Several": a batch of more than one item (a lone submit is a batch of one, and is no batch to a person).
    // From the jobs' ids through the job_id index; a batch has several items when another item shares it.
    this.selectSeveralOfJobs = prepare<{ profile_id: string; ids: string }>(
      db,
      `SELECT i.job_id AS job_id, i.batch_id AS batch_id FROM batch_items i CROSS JOIN batches b ON b.id = i.batch_id
         WHERE i.job_id IN (SELECT value FROM json_each(:ids)) AND b.profile_id = :profile_id
           AND EXISTS (SELECT 1 FROM batch_items o WHERE o.batch_id = i.batch_id AND o.id <> i.id)`,
    );
    this.selectByKey = prepare<{ key: string }>(
      db,
      `SELECT ${columns} FROM batch_items WHERE idempotency_key = :key`,
    );
    this.selectForBatch = prepare<{ batch_id: string }>(
      db,
      `SELECT ${columns} FROM batch_items WHERE batch_id = :batch_id ORDER BY position`,
    );
    this.selectViewsForBatch = prepare<{ batch_id: string }>(
      db,
      `SELECT id, position, state, job_id, attempts, last_error, item_values FROM batch_items
         WHERE batch_id = :batch_id ORDER BY position`,
    );
    this.selectResumable = prepare<{ profile_id: string }>(
      db,
      `SELECT ${qualified('i')} FROM batch_items i JOIN batches b ON b.id = i.batch_id
         WHERE b.profile_id = :profile_id AND b.plan IS NULL
           AND (i.state IN (${stateList(sendableStates)}) OR (i.state = 'created' AND i.job_id IS NULL))
         ORDER BY b.created_at, i.position`,
    );
    this.selectProfilesResumable = prepare(
      db,
      `SELECT DISTINCT b.profile_id AS profile_id FROM batch_items i JOIN batches b ON b.id = i.batch_id
         WHERE b.plan IS NULL
           AND (i.state IN (${stateList(sendableStates)}) OR (i.state = 'created' AND i.job_id IS NULL))`,
    );
    this.selectCounts = prepare<{ batch_id: string }>(
      db,
      'SELECT state, COUNT(*) AS n FROM batch_items WHERE batch_id = :batch_id GROUP BY state',
    );
    this.selectStandingsForProfile = prepare<{ profile_id: string }>(
      db,
      `${standingSelect} WHERE b.profile_id = :profile_id ORDER BY i.batch_id, i.position`,
    );
    this.selectPositions = prepare<{ batch_id: string }>(
      db,
      `SELECT i.id, i.state, i.job_id, ${jobStatusColumn}
         FROM batch_items i JOIN batches b ON b.id = i.batch_id
         LEFT JOIN jobs j ON j.profile_id = b.profile_id AND j.job_id = i.job_id
         WHERE i.batch_id = :batch_id ORDER BY i.position`,
    );
    this.selectStandingsForBatch = prepare<{ batch_id: string }>(
      db,
      `${standingSelect} WHERE i.batch_id = :batch_id ORDER BY i.position`,
    );
  }

  /** Durable before it returns: the item and its key exist on disk before anything is sent. */
  recordIntent(intent: BatchItemIntent): BatchItemRow {
    const [row] = this.recordIntents([intent]);
    if (row === undefined) throw new Error('recordIntents returned no row for one intent');
    return row;
  }

  /** Several intents in one durable commit (a whole batch costs one fsync, not one per item). */
  recordIntents(intents: readonly BatchItemIntent[]): BatchItemRow[] {
    return durableTransaction(this.db, () => this.insertIntents(intents));
  }

  /** For BatchesTable: inserts inside a transaction the caller already holds (and makes durable). */
  insertIntents(intents: readonly BatchItemIntent[]): BatchItemRow[] {
    const parsed = intents.map((intent) => intentSchema.parse(intent));
    const at = this.stamp();
    return writeTransaction(this.db, () =>
      parsed.map((intent) => {
        if (this.selectOne.get({ id: intent.id }) !== undefined) {
          throw idTakenError('batch_items', 'A batch item', intent.id);
        }
        this.insertRow.run({
          id: intent.id,
          batch_id: intent.batchId,
          key: intent.idempotencyKey,
          request: toJson(intent.request),
          at,
          item_values: intent.values === undefined ? null : toJson(intent.values),
        });
        return this.require(intent.id);
      }),
    );
  }

  override get(id: string): BatchItemRow | null {
    return parseOptionalRow('batch_items', 'id', batchItemDbRow, this.selectOne.get({ id }));
  }

  /**
   * Sends an item again as its next attempt, under a new key: one the service refused, or one whose job
   * failed (that job is kept as the one the next attempt retries). Durable before it returns.
   */
  requeueForRetry(id: string, newIdempotencyKey: string): BatchItemRow {
    const key = idempotencyKeySchema.parse(newIdempotencyKey);
    return durableTransaction(this.db, () => {
      if (this.toRetry.run({ id, key, at: this.stamp() }).changes === 0) {
        throw transitionError('batch_items', id, this.get(id)?.state ?? null, 'retry', ['failed', 'created']);
      }
      return this.require(id);
    });
  }

  /**
   * Names the job of an item whose submission was accepted but whose answer was lost (created, no job id),
   * once the job has been found. Refused for any other item: a job id once recorded is never replaced.
   */
  attachJob(id: string, jobId: string): BatchItemRow {
    return writeTransaction(this.db, () => {
      if (this.toAttached.run({ id, job_id: jobId, at: this.stamp() }).changes === 0) {
        throw transitionError('batch_items', id, this.get(id)?.state ?? null, 'attach a job to', ['created']);
      }
      return this.require(id);
    });
  }

  /** The batch of several items whose item this job runs (its current attempt), or null. */
  severalItemBatchOf(profileId: string, jobId: string): string | null {
    return this.severalItemBatchesOfJobs(profileId, [jobId]).get(jobId) ?? null;
  }

  /** severalItemBatchOf for many jobs in one read, by job id (a job of no such batch is absent). */
  severalItemBatchesOfJobs(profileId: string, jobIds: readonly string[]): Map<string, string> {
    const byJob = new Map<string, string>();
    if (jobIds.length === 0) return byJob;
    for (const raw of this.selectSeveralOfJobs.all({ profile_id: profileId, ids: JSON.stringify(jobIds) })) {
      const row = jobBatchRow.safeParse(raw);
      if (row.success && !byJob.has(row.data.job_id)) byJob.set(row.data.job_id, row.data.batch_id);
    }
    return byJob;
  }

  /**
   * The values of the batch items these jobs ran, by job id (a page of the job list; a job of no batch, or of a
   * batch without axes, is absent). A damaged row is left out.
   */
  valuesOfJobs(profileId: string, jobIds: readonly string[]): Map<string, z.output<typeof itemValuesSchema>> {
    const byJob = new Map<string, z.output<typeof itemValuesSchema>>();
    if (jobIds.length === 0) return byJob;
    for (const raw of this.selectValuesOfJobs.all({ profile_id: profileId, ids: JSON.stringify(jobIds) })) {
      const row = jobValuesRow.safeParse(raw);
      // The item a job runs now comes first, before one it ran earlier.
      if (row.success && row.data.item_values !== null && !byJob.has(row.data.job_id)) {
        byJob.set(row.data.job_id, row.data.item_values);
      }
    }
    return byJob;
  }

  /** Whether an item of this profile's batches already names this job as the one it created. */
  claimsJob(profileId: string, jobId: string): boolean {
    return this.selectClaim.get({ profile_id: profileId, job_id: jobId }) !== undefined;
  }

  /** The item sent under `key` (keys are unique across the store), or null. */
  byKey(key: string): BatchItemRow | null {
    return parseOptionalRow('batch_items', 'id', batchItemDbRow, this.selectByKey.get({ key }));
  }

  listForBatch(batchId: string): RowsRead<BatchItemRow> {
    return parseRows('batch_items', 'id', batchItemDbRow, this.selectForBatch.all({ batch_id: batchId }));
  }

  /** A batch's items as its page shows them, in position order, without their request bodies. */
  viewsForBatch(batchId: string): RowsRead<BatchItemView> {
    return parseRows(
      'batch_items',
      'id',
      batchItemViewDbRow,
      this.selectViewsForBatch.all({ batch_id: batchId }),
    );
  }

  /**
   * Single submissions (batches of one) of this profile that still need sending or reconciling, oldest
   * first (resume after a crash). A planned batch is not among them: its items leave a window at a time
   * through the BatchRunner when the user resumes it, never all at once behind its back.
   */
  listResumable(profileId: string): RowsRead<BatchItemRow> {
    return parseRows(
      'batch_items',
      'id',
      batchItemDbRow,
      this.selectResumable.all({ profile_id: profileId }),
    );
  }

  /** The profiles with single submissions still to send or reconcile (their runtimes start with Loupe). */
  profilesWithResumable(): string[] {
    return profileIdsOf(this.selectProfilesResumable.all({}));
  }

  countsByState(batchId: string): Record<OutboxState, number> {
    const counts: Record<OutboxState, number> = { pending: 0, sent: 0, unknown: 0, created: 0, failed: 0 };
    for (const raw of this.selectCounts.all({ batch_id: batchId })) {
      const parsed = countRow.safeParse(raw);
      if (parsed.success) counts[parsed.data.state] = parsed.data.n;
    }
    return counts;
  }

  /**
   * Every item of the profile's batches with its job's status and snapshot, in one read (batches.list).
   * A damaged row is set aside keyed by its batch id, so the batch it belongs to is known.
   */
  standingsForProfile(profileId: string): RowsRead<BatchItemStanding> {
    const raws = this.selectStandingsForProfile.all({ profile_id: profileId });
    return parseRows('batch_items', 'batch_id', itemStandingDbRow, raws);
  }

  /**
   * Where each item of a batch is, at the least cost: no request, no job snapshot (the batch runner reads it
   * every round of a 1,000-item batch). The job's status is the service's text as last stored.
   */
  positionsForBatch(batchId: string): RowsRead<BatchItemPosition> {
    return parseRows('batch_items', 'id', itemPositionDbRow, this.selectPositions.all({ batch_id: batchId }));
  }

  /** The same for one batch, in position order (batches.get). */
  standingsForBatch(batchId: string): RowsRead<BatchItemStanding> {
    const raws = this.selectStandingsForBatch.all({ batch_id: batchId });
    return parseRows('batch_items', 'batch_id', itemStandingDbRow, raws);
  }
}

const profileIdRow = z.object({ profile_id: z.string() });

/** Profile ids from rows of one `profile_id` column; a damaged row is skipped (it names no profile). */
export function profileIdsOf(rows: readonly unknown[]): string[] {
  return rows.flatMap((row) => {
    const parsed = profileIdRow.safeParse(row);
    return parsed.success ? [parsed.data.profile_id] : [];
  });
}
