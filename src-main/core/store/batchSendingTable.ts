// How each planned batch is sent, kept with the batch: its window, its automatic retry, whether the user wants
// it sending or paused (and why it paused by itself), and the lease that lets exactly one process send it.
// A lease is an owner id and a heartbeat; another process takes it over only when the heartbeat is older than
// the expiry, or when the caller can tell the owner is dead (core/outbox decides that, not the store).
import { z } from 'zod';
import { profileIdsOf } from './batchItemsTable';
import { boundedError } from './outbox';
import { parseOptionalRow, parseRows, type RowsRead } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

export const sendingWantedSchema = z.enum(['sending', 'paused', 'idle']);
export type SendingWanted = z.infer<typeof sendingWantedSchema>;

const sendingDbRow = z
  .object({
    batch_id: z.string(),
    send_window: z.number().int(),
    auto_retry: z.number().int().nullable(),
    wanted: sendingWantedSchema.catch('idle'),
    paused_reason: z.string().nullable(),
    owner: z.string().nullable(),
    heartbeat_ms: z.number().nullable(),
  })
  .transform((r) => ({
    batchId: r.batch_id,
    window: Math.min(64, Math.max(1, r.send_window)),
    autoRetry: r.auto_retry,
    /** What the user last asked for: `sending` means it should send whenever Loupe runs. */
    wanted: r.wanted,
    /** Why sending stopped by itself (a disk error, say); null when the user paused it or all is well. */
    pausedReason: r.paused_reason,
    owner: r.owner,
    heartbeatMs: r.heartbeat_ms,
  }));
export type BatchSendingRow = z.output<typeof sendingDbRow>;

export interface SendingSettings {
  window: number;
  autoRetry: number | null;
  wanted: SendingWanted;
  pausedReason?: string | null;
}

export type LeaseAnswer = { acquired: true } | { acquired: false; owner: string; heartbeatMs: number | null };

const columns = 'batch_id, send_window, auto_retry, wanted, paused_reason, owner, heartbeat_ms';

export class BatchSendingTable {
  private readonly selectOne;
  private readonly selectWanted;
  private readonly upsert;
  private readonly selectProfilesWanted;
  private readonly toOwner;
  private readonly toBeat;
  private readonly toReleased;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.selectOne = prepare<{ id: string }>(db, `SELECT ${columns} FROM batch_sending WHERE batch_id = :id`);
    this.selectWanted = prepare<{ profile_id: string }>(
      db,
      `SELECT ${columns.replace(/(\w+)/g, 's.$1')} FROM batch_sending s JOIN batches b ON b.id = s.batch_id
         WHERE b.profile_id = :profile_id AND s.wanted = 'sending' AND b.canceled_at IS NULL
         ORDER BY b.created_at`,
    );
    this.selectProfilesWanted = prepare(
      db,
      `SELECT DISTINCT b.profile_id AS profile_id FROM batch_sending s JOIN batches b ON b.id = s.batch_id
         WHERE s.wanted = 'sending' AND b.canceled_at IS NULL`,
    );
    this.upsert = prepare<{
      id: string;
      window: number;
      auto_retry: number | null;
      wanted: string;
      reason: string | null;
      at: string;
    }>(
      db,
      `INSERT INTO batch_sending (batch_id, send_window, auto_retry, wanted, paused_reason, updated_at)
         VALUES (:id, :window, :auto_retry, :wanted, :reason, :at)
       ON CONFLICT (batch_id) DO UPDATE SET send_window = excluded.send_window,
         auto_retry = excluded.auto_retry, wanted = excluded.wanted, paused_reason = excluded.paused_reason,
         updated_at = excluded.updated_at`,
    );
    this.toOwner = prepare<{ id: string; owner: string; beat: number; at: string }>(
      db,
      `INSERT INTO batch_sending (batch_id, send_window, wanted, owner, heartbeat_ms, updated_at)
         VALUES (:id, 4, 'idle', :owner, :beat, :at)
       ON CONFLICT (batch_id) DO UPDATE SET owner = excluded.owner, heartbeat_ms = excluded.heartbeat_ms`,
    );
    this.toBeat = prepare<{ id: string; owner: string; beat: number }>(
      db,
      'UPDATE batch_sending SET heartbeat_ms = :beat WHERE batch_id = :id AND owner = :owner',
    );
    this.toReleased = prepare<{ id: string; owner: string }>(
      db,
      'UPDATE batch_sending SET owner = NULL, heartbeat_ms = NULL WHERE batch_id = :id AND owner = :owner',
    );
  }

  get(batchId: string): BatchSendingRow | null {
    return parseOptionalRow('batch_sending', 'batch_id', sendingDbRow, this.selectOne.get({ id: batchId }));
  }

  /** The profile's batches the user left sending (taken up again when Loupe starts), oldest first. */
  wantedSending(profileId: string): RowsRead<BatchSendingRow> {
    return parseRows(
      'batch_sending',
      'batch_id',
      sendingDbRow,
      this.selectWanted.all({ profile_id: profileId }),
    );
  }

  /** The profiles with a batch the user left sending (their runtimes start with Loupe). */
  profilesWantedSending(): string[] {
    return profileIdsOf(this.selectProfilesWanted.all({}));
  }

  /** Records what the user chose (or why sending paused by itself); the lease is left as it is. */
  save(batchId: string, settings: SendingSettings): BatchSendingRow {
    return writeTransaction(this.db, () => {
      this.upsert.run({
        id: batchId,
        window: settings.window,
        auto_retry: settings.autoRetry,
        wanted: settings.wanted,
        reason: settings.pausedReason == null ? null : boundedError(settings.pausedReason),
        at: this.now().toISOString(),
      });
      const row = this.get(batchId);
      if (row === null) throw new Error('batch_sending row vanished inside its own transaction');
      return row;
    });
  }

  /**
   * Takes the batch's lease for `owner` when it is free, already `owner`'s, expired (no heartbeat within
   * `expiryMs`), or held by an owner `isGone` says is dead. One transaction, so two processes racing for it
   * cannot both win.
   */
  acquire(
    batchId: string,
    owner: string,
    nowMs: number,
    expiryMs: number,
    isGone: (owner: string) => boolean,
  ): LeaseAnswer {
    return writeTransaction(this.db, () => {
      const row = this.get(batchId);
      const holder = row?.owner ?? null;
      const beat = row?.heartbeatMs ?? null;
      const fresh = beat !== null && nowMs - beat < expiryMs;
      if (holder !== null && holder !== owner && fresh && !isGone(holder)) {
        return { acquired: false, owner: holder, heartbeatMs: beat };
      }
      this.toOwner.run({ id: batchId, owner, beat: nowMs, at: this.now().toISOString() });
      return { acquired: true };
    });
  }

  /** Renews `owner`'s lease; false when it is no longer theirs (it expired and another took it over). */
  heartbeat(batchId: string, owner: string, nowMs: number): boolean {
    return this.toBeat.run({ id: batchId, owner, beat: nowMs }).changes > 0;
  }

  /** Gives the lease up (only `owner`'s own). */
  release(batchId: string, owner: string): void {
    this.toReleased.run({ id: batchId, owner });
  }
}
