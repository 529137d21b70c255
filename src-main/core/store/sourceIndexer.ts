// Router runs' saved media and finished uploads become library entries (issue 21) the moment the store records
// them: the router_runs and uploads tables call this after each write. A failure here never undoes the run's or
// the upload's own record (that is the truth the app acts on); the entry is then made by the catch-up pass at
// the next launch, which also makes the entries of everything recorded before the library knew these sources.
import { z } from 'zod';
import { routerEntriesOf, uploadEntryOf, type RouterModelName } from './facts/sourceEntryOf';
import type { IndexedCounts } from './libraryIndexer';
import type { LibraryEntriesTable } from './libraryEntriesTable';
import type { LibraryEntryInput } from './libraryRow';
import type { RouterCatalogueTable } from './routerCatalogueTable';
import type { RouterRunRow } from './routerRunRow';
import type { RouterRunsTable } from './routerRunsTable';
import { prepare, writeTransaction, type Db } from './sqlite';
import type { UploadRow, UploadsTable } from './uploadsTable';

/** Where the catch-up pass is in each source's rows (their rowids), so every row is looked at once. */
export interface SourcesCursor {
  uploads: number;
  runs: number;
}

const pendingRow = z.object({ id: z.string(), rid: z.number().int() });

export class SourceIndexer {
  private readonly selectUploads;
  private readonly selectRuns;

  constructor(
    private readonly db: Db,
    private readonly entries: LibraryEntriesTable,
    private readonly uploads: Pick<UploadsTable, 'get'>,
    private readonly runs: Pick<RouterRunsTable, 'get'>,
    private readonly catalogue: Pick<RouterCatalogueTable, 'read'>,
    private readonly announce: (counts: IndexedCounts) => void,
  ) {
    this.selectUploads = prepare<{ after: number; limit: number }>(
      db,
      `SELECT u.id, u.rowid AS rid FROM uploads u WHERE u.rowid > :after AND u.state = 'created'
         AND u.asset_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM library_entries e
           WHERE e.profile_id = u.profile_id AND e.job_id = u.id AND e.asset_id = u.asset_id)
       ORDER BY u.rowid LIMIT :limit`,
    );
    this.selectRuns = prepare<{ after: number; limit: number }>(
      db,
      `SELECT r.id, r.rowid AS rid FROM router_runs r WHERE r.rowid > :after
         AND r.media LIKE '%"state":"saved"%' AND NOT EXISTS (SELECT 1 FROM library_entries e
           WHERE e.profile_id = r.profile_id AND e.job_id = r.id AND e.source = 'router')
       ORDER BY r.rowid LIMIT :limit`,
    );
  }

  /** After a write of an upload's row: its entry once the service has named its asset. */
  uploadWritten(row: UploadRow): void {
    const entry = uploadEntryOf(row);
    if (entry !== null) this.quietly(() => this.upsert([entry]));
  }

  /** After a write of a run's row: an entry for each medium saved so far (refreshed: its state, its credits). */
  runWritten(row: RouterRunRow): void {
    if (!row.media.some((medium) => medium.state === 'saved')) return;
    this.quietly(() => this.upsert(routerEntriesOf(row, this.modelName(row.profileId, row.modelId))));
  }

  /**
   * Indexes up to `limit` uploads and `limit` runs recorded with no entry, after `cursor`, in one transaction;
   * returns how many rows it looked at, whether it has caught up, and where to go on from.
   */
  catchUpChunk(
    cursor: SourcesCursor,
    limit: number,
  ): { looked: number; done: boolean; cursor: SourcesCursor } {
    return writeTransaction(this.db, () => {
      const next = { ...cursor };
      const entries: LibraryEntryInput[] = [];
      const uploads = this.pending(this.selectUploads.all({ after: cursor.uploads, limit }));
      for (const { id, rid } of uploads) {
        next.uploads = rid;
        const row = this.readQuietly(() => this.uploads.get(id));
        const entry = row === null ? null : uploadEntryOf(row);
        if (entry !== null) entries.push(entry);
      }
      const runs = this.pending(this.selectRuns.all({ after: cursor.runs, limit }));
      const names = new Map<string, RouterModelName | null>();
      for (const { id, rid } of runs) {
        next.runs = rid;
        const row = this.readQuietly(() => this.runs.get(id));
        if (row === null) continue;
        const key = `${row.profileId}\u0000${row.modelId}`;
        if (!names.has(key)) names.set(key, this.modelName(row.profileId, row.modelId));
        entries.push(...routerEntriesOf(row, names.get(key) ?? null));
      }
      if (entries.length > 0) this.upsert(entries);
      return {
        looked: uploads.length + runs.length,
        done: uploads.length < limit && runs.length < limit,
        cursor: next,
      };
    });
  }

  private upsert(entries: readonly LibraryEntryInput[]): void {
    if (entries.length === 0) return;
    this.announce(this.entries.upsertMany(entries));
  }

  private pending(raws: readonly unknown[]): z.infer<typeof pendingRow>[] {
    return raws.flatMap((raw) => {
      const parsed = pendingRow.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** A damaged row is one entry fewer, never a stopped pass. */
  private readQuietly<T>(read: () => T | null): T | null {
    try {
      return read();
    } catch {
      return null;
    }
  }

  private quietly(index: () => void): void {
    try {
      index();
    } catch {
      // The run's or upload's own record stands; the catch-up pass makes the entry at the next launch.
    }
  }

  private modelName(profileId: string, modelId: string): RouterModelName | null {
    const catalogue = this.readQuietly(() => this.catalogue.read(profileId));
    const model = catalogue?.models.find((m) => m.id === modelId);
    return model === undefined ? null : { provider: model.provider, model: model.model };
  }
}
