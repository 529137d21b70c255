// The keep and thumbnail side of the library (issue 21): only the keep_* / thumb_* / hash columns of
// library_entries and the library_blobs index of the content-addressed library folder. The entries themselves
// (their words, ratings, tags) are written by the library's own table; this one never inserts an entry.
// Id lists travel as one JSON parameter read with json_each, so a bulk call of 10,000 ids is one statement.
import { z } from 'zod';
import { prepare, writeTransaction, type Db } from './sqlite';

const keepStateSchema = z.enum(['none', 'queued', 'kept', 'failed']).catch('none');

const keepEntryRow = z.object({
  entry_id: z.number(),
  profile_id: z.string(),
  job_id: z.string(),
  asset_id: z.string(),
  name: z.string(),
  type: z.string(),
  content_type: z.string(),
  size: z.number(),
  hash: z.string().nullable(),
  keep_state: keepStateSchema,
  keep_message: z.string().nullable(),
  thumb_state: z.enum(['none', 'ready', 'failed']).catch('none'),
  thumb_message: z.string().nullable(),
  expires_at: z.string().nullable(),
  kept_at: z.string().nullable(),
  rating: z.number(),
  created_at: z.string(),
  title: z.string(),
  facts: z.string(),
});

/** An entry as keeping and thumbnails see it. */
export interface KeepEntry {
  entryId: number;
  profileId: string;
  jobId: string;
  assetId: string;
  name: string;
  type: string;
  contentType: string;
  size: number;
  hash: string | null;
  keepState: z.infer<typeof keepStateSchema>;
  /** Why keeping failed, in words. */
  keepMessage: string | null;
  thumbState: 'none' | 'ready' | 'failed';
  thumbMessage: string | null;
  expiresAt: string | null;
  keptAt: string | null;
  rating: number;
  createdAt: string;
  title: string;
  /** The entry's facts as the library stored them (JSON text, handed on to the sidecar as it is). */
  facts: string;
}

export interface KeptBlob {
  hash: string;
  size: number;
  contentType: string;
}

/** What keepMatching can narrow by without the search engine. */
export interface KeepMatchFilter {
  profileIds?: readonly string[];
  types?: readonly string[];
  minRating?: number;
  kept?: boolean;
  batchId?: string;
  from?: string;
  to?: string;
  tags?: readonly string[];
  rejected?: 'hide' | 'only' | 'include';
  /** ISO time: only entries not kept whose service copy goes before it (and has not gone yet). */
  expiringBefore?: string;
  now: string;
}

export const ENTRY_COLUMNS = `entry_id, profile_id, job_id, asset_id, name, type, content_type, size, hash, keep_state,
  keep_message, thumb_state, thumb_message, expires_at, kept_at, rating, created_at, title, facts`;

/** An entry by its asset, the kept one first (what the asset route asks for each thumbnail and kept copy). */
export const ENTRY_BY_ASSET_SQL = `SELECT ${ENTRY_COLUMNS} FROM library_entries
  WHERE profile_id = :profileId AND asset_id = :assetId ORDER BY keep_state = 'kept' DESC, entry_id LIMIT 1`;

const countRow = z.object({ n: z.number() });
const idRow = z.object({ entry_id: z.number() });
const blobRow = z.object({ hash: z.string(), size: z.number(), content_type: z.string() });

type Ids = { ids: string };

