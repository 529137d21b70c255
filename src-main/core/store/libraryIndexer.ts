// Every output written to the store becomes a library entry in the same transaction (issue 21): the outputs
// table calls this with the rows it just wrote. What the entry says comes from the job's row (its workflow when
// Loupe sent it, its labels, times and status) and its batch item (the batch's name and the item's axis
// values). A job's context is read once per job and kept for its next chunks: a 10,000-output job is written
// 250 rows to a transaction, and its workflow is parsed once, not forty times.
import { z } from 'zod';
import { entryOf, type JobContext } from './facts/entryOf';
import { emptyFacts, workflowFacts } from './facts/workflowFacts';
import { isStoreError } from './errors';
import type { JobRow, JobsTable } from './jobsTable';
import type { LibraryEntriesTable } from './libraryEntriesTable';
import type { OutputRowInput } from './outputsTable';
import { namedItemValues } from './facts/itemValueNames';
import { jsonColumn } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

const batchRow = z.object({
  batch_id: z.string(),
  name: z.string(),
  item_values: z
    .union([z.null(), jsonColumn(z.array(z.object({ target: z.string(), value: z.json() })))])
    .catch(null),
  /** The submission Loupe recorded for the item: its workflow with the item's values in place. */
  request: jsonColumn(z.looseObject({ workflow: z.unknown() }))
    .transform((body) => body.workflow)
    .catch(null),
});

const snapshotFields = z.object({
  created_at: z.string().optional().catch(undefined),
  expires_at: z.string().nullable().optional().catch(null),
  labels: z.record(z.string(), z.string()).optional().catch(undefined),
});

const unindexedRow = z.object({
  profile_id: z.string(),
  job_id: z.string(),
  asset_id: z.string().min(1),
  node_id: z.string(),
  name: z.string(),
  type: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative().catch(0),
  hash: z.string().nullable().catch(null),
  position: z.number().int().nonnegative().catch(0),
});

/** Job contexts kept for their next chunk. */
const REMEMBERED_JOBS = 16;

/** An ISO time as the library sorts it (UTC, milliseconds), or null for text that is not a time. */
export function isoOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

export interface IndexedCounts {
  created: number;
  updated: number;
  /** The entries this write made (the keep rule acts on them). */
  createdIds: number[];
  /** The job whose outputs these entries are, when they are a job's (its list row is named by them). */
  job?: { profileId: string; jobId: string };
}

export class LibraryIndexer {
  private readonly selectBatch;
  private readonly selectUnindexed;
  private readonly contexts = new Map<string, JobContext>();
  /** Workflows read for jobs whose row the watcher has not written yet (readForLibrary.ts), bounded. */
  private readonly awaitedWorkflows = new Map<string, Record<string, unknown>>();
  private readonly listeners = new Set<(counts: IndexedCounts) => void>();
  private readonly db: Db;

  constructor(
    db: Db,
    private readonly jobs: JobsTable,
    private readonly entries: LibraryEntriesTable,
  ) {
    this.db = db;
    // Outputs an older store recorded before the library existed (or whose indexing failed), oldest job first.
    this.selectUnindexed = prepare<{ limit: number }>(
      db,
      `SELECT o.profile_id, o.job_id, o.asset_id, o.node_id, o.name, o.type, o.content_type, o.size, o.hash,
         o.position
       FROM outputs o WHERE NOT EXISTS (SELECT 1 FROM library_entries e
         WHERE e.profile_id = o.profile_id AND e.job_id = o.job_id AND e.asset_id = o.asset_id)
       LIMIT :limit`,
    );
    this.selectBatch = prepare<{ profile_id: string; job_id: string }>(
      db,
      `SELECT i.batch_id, b.name, i.item_values, i.request FROM batch_items i JOIN batches b ON b.id = i.batch_id
         WHERE b.profile_id = :profile_id AND (i.job_id = :job_id OR i.retry_of_job = :job_id) LIMIT 1`,
    );
  }

