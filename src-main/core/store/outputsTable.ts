// The committed outputs of jobs (each one an asset), so the asset browser can show a job's files and find a
// file by hash without asking the service again. Record the job's snapshot first: an output belongs to a job row.
import { z } from 'zod';
import { StoreError } from './errors';
import { parseRows, type RowsRead } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

export interface OutputInput {
  /** The asset UUID. */
  assetId: string;
  /** The workflow node that reported the file; empty when the worker named none. */
  nodeId: string;
  name: string;
  /** `image`, `video`, … kept as the service sent it, including values this build does not know. */
  type: string;
  contentType: string;
  size: number;
  /** `blake3:<hex>`, or null until the service has computed it. */
  hash: string | null;
}

const outputDbRow = z
  .object({
    profile_id: z.string(),
    job_id: z.string(),
    asset_id: z.string(),
    node_id: z.string(),
    name: z.string(),
    type: z.string(),
    content_type: z.string(),
    size: z.number().int().nonnegative(),
    hash: z.string().nullable(),
    position: z.number().int(),
  })
  .transform((r) => ({
    profileId: r.profile_id,
    jobId: r.job_id,
    assetId: r.asset_id,
    nodeId: r.node_id,
    name: r.name,
    type: r.type,
    contentType: r.content_type,
    size: r.size,
    hash: r.hash,
    position: r.position,
  }));
export type OutputRow = z.output<typeof outputDbRow>;

/** An output with its position in the job's list (0 for the first). */
export interface OutputRowInput extends OutputInput {
  position: number;
}

const outputRowInputSchema = z.object({
  assetId: z.string().min(1),
  nodeId: z.string(),
  name: z.string(),
  type: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  hash: z.string().nullable(),
  position: z.number().int().nonnegative(),
});

const columns = 'profile_id, job_id, asset_id, node_id, name, type, content_type, size, hash, position';

export class OutputsTable {
  private readonly upsert;
  private readonly selectForJob;
  private readonly selectPage;
  private readonly countForJob;
  private readonly selectByHash;
  private readonly selectJob;

  constructor(
    private readonly db: Db,
    /** Runs in the same transaction as each write (the library's indexer: every output becomes an entry). */
    private readonly afterWrite?: (profileId: string, jobId: string, rows: readonly OutputRowInput[]) => void,
  ) {
    this.upsert = prepare<{
      profile_id: string;
      job_id: string;
      asset_id: string;
      node_id: string;
      name: string;
      type: string;
      content_type: string;
      size: number;
      hash: string | null;
      position: number;
    }>(
      db,
      `INSERT INTO outputs (${columns}) VALUES (:profile_id, :job_id, :asset_id, :node_id, :name, :type,
         :content_type, :size, :hash, :position)
       ON CONFLICT (profile_id, job_id, asset_id) DO UPDATE SET
         node_id = excluded.node_id, name = excluded.name, type = excluded.type,
         content_type = excluded.content_type, size = excluded.size,
         hash = COALESCE(excluded.hash, outputs.hash), position = excluded.position`,
    );
    this.selectJob = prepare<{ profile_id: string; job_id: string }>(
      db,
      'SELECT job_id FROM jobs WHERE profile_id = :profile_id AND job_id = :job_id',
    );
    this.selectForJob = prepare<{ profile_id: string; job_id: string }>(
      db,
      `SELECT ${columns} FROM outputs WHERE profile_id = :profile_id AND job_id = :job_id ORDER BY position`,
    );
    this.selectPage = prepare<{ profile_id: string; job_id: string; limit: number; offset: number }>(
      db,
      `SELECT ${columns} FROM outputs WHERE profile_id = :profile_id AND job_id = :job_id
         ORDER BY position LIMIT :limit OFFSET :offset`,
    );
    this.countForJob = prepare<{ profile_id: string; job_id: string }>(
      db,
      'SELECT count(*) AS total FROM outputs WHERE profile_id = :profile_id AND job_id = :job_id',
    );
    this.selectByHash = prepare<{ profile_id: string; hash: string }>(
      db,
      `SELECT ${columns} FROM outputs WHERE profile_id = :profile_id AND hash = :hash ORDER BY job_id, position`,
    );
  }

  /**
   * Records a job's outputs in the order the service lists them. Outputs fill in while a job runs, so this
   * is an upsert: call it with the whole current list each time.
   */
  upsertForJob(profileId: string, jobId: string, outputs: readonly OutputInput[]): void {
    this.upsertRows(
      profileId,
      jobId,
      outputs.map((output, position) => ({ ...output, position })),
    );
  }

  /**
   * Records some of a job's outputs, each at its position in the job's list, in one transaction: a job of
   * thousands of outputs is written a chunk at a time (core/watch/outputsWriter.ts), never all at once.
   */
  upsertRows(profileId: string, jobId: string, rows: readonly OutputRowInput[]): void {
    const parsed = rows.map((row) => outputRowInputSchema.parse(row));
    writeTransaction(this.db, () => {
      if (this.selectJob.get({ profile_id: profileId, job_id: jobId }) === undefined) {
        throw new StoreError('not_found', `Record job ${jobId} before its outputs.`, {
          table: 'jobs',
          key: jobId,
        });
      }
      for (const output of parsed) {
        this.upsert.run({
          profile_id: profileId,
          job_id: jobId,
          asset_id: output.assetId,
          node_id: output.nodeId,
          name: output.name,
          type: output.type,
          content_type: output.contentType,
          size: output.size,
          hash: output.hash,
          position: output.position,
        });
      }
      this.afterWrite?.(profileId, jobId, parsed);
    });
  }

  listForJob(profileId: string, jobId: string): RowsRead<OutputRow> {
    return parseRows(
      'outputs',
      'asset_id',
      outputDbRow,
      this.selectForJob.all({ profile_id: profileId, job_id: jobId }),
    );
  }

  /** A page of a job's outputs in the job's order, and how many it has in the table. */
  pageForJob(
    profileId: string,
    jobId: string,
    offset: number,
    limit: number,
  ): RowsRead<OutputRow> & { total: number } {
    const key = { profile_id: profileId, job_id: jobId };
    const total = z.object({ total: z.number().int() }).parse(this.countForJob.get(key)).total;
    const rows = parseRows(
      'outputs',
      'asset_id',
      outputDbRow,
      this.selectPage.all({ ...key, limit, offset }),
    );
    return { ...rows, total };
  }

  /** Outputs whose bytes have this blake3 hash (for de-duplicated downloads). */
  findByHash(profileId: string, hash: string): RowsRead<OutputRow> {
    return parseRows(
      'outputs',
      'asset_id',
      outputDbRow,
      this.selectByHash.all({ profile_id: profileId, hash }),
    );
  }
}