export class LibraryKeepTable {
  private readonly byId;
  private readonly byAsset;
  private readonly existing;
  private readonly queue;
  private readonly queuedIds;
  private readonly setKept;
  private readonly setFailed;
  private readonly setHash;
  private readonly clearKeep;
  private readonly blob;
  private readonly putBlob;
  private readonly dropBlob;
  private readonly sidecarDue;
  private readonly keptWithHash;
  private readonly usedBytes;
  private readonly countKeep;
  private readonly countExpiring;
  private readonly setThumb;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.byId = prepare<{ id: number }>(
      db,
      `SELECT ${ENTRY_COLUMNS} FROM library_entries WHERE entry_id = :id`,
    );
    this.byAsset = prepare<{ profileId: string; assetId: string }>(db, ENTRY_BY_ASSET_SQL);
    this.existing = prepare<Ids>(
      db,
      `SELECT entry_id FROM library_entries WHERE entry_id IN (SELECT value FROM json_each(:ids))`,
    );
    // A kept entry stays kept; a failed or plain one is queued (again).
    this.queue = prepare<Ids>(
      db,
      `UPDATE library_entries SET keep_state = 'queued', keep_message = NULL
         WHERE entry_id IN (SELECT value FROM json_each(:ids)) AND keep_state IN ('none', 'failed')`,
    );
    this.queuedIds = prepare<{ limit: number }>(
      db,
      `SELECT entry_id FROM library_entries WHERE keep_state = 'queued' ORDER BY entry_id LIMIT :limit`,
    );
    this.setKept = prepare<{ id: number; at: string }>(
      db,
      `UPDATE library_entries SET keep_state = 'kept', keep_message = NULL, kept_at = :at WHERE entry_id = :id`,
    );
    this.setFailed = prepare<{ id: number; message: string }>(
      db,
      `UPDATE library_entries SET keep_state = 'failed', keep_message = :message WHERE entry_id = :id`,
    );
    this.setHash = prepare<{ id: number; hash: string }>(
      db,
      'UPDATE library_entries SET hash = :hash WHERE entry_id = :id AND hash IS NULL',
    );
    this.clearKeep = prepare<Ids>(
      db,
      `UPDATE library_entries SET keep_state = 'none', keep_message = NULL, kept_at = NULL
         WHERE entry_id IN (SELECT value FROM json_each(:ids)) AND keep_state <> 'none'`,
    );
    this.blob = prepare<{ hash: string }>(
      db,
      'SELECT hash, size, content_type FROM library_blobs WHERE hash = :hash',
    );
    this.putBlob = prepare<{ hash: string; size: number; contentType: string; at: string }>(
      db,
      `INSERT INTO library_blobs (hash, size, content_type, kept_at, verified_at, sidecar_due)
         VALUES (:hash, :size, :contentType, :at, :at, 1)
         ON CONFLICT (hash) DO UPDATE SET verified_at = excluded.verified_at, sidecar_due = sidecar_due + 1`,
    );
    this.dropBlob = prepare<{ hash: string }>(db, 'DELETE FROM library_blobs WHERE hash = :hash');
    this.sidecarDue = prepare<{ hash: string }>(
      db,
      'UPDATE library_blobs SET sidecar_due = sidecar_due + 1 WHERE hash = :hash',
    );
    this.keptWithHash = prepare<{ hash: string }>(
      db,
      `SELECT count(*) AS n FROM library_entries WHERE hash = :hash AND keep_state = 'kept'`,
    );
    this.usedBytes = prepare(db, 'SELECT coalesce(sum(size), 0) AS n FROM library_blobs');
    this.countKeep = prepare<{ state: string }>(
      db,
      'SELECT count(*) AS n FROM library_entries WHERE keep_state = :state',
    );
    this.countExpiring = prepare<{ now: string; before: string }>(
      db,
      `SELECT count(*) AS n FROM library_entries
         WHERE expires_at IS NOT NULL AND expires_at > :now AND expires_at <= :before AND keep_state <> 'kept'`,
    );
    this.setThumb = prepare<{ hash: string; state: string; message: string | null }>(
      db,
      'UPDATE library_entries SET thumb_state = :state, thumb_message = :message WHERE hash = :hash',
    );
  }

  get(entryId: number): KeepEntry | null {
    const row = this.byId.get({ id: entryId });
    return row === undefined ? null : toEntry(keepEntryRow.parse(row));
  }

  /** The entry the asset route names (a kept one first, when the same asset is in the library twice). */
  byAssetId(profileId: string, assetId: string): KeepEntry | null {
    const row = this.byAsset.get({ profileId, assetId });
    return row === undefined ? null : toEntry(keepEntryRow.parse(row));
  }

  /** Which of these ids name an entry. */
  existingIds(ids: readonly number[]): number[] {
    return this.existing.all({ ids: JSON.stringify(ids) }).map((row) => idRow.parse(row).entry_id);
  }

  /** Marks entries queued (kept ones stay kept); how many changed. */
  markQueued(ids: readonly number[]): number {
    return this.queue.run({ ids: JSON.stringify(ids) }).changes;
  }

  queued(limit: number): number[] {
    return this.queuedIds.all({ limit }).map((row) => idRow.parse(row).entry_id);
  }

  markKept(entryId: number): void {
    this.setKept.run({ id: entryId, at: this.now().toISOString() });
  }

  markFailed(entryId: number, message: string): void {
    this.setFailed.run({ id: entryId, message });
  }

  /** Records the hash Loupe computed for an entry the service gave none. */
  recordHash(entryId: number, hash: string): void {
    this.setHash.run({ id: entryId, hash });
  }

  /** Un-keeps entries; returns the hashes no kept entry names any more (their files may go). */
  unkeep(ids: readonly number[]): { updated: number; orphans: string[] } {
    return writeTransaction(this.db, () => {
      const hashes = new Set(
        ids.map((id) => this.get(id)).flatMap((e) => (e?.keepState === 'kept' && e.hash ? [e.hash] : [])),
      );
      const updated = this.clearKeep.run({ ids: JSON.stringify(ids) }).changes;
      const orphans = [...hashes].filter((hash) => countRow.parse(this.keptWithHash.get({ hash })).n === 0);
      for (const hash of orphans) this.dropBlob.run({ hash });
      // The files still kept list one entry fewer in their sidecars.
      for (const hash of hashes) if (!orphans.includes(hash)) this.sidecarDue.run({ hash });
      return { updated, orphans };
    });
  }

  keptBlob(hash: string): KeptBlob | null {
    const row = this.blob.get({ hash });
    if (row === undefined) return null;
    const blob = blobRow.parse(row);
    return { hash: blob.hash, size: blob.size, contentType: blob.content_type };
  }

  /**
   * The file for `hash` is in the folder, whole and verified; the entry is kept, and the file's sidecar is due
   * (written later by the library's SidecarMirror). One transaction.
   */
  recordKept(entryId: number, blob: KeptBlob): void {
    writeTransaction(this.db, () => {
      this.putBlob.run({ ...blob, at: this.now().toISOString() });
      this.markKept(entryId);
    });
  }

  usedBytesTotal(): number {
    return countRow.parse(this.usedBytes.get({})).n;
  }

  count(state: 'kept' | 'queued' | 'failed'): number {
    return countRow.parse(this.countKeep.get({ state })).n;
  }

  countExpiringSoon(now: string, before: string): number {
    return countRow.parse(this.countExpiring.get({ now, before })).n;
  }

  /** The thumbnail state of every entry with this hash (a thumbnail is made once per hash). */
  setThumbState(hash: string, state: 'ready' | 'failed', message: string | null): void {
    this.setThumb.run({ hash, state, message });
  }

  /** Entry ids a simple filter matches (no search words: those need the library's search engine). */
  matching(filter: KeepMatchFilter, limit: number): number[] {
    const where: string[] = [];
    const params: Record<string, string | number> = { limit };
    const list = (name: string, values: readonly string[] | undefined, column: string): void => {
      if (values === undefined || values.length === 0) return;
      params[name] = JSON.stringify(values);
      where.push(`${column} IN (SELECT value FROM json_each(:${name}))`);
    };
    list('profiles', filter.profileIds, 'profile_id');
    list('types', filter.types, 'type');
    if (filter.minRating !== undefined) {
      params.minRating = filter.minRating;
      where.push('rating >= :minRating');
    }
    if (filter.kept !== undefined) where.push(filter.kept ? "keep_state = 'kept'" : "keep_state <> 'kept'");
    if (filter.batchId !== undefined) {
      params.batchId = filter.batchId;
      where.push('batch_id = :batchId');
    }
    if (filter.from !== undefined) {
      params.from = new Date(filter.from).toISOString();
      where.push('created_at >= :from');
    }
    if (filter.to !== undefined) {
      params.to = new Date(filter.to).toISOString();
      where.push('created_at < :to');
    }
    if (filter.tags !== undefined && filter.tags.length > 0) {
      params.tags = JSON.stringify(filter.tags);
      params.tagCount = new Set(filter.tags.map((t) => t.toLowerCase())).size;
      where.push(`(SELECT count(DISTINCT lower(tag)) FROM library_tags t WHERE t.entry_id = library_entries.entry_id
        AND t.tag IN (SELECT value FROM json_each(:tags))) = :tagCount`);
    }
    const rejected = filter.rejected ?? 'hide';
    if (rejected !== 'include') where.push(rejected === 'only' ? 'rejected = 1' : 'rejected = 0');
    if (filter.expiringBefore !== undefined) {
      params.now = filter.now;
      params.before = filter.expiringBefore;
      where.push(
        `expires_at IS NOT NULL AND expires_at > :now AND expires_at <= :before AND keep_state <> 'kept'`,
      );
    }
    const sql = `SELECT entry_id FROM library_entries ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY entry_id LIMIT :limit`;
    // Built from fixed pieces only; the values are parameters.
    return prepare<Record<string, string | number>>(this.db, sql)
      .all(params)
      .map((row) => idRow.parse(row).entry_id);
  }
}

/** A row of ENTRY_COLUMNS, checked. */
export function parseKeepEntry(row: unknown): KeepEntry {
  return toEntry(keepEntryRow.parse(row));
}

function toEntry(row: z.infer<typeof keepEntryRow>): KeepEntry {
  return {
    entryId: row.entry_id,
    profileId: row.profile_id,
    jobId: row.job_id,
    assetId: row.asset_id,
    name: row.name,
    type: row.type,
    contentType: row.content_type,
    size: row.size,
    hash: row.hash,
    keepState: row.keep_state,
    keepMessage: row.keep_message,
    thumbState: row.thumb_state,
    thumbMessage: row.thumb_message,
    expiresAt: row.expires_at,
    keptAt: row.kept_at,
    rating: row.rating,
    createdAt: row.created_at,
    title: row.title,
    facts: row.facts,
  };
}
