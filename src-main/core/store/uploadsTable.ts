// Uploads of local files as assets, written before they are sent (ARCHITECTURE rule 6): the intent and its
// Idempotency-Key reach the disk first, so after a crash an upload is resumed with the same key rather than
// sent twice or forgotten.
import { z } from 'zod';
import { idempotencyKeySchema, outboxStateSchema, type OutboxFailure, type OutboxState } from './outbox';
import { idTakenError } from './errors';
import { nullableJsonColumn, parseOptionalRow, parseRows, toJson, type RowsRead } from './rowCodec';
import { OutboxSteps } from './outboxSteps';
import { durableTransaction, prepare, type Db } from './sqlite';

/** Where the upload goes on the service: the batch's options and the file's path inside what was dropped. */
export const uploadPlacementSchema = z.object({
  relativePath: z.string().min(1),
  filePath: z.string().optional(),
  tags: z.array(z.string()).optional(),
  expiresIn: z.number().int().optional(),
});
export type UploadPlacement = z.infer<typeof uploadPlacementSchema>;

export interface UploadIntent {
  id: string;
  profileId: string;
  filePath: string;
  size: number;
  /** `blake3:<hex>` when already computed (it usually is: uploads are de-duplicated by hash first). */
  hash: string | null;
  idempotencyKey: string;
  /** Kept so an upload interrupted by a crash can be resumed with the same request. */
  placement?: UploadPlacement | null;
}

/**
 * `assetId: null`: the service took the upload (a 2xx arrived) but its answer was lost: the asset exists, its id
 * is learnt later (a zero-byte from-hash over the same bytes); `error` says what was lost.
 */
type CreatedUpload = { outcome: 'created'; assetId: string | null; hash?: string | null; error?: string };
export type UploadResult = CreatedUpload | OutboxFailure;

const uploadDbRow = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    file_path: z.string(),
    size: z.number().int().nonnegative(),
    hash: z.string().nullable(),
    asset_id: z.string().nullable(),
    state: outboxStateSchema,
    idempotency_key: z.string(),
    attempts: z.number().int().nonnegative(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    // A damaged placement only loses the resume's options, never the row: it reads as unknown.
    placement: nullableJsonColumn(uploadPlacementSchema).catch(null),
  })
  .transform((r) => ({
    id: r.id,
    profileId: r.profile_id,
    filePath: r.file_path,
    size: r.size,
    hash: r.hash,
    assetId: r.asset_id,
    state: r.state,
    idempotencyKey: r.idempotency_key,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    placement: r.placement,
  }));
export type UploadRow = z.output<typeof uploadDbRow>;

const intentSchema = z.object({
  id: z.string().min(1),
  profileId: z.string().min(1),
  filePath: z.string().min(1),
  size: z.number().int().nonnegative(),
  hash: z.string().min(1).nullable(),
  idempotencyKey: idempotencyKeySchema,
  placement: uploadPlacementSchema.nullable().optional(),
});

const columns =
  'id, profile_id, file_path, size, hash, asset_id, state, idempotency_key, attempts, last_error, created_at, ' +
  'updated_at, placement';

export class UploadsTable extends OutboxSteps<UploadRow, CreatedUpload> {
  private readonly insertRow;
  private readonly selectOne;
  private readonly selectForProfile;
  private readonly selectDoneByHash;
  private readonly toAttached;

  constructor(db: Db, now: () => Date) {
    super(db, 'uploads', now, {
      asset_id: (created) => created.assetId,
      hash: (created) => created.hash ?? null,
    });
    this.insertRow = prepare<{
      id: string;
      profile_id: string;
      file_path: string;
      size: number;
      hash: string | null;
      idempotency_key: string;
      at: string;
      placement: string | null;
    }>(
      db,
      `INSERT INTO uploads (${columns}) VALUES (:id, :profile_id, :file_path, :size, :hash, NULL, 'pending',
         :idempotency_key, 0, NULL, :at, :at, :placement)`,
    );
    this.selectOne = prepare<{ id: string }>(db, `SELECT ${columns} FROM uploads WHERE id = :id`);
    this.toAttached = prepare<{ id: string; asset_id: string; at: string }>(
      db,
      `UPDATE uploads SET asset_id = :asset_id, last_error = NULL, updated_at = :at
         WHERE id = :id AND state = 'created' AND asset_id IS NULL`,
    );
    this.selectForProfile = prepare<{ profile_id: string }>(
      db,
      // Ties (rows written in the same millisecond) newest-inserted first, so reversing gives insertion order.
      `SELECT ${columns} FROM uploads WHERE profile_id = :profile_id ORDER BY created_at DESC, rowid DESC`,
    );
    this.selectDoneByHash = prepare<{ profile_id: string; hash: string }>(
      db,
      `SELECT ${columns} FROM uploads WHERE profile_id = :profile_id AND hash = :hash AND state = 'created'
         AND asset_id IS NOT NULL ORDER BY updated_at DESC LIMIT 1`,
    );
  }

  /** Durable before it returns: call it before the upload request is built. */
  recordIntent(intent: UploadIntent): UploadRow {
    const parsed = intentSchema.parse(intent);
    return durableTransaction(this.db, () => {
      if (this.get(parsed.id) !== null) {
        throw idTakenError('uploads', 'An upload', parsed.id);
      }
      this.insertRow.run({
        id: parsed.id,
        profile_id: parsed.profileId,
        file_path: parsed.filePath,
        size: parsed.size,
        hash: parsed.hash,
        idempotency_key: parsed.idempotencyKey,
        at: this.stamp(),
        placement: parsed.placement == null ? null : toJson(parsed.placement),
      });
      return this.require(parsed.id);
    });
  }

  override get(id: string): UploadRow | null {
    return parseOptionalRow('uploads', 'id', uploadDbRow, this.selectOne.get({ id }));
  }

  /** Newest first, optionally only in the given states (for example the unfinished ones to resume). */
  list(profileId: string, states?: readonly OutboxState[]): RowsRead<UploadRow> {
    const read = parseRows(
      'uploads',
      'id',
      uploadDbRow,
      this.selectForProfile.all({ profile_id: profileId }),
    );
    return states === undefined
      ? read
      : { ...read, rows: read.rows.filter((row) => states.includes(row.state)) };
  }

  /** Told of each upload that may have become an asset (the library makes its entry); set once by the store. */
  onSettled: ((row: UploadRow) => void) | null = null;

  override markResult(id: string, result: UploadResult): UploadRow {
    const row = super.markResult(id, result);
    this.onSettled?.(row);
    return row;
  }

  /** Names the asset of an upload whose answer was lost, once learnt; false when there is none to name. */
  attachAsset(id: string, assetId: string): boolean {
    const attached = this.toAttached.run({ id, asset_id: assetId, at: this.stamp() }).changes > 0;
    const row = attached && this.onSettled !== null ? this.get(id) : null;
    if (row !== null) this.onSettled?.(row);
    return attached;
  }

  /** The latest finished upload of bytes with this hash, so the same file is not uploaded twice. */
  findCreatedByHash(profileId: string, hash: string): UploadRow | null {
    return parseOptionalRow(
      'uploads',
      'id',
      uploadDbRow,
      this.selectDoneByHash.get({ profile_id: profileId, hash }),
    );
  }
}
