// Named groups of submissions. A batch and the intents of all its items are written in one durable commit,
// so a batch is either wholly recorded before its first request leaves or not recorded at all.
import { z } from 'zod';
import type { BatchItemIntent, BatchItemRow, BatchItemsTable } from './batchItemsTable';
import { idTakenError } from './errors';
import {
  jsonObjectSchema,
  nullableJsonColumn,
  parseOptionalRow,
  parseRows,
  toJson,
  type JsonObject,
  type RowsRead,
} from './rowCodec';
import { durableTransaction, prepare, type Db } from './sqlite';

export interface NewBatch {
  id: string;
  profileId: string;
  name: string;
  /** A planned batch's plan (axes, window, options); absent for a batch of one. */
  plan?: JsonObject;
}

const batchDbRow = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    name: z.string(),
    created_at: z.string(),
    plan: nullableJsonColumn(jsonObjectSchema).catch(null),
    canceled_at: z.string().nullable(),
  })
  .transform((r) => ({
    id: r.id,
    profileId: r.profile_id,
    name: r.name,
    createdAt: r.created_at,
    plan: r.plan,
    /** Set when the user canceled the batch: nothing more of it is sent. */
    canceledAt: r.canceled_at,
  }));
export type BatchRow = z.output<typeof batchDbRow>;

const newBatchSchema = z.object({
  id: z.string().min(1),
  profileId: z.string().min(1),
  name: z.string().max(200),
  plan: jsonObjectSchema.optional(),
});

const batchColumns = 'id, profile_id, name, created_at, plan, canceled_at';

export class BatchesTable {
  private readonly insertRow;
  private readonly selectOne;
  private readonly selectForProfile;
  private readonly deleteRow;
  private readonly toCanceled;
  private readonly toUncanceled;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly items: BatchItemsTable,
  ) {
    this.insertRow = prepare<{
      id: string;
      profile_id: string;
      name: string;
      at: string;
      plan: string | null;
    }>(
      db,
      'INSERT INTO batches (id, profile_id, name, created_at, plan) VALUES (:id, :profile_id, :name, :at, :plan)',
    );
    this.selectOne = prepare<{ id: string }>(db, `SELECT ${batchColumns} FROM batches WHERE id = :id`);
    this.selectForProfile = prepare<{ profile_id: string }>(
      db,
      `SELECT ${batchColumns} FROM batches WHERE profile_id = :profile_id ORDER BY created_at DESC, id`,
    );
    this.toUncanceled = prepare<{ id: string }>(db, 'UPDATE batches SET canceled_at = NULL WHERE id = :id');
    this.toCanceled = prepare<{ id: string; at: string }>(
      db,
      'UPDATE batches SET canceled_at = COALESCE(canceled_at, :at) WHERE id = :id',
    );
    this.deleteRow = prepare<{ id: string }>(db, 'DELETE FROM batches WHERE id = :id');
  }

  /**
   * Records a batch with the intents of its items (each item's `batchId` is set to this batch). Durable
   * before it returns.
   */
  create(
    batch: NewBatch,
    items: readonly Omit<BatchItemIntent, 'batchId'>[],
  ): { batch: BatchRow; items: BatchItemRow[] } {
    const parsed = newBatchSchema.parse(batch);
    return durableTransaction(this.db, () => {
      if (this.get(parsed.id) !== null) {
        throw idTakenError('batches', 'A batch', parsed.id);
      }
      this.insertRow.run({
        id: parsed.id,
        profile_id: parsed.profileId,
        name: parsed.name,
        at: this.now().toISOString(),
        plan: parsed.plan === undefined ? null : toJson(parsed.plan),
      });
      const rows = this.items.insertIntents(items.map((item) => ({ ...item, batchId: parsed.id })));
      const row = this.get(parsed.id);
      if (row === null) throw new Error('batch row vanished inside its own transaction');
      return { batch: row, items: rows };
    });
  }

  get(id: string): BatchRow | null {
    return parseOptionalRow('batches', 'id', batchDbRow, this.selectOne.get({ id }));
  }

  /** Newest first. */
  list(profileId: string): RowsRead<BatchRow> {
    return parseRows('batches', 'id', batchDbRow, this.selectForProfile.all({ profile_id: profileId }));
  }

  /** Marks the batch canceled (durable: a sender that starts again must see it). False when there is none. */
  markCanceled(id: string): boolean {
    return durableTransaction(
      this.db,
      () => this.toCanceled.run({ id, at: this.now().toISOString() }).changes > 0,
    );
  }

  /** Takes a canceled batch up again (the user chose to retry some of it). */
  clearCanceled(id: string): void {
    durableTransaction(this.db, () => this.toUncanceled.run({ id }));
  }

  /** Forgets a batch and its items (not the jobs they created). */
  remove(id: string): boolean {
    return this.deleteRow.run({ id }).changes > 0;
  }
}
