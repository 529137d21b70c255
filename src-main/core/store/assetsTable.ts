// What Loupe has learned about assets beyond its own uploads and the outputs of known jobs: the service's
// description of an asset (hash, size, type, retention), whether the user looked it up by id or hash, and a
// tombstone once it was deleted. The service has no endpoint that lists assets, so this is the memory the
// Assets view reads, together with the `uploads` and `outputs` tables (listOutputs below joins the latter).
import { z } from 'zod';
import { flagColumn, parseOptionalRow, parseRows, type RowsRead } from './rowCodec';
import { prepare, type Db } from './sqlite';

/** The service's description of an asset, as far as it went. */
export interface AssetDescription {
  assetId: string;
  hash: string | null;
  size: number | null;
  contentType: string | null;
  filePath: string | null;
  jobId: string | null;
  /** The service's created_at. */
  createdAt: string | null;
  /** Retention deadline; null when the asset does not expire. */
  expiresAt: string | null;
}

const assetDbRow = z
  .object({
    profile_id: z.string(),
    asset_id: z.string(),
    hash: z.string().nullable(),
    size: z.number().int().nonnegative().nullable(),
    content_type: z.string().nullable(),
    file_path: z.string().nullable(),
    job_id: z.string().nullable(),
    created_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    looked_up: flagColumn,
    described_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
  })
  .transform((r) => ({
    profileId: r.profile_id,
    assetId: r.asset_id,
    hash: r.hash,
    size: r.size,
    contentType: r.content_type,
    filePath: r.file_path,
    jobId: r.job_id,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    lookedUp: r.looked_up,
    describedAt: r.described_at,
    deletedAt: r.deleted_at,
  }));
export type AssetRow = z.output<typeof assetDbRow>;

const knownOutputDbRow = z
  .object({
    asset_id: z.string(),
    job_id: z.string(),
    name: z.string(),
    type: z.string(),
    content_type: z.string(),
    size: z.number().int().nonnegative(),
    hash: z.string().nullable(),
    job_created_at: z.string(),
  })
  .transform((r) => ({
    assetId: r.asset_id,
    jobId: r.job_id,
    name: r.name,
    type: r.type,
    contentType: r.content_type,
    size: r.size,
    hash: r.hash,
    jobCreatedAt: r.job_created_at,
  }));
export type KnownOutputRow = z.output<typeof knownOutputDbRow>;