  /** Told when entries were made or refreshed (library.changes coalesces, so it hears after the commit). */
  onIndexed(listener: (counts: IndexedCounts) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners of entries made by another road (a Router run's media, an upload: sourceIndexer.ts). */
  announce(counts: IndexedCounts): void {
    for (const listener of this.listeners) listener(counts);
  }

  /** Makes or refreshes the entries of these outputs of one job, inside the caller's transaction. */
  indexOutputs(profileId: string, jobId: string, rows: readonly OutputRowInput[]): IndexedCounts {
    if (rows.length === 0) return { created: 0, updated: 0, createdIds: [] };
    const job = this.contextOf(profileId, jobId);
    const counts: IndexedCounts = {
      ...this.entries.upsertMany(rows.map((row) => entryOf(job, row))),
      job: { profileId, jobId },
    };
    for (const listener of this.listeners) listener(counts);
    return counts;
  }

  /**
   * Indexes up to `limit` outputs that have no entry yet, in one transaction; returns how many it looked at
   * (0: the library has caught up). The catch-up pass calls it a chunk at a time between turns of the event
   * loop.
   */
  catchUpChunk(limit: number): number {
    return writeTransaction(this.db, () => {
      const byJob = new Map<string, { profileId: string; jobId: string; rows: OutputRowInput[] }>();
      const raws = this.selectUnindexed.all({ limit });
      for (const raw of raws) {
        const parsed = unindexedRow.safeParse(raw);
        if (!parsed.success) continue;
        const { profile_id: profileId, job_id: jobId, ...row } = parsed.data;
        const key = `${profileId}\u0000${jobId}`;
        const group = byJob.get(key) ?? { profileId, jobId, rows: [] };
        group.rows.push({
          assetId: row.asset_id,
          nodeId: row.node_id,
          name: row.name,
          type: row.type,
          contentType: row.content_type,
          size: row.size,
          hash: row.hash,
          position: row.position,
        });
        byJob.set(key, group);
      }
      for (const group of byJob.values()) this.indexOutputs(group.profileId, group.jobId, group.rows);
      return raws.length;
    });
  }

  /**
   * A workflow the library read for a job whose row is not written yet: when the job's outputs are indexed,
   * it is kept on the row (never over one Loupe submitted) and the entries are made from it.
   */
  awaitWorkflow(profileId: string, jobId: string, workflow: Record<string, unknown>): void {
    const key = `${profileId}\u0000${jobId}`;
    this.awaitedWorkflows.delete(key);
    this.awaitedWorkflows.set(key, workflow);
    if (this.awaitedWorkflows.size > REMEMBERED_JOBS) {
      const oldest = this.awaitedWorkflows.keys().next();
      if (oldest.done !== true) this.awaitedWorkflows.delete(oldest.value);
    }
  }

  /** Forgets what it read of a job (its row changed: a new status, labels). */
  forget(profileId: string, jobId: string): void {
    this.contexts.delete(`${profileId}\u0000${jobId}`);
  }

  private contextOf(profileId: string, jobId: string): JobContext {
    const key = `${profileId}\u0000${jobId}`;
    let row: JobRow | null;
    try {
      row = this.jobs.get(profileId, jobId);
    } catch (error) {
      // A damaged job row still leaves its outputs findable by name, type and hash.
      if (!isStoreError(error, 'corrupt_row')) throw error;
      row = null;
    }
    if (row === null) return this.bareContext(profileId, jobId);
    const awaited = this.awaitedWorkflows.get(key);
    if (awaited !== undefined) {
      this.awaitedWorkflows.delete(key);
      if (row.workflow === null && this.jobs.rememberWorkflow(profileId, jobId, awaited)) {
        // Read back as the store keeps it (JSON checked), so the facts come from what is on disk.
        row = this.jobs.get(profileId, jobId) ?? row;
        this.contexts.delete(key);
      }
    }
    const known = this.contexts.get(key);
    if (known !== undefined && known.status === row.status) return known;
    const snapshot = snapshotFields.safeParse(row.snapshot ?? {});
    const fields = snapshot.success ? snapshot.data : {};
    const context: JobContext = {
      profileId,
      jobId,
      status: row.status,
      createdAt: isoOrNull(fields.created_at) ?? isoOrNull(row.createdAt) ?? row.createdAt,
      terminalAt: isoOrNull(row.terminalAt),
      expiresAt: isoOrNull(fields.expires_at),
      labels: row.labels ?? fields.labels ?? {},
      ...this.factsAndBatch(profileId, jobId, row.workflow),
    };
    this.contexts.delete(key);
    this.contexts.set(key, context);
    if (this.contexts.size > REMEMBERED_JOBS) {
      const oldest = this.contexts.keys().next();
      if (oldest.done !== true) this.contexts.delete(oldest.value);
    }
    return context;
  }

  private bareContext(profileId: string, jobId: string): JobContext {
    return {
      profileId,
      jobId,
      status: 'unknown',
      createdAt: new Date().toISOString(),
      terminalAt: null,
      expiresAt: null,
      labels: {},
      facts: emptyFacts(),
      batch: null,
    };
  }

  /**
   * The job's facts come from its own workflow when Loupe has it; a batch item's job that Loupe has not read
   * the workflow of still has the one Loupe recorded and sent for it (the item's values in place).
   */
  private factsAndBatch(
    profileId: string,
    jobId: string,
    workflow: unknown,
  ): Pick<JobContext, 'facts' | 'batch'> {
    const parsed = batchRow.safeParse(this.selectBatch.get({ profile_id: profileId, job_id: jobId }));
    const source = workflow ?? (parsed.success ? parsed.data.request : null);
    return {
      facts: source === null || source === undefined ? emptyFacts() : workflowFacts(source, 'unknown'),
      batch: parsed.success ? this.batchOf(parsed.data) : null,
    };
  }

  private batchOf(row: z.output<typeof batchRow>): JobContext['batch'] {
    return { id: row.batch_id, name: row.name, values: namedItemValues(row.item_values) };
  }
}
