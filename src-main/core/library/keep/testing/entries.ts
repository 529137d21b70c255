// Test support: library entries written straight into the store with SQL (the library's indexer writes them
// in the app; keeping only reads them), over a second connection to the same file.
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { openDatabase, prepare } from '../../../store/sqlite';

export interface TestEntry {
  profileId: string;
  assetId: string;
  jobId?: string;
  name?: string;
  type?: string;
  contentType?: string;
  size: number;
  hash: string | null;
  rating?: number;
  expiresAt?: string | null;
  keepState?: 'none' | 'queued' | 'kept' | 'failed';
}

export function blake3Of(bytes: Uint8Array): string {
  return `blake3:${new Blake3Hasher().update(Buffer.from(bytes)).digest('hex')}`;
}

/** Inserts the entries; returns their ids in order. */
export function insertEntries(storePath: string, entries: readonly TestEntry[]): number[] {
  const db = openDatabase(storePath, 5000);
  try {
    const insert = prepare<Record<string, string | number | null>>(
      db,
      `INSERT INTO library_entries (profile_id, job_id, asset_id, name, type, content_type, size, hash, title,
         created_at, job_status, facts, rating, expires_at, keep_state, indexed_at)
       VALUES (:profileId, :jobId, :assetId, :name, :type, :contentType, :size, :hash, :title, :at, 'succeeded',
         '{"prompt":"a lighthouse"}', :rating, :expiresAt, :keepState, :at)`,
    );
    const idOf = prepare(db, 'SELECT last_insert_rowid() AS id');
    return entries.map((entry, at) => {
      insert.run({
        profileId: entry.profileId,
        jobId: entry.jobId ?? `job-${at}-${entry.assetId}`,
        assetId: entry.assetId,
        name: entry.name ?? 'out.bin',
        type: entry.type ?? 'image',
        contentType: entry.contentType ?? 'application/octet-stream',
        size: entry.size,
        hash: entry.hash,
        title: 'a lighthouse',
        at: new Date().toISOString(),
        rating: entry.rating ?? 0,
        expiresAt: entry.expiresAt ?? null,
        keepState: entry.keepState ?? 'none',
      });
      return Number((idOf.get({}) as { id: number | bigint }).id);
    });
  } finally {
    db.close();
  }
}

/** Changes entries' ratings as the library's rate handler would. */
export function rateEntries(storePath: string, entryIds: readonly number[], rating: number): void {
  const db = openDatabase(storePath, 5000);
  try {
    prepare<{ ids: string; rating: number }>(
      db,
      'UPDATE library_entries SET rating = :rating WHERE entry_id IN (SELECT value FROM json_each(:ids))',
    ).run({ ids: JSON.stringify(entryIds), rating });
  } finally {
    db.close();
  }
}