const descriptionSchema = z.object({
  assetId: z.string().min(1),
  hash: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  contentType: z.string().nullable(),
  filePath: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

const columns =
  'profile_id, asset_id, hash, size, content_type, file_path, job_id, created_at, expires_at, looked_up, ' +
  'described_at, deleted_at';

type DescribeParams = {
  profile_id: string;
  asset_id: string;
  hash: string | null;
  size: number | null;
  content_type: string | null;
  file_path: string | null;
  job_id: string | null;
  created_at: string | null;
  expires_at: string | null;
  looked_up: number;
  at: string;
};

export class AssetsTable {
  private readonly describeRow;
  private readonly tombstone;
  private readonly selectOne;
  private readonly selectForProfile;
  private readonly selectByHash;
  private readonly selectOutputs;
  private readonly selectKnownHash;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    // A description never forgets a hash it knew, nor that the user looked the asset up; a live description
    // lifts a tombstone (the service says the asset exists).
    this.describeRow = prepare<DescribeParams>(
      db,
      `INSERT INTO assets (${columns}, updated_at) VALUES (:profile_id, :asset_id, :hash, :size, :content_type,
         :file_path, :job_id, :created_at, :expires_at, :looked_up, :at, NULL, :at)
       ON CONFLICT (profile_id, asset_id) DO UPDATE SET
         hash = COALESCE(excluded.hash, assets.hash), size = excluded.size,
         content_type = excluded.content_type, file_path = excluded.file_path, job_id = excluded.job_id,
         created_at = excluded.created_at, expires_at = excluded.expires_at,
         looked_up = MAX(assets.looked_up, excluded.looked_up), described_at = excluded.described_at,
         deleted_at = NULL, updated_at = excluded.updated_at`,
    );
    this.tombstone = prepare<{ profile_id: string; asset_id: string; at: string }>(
      db,
      `INSERT INTO assets (${columns}, updated_at) VALUES (:profile_id, :asset_id, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, 0, NULL, :at, :at)
       ON CONFLICT (profile_id, asset_id) DO UPDATE SET deleted_at = excluded.deleted_at,
         updated_at = excluded.updated_at`,
    );
    this.selectOne = prepare<{ profile_id: string; asset_id: string }>(
      db,
      `SELECT ${columns} FROM assets WHERE profile_id = :profile_id AND asset_id = :asset_id`,
    );
    this.selectForProfile = prepare<{ profile_id: string }>(
      db,
      `SELECT ${columns} FROM assets WHERE profile_id = :profile_id ORDER BY asset_id`,
    );
    this.selectByHash = prepare<{ profile_id: string; hash: string }>(
      db,
      `SELECT ${columns} FROM assets WHERE profile_id = :profile_id AND hash = :hash AND deleted_at IS NULL
         ORDER BY updated_at DESC`,
    );
    this.selectOutputs = prepare<{ profile_id: string; asset_id: string | null }>(
      db,
      `SELECT o.asset_id, o.job_id, o.name, o.type, o.content_type, o.size, o.hash,
         j.created_at AS job_created_at
       FROM outputs o JOIN jobs j ON j.profile_id = o.profile_id AND j.job_id = o.job_id
       WHERE o.profile_id = :profile_id AND (:asset_id IS NULL OR o.asset_id = :asset_id)
       ORDER BY j.created_at DESC, o.job_id, o.position`,
    );
    this.selectKnownHash = prepare<{ profile_id: string; asset_id: string }>(
      db,
      `SELECT hash FROM assets WHERE profile_id = :profile_id AND asset_id = :asset_id AND hash IS NOT NULL
       UNION ALL SELECT hash FROM outputs
         WHERE profile_id = :profile_id AND asset_id = :asset_id AND hash IS NOT NULL
       UNION ALL SELECT hash FROM uploads
         WHERE profile_id = :profile_id AND asset_id = :asset_id AND hash IS NOT NULL
       LIMIT 1`,
    );
  }

  /** Records what the service said about an asset; `lookedUp` marks one the user asked for by id or hash. */
  describe(profileId: string, description: AssetDescription, options: { lookedUp: boolean }): AssetRow {
    const d = descriptionSchema.parse(description);
    this.describeRow.run({
      profile_id: profileId,
      asset_id: d.assetId,
      hash: d.hash,
      size: d.size,
      content_type: d.contentType,
      file_path: d.filePath,
      job_id: d.jobId,
      created_at: d.createdAt,
      expires_at: d.expiresAt,
      looked_up: options.lookedUp ? 1 : 0,
      at: this.now().toISOString(),
    });
    return this.require(profileId, d.assetId);
  }

  /** Remembers that the asset is gone (deleted here, or the service answered 404), so lists leave it out. */
  markDeleted(profileId: string, assetId: string): void {
    this.tombstone.run({ profile_id: profileId, asset_id: assetId, at: this.now().toISOString() });
  }

  get(profileId: string, assetId: string): AssetRow | null {
    return parseOptionalRow(
      'assets',
      'asset_id',
      assetDbRow,
      this.selectOne.get({ profile_id: profileId, asset_id: assetId }),
    );
  }

  /** Every row of the profile, tombstones included (the caller uses them to hide deleted assets). */
  list(profileId: string): RowsRead<AssetRow> {
    return parseRows('assets', 'asset_id', assetDbRow, this.selectForProfile.all({ profile_id: profileId }));
  }

  /** Live (not deleted) assets described with this hash, most recently described first. */
  findByHash(profileId: string, hash: string): RowsRead<AssetRow> {
    return parseRows(
      'assets',
      'asset_id',
      assetDbRow,
      this.selectByHash.all({ profile_id: profileId, hash }),
    );
  }

  /** Every output of every known job of the profile (or only those of one asset), newest job first. */
  listOutputs(profileId: string, assetId: string | null = null): RowsRead<KnownOutputRow> {
    return parseRows(
      'outputs',
      'asset_id',
      knownOutputDbRow,
      this.selectOutputs.all({ profile_id: profileId, asset_id: assetId }),
    );
  }

  /** The blake3 hash any table knows for this asset (described, output or upload), or null. */
  knownHash(profileId: string, assetId: string): string | null {
    const row = this.selectKnownHash.get({ profile_id: profileId, asset_id: assetId });
    const parsed = z.object({ hash: z.string() }).safeParse(row);
    return parsed.success ? parsed.data.hash : null;
  }

  private require(profileId: string, assetId: string): AssetRow {
    const row = this.get(profileId, assetId);
    if (row === null) throw new Error(`asset ${assetId} vanished right after it was written`);
    return row;
  }
}
