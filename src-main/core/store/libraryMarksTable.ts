// What the user puts on library entries: 1–5 stars, the reject flag and free tags. Kept in the store only,
// never sent to the service. Bulk calls name up to LIBRARY_BULK_MAX entries, handed to SQLite as one JSON
// array (json_each) rather than one statement per id; ids that name no entry are skipped.
import { z } from 'zod';
import type { LibraryEntriesTable } from './libraryEntriesTable';
import { parseRows } from './rowCodec';
import { prepare, writeTransaction, type Db } from './sqlite';

const tagCountRow = z.object({ tag: z.string(), n: z.number().int() });
export type TagCount = z.output<typeof tagCountRow>;

const idsOf = (entryIds: readonly number[]): string => JSON.stringify(entryIds.map((id) => Math.trunc(id)));

export class LibraryMarksTable {
  private readonly rate;
  private readonly reject;
  private readonly addTag;
  private readonly removeTag;
  private readonly counts;
  private readonly existing;

  constructor(
    private readonly db: Db,
    private readonly entries: LibraryEntriesTable,
  ) {
    const among = 'entry_id IN (SELECT value FROM json_each(:ids))';
    this.rate = prepare<{ ids: string; rating: number }>(
      db,
      `UPDATE library_entries SET rating = :rating WHERE ${among} AND rating <> :rating`,
    );
    this.reject = prepare<{ ids: string; rejected: number }>(
      db,
      `UPDATE library_entries SET rejected = :rejected WHERE ${among} AND rejected <> :rejected`,
    );
    this.addTag = prepare<{ ids: string; tag: string }>(
      db,
      `INSERT OR IGNORE INTO library_tags (entry_id, tag)
         SELECT e.entry_id, :tag FROM library_entries e WHERE e.${among}`,
    );
    this.removeTag = prepare<{ ids: string; tag: string }>(
      db,
      `DELETE FROM library_tags WHERE ${among} AND tag = :tag`,
    );
    this.counts = prepare(
      db,
      'SELECT tag, count(*) AS n FROM library_tags GROUP BY tag COLLATE NOCASE ORDER BY n DESC, tag LIMIT 500',
    );
    this.existing = prepare<{ ids: string }>(db, `SELECT entry_id FROM library_entries WHERE ${among}`);
  }

  /** 1–5 stars, 0 clears. Returns how many entries changed. */
  setRating(entryIds: readonly number[], rating: number): number {
    return this.rate.run({ ids: idsOf(entryIds), rating: Math.trunc(rating) }).changes;
  }

  setRejected(entryIds: readonly number[], rejected: boolean): number {
    return this.reject.run({ ids: idsOf(entryIds), rejected: rejected ? 1 : 0 }).changes;
  }

  /** Adds and removes tags on every named entry; their search words follow. Returns the entries touched. */
  tag(entryIds: readonly number[], add: readonly string[], remove: readonly string[]): number {
    const ids = idsOf(entryIds);
    return writeTransaction(this.db, () => {
      let changes = 0;
      for (const tag of add) changes += this.addTag.run({ ids, tag }).changes;
      for (const tag of remove) changes += this.removeTag.run({ ids, tag }).changes;
      if (changes === 0) return 0;
      const touched = this.existing.all({ ids }).flatMap((raw) => {
        const parsed = z.object({ entry_id: z.number().int() }).safeParse(raw);
        return parsed.success ? [parsed.data.entry_id] : [];
      });
      for (const entryId of touched) this.entries.refreshWords(entryId);
      return touched.length;
    });
  }

  /** Every tag in use with how many entries carry it, most used first (at most 500). */
  tagCounts(): TagCount[] {
    return parseRows('library_tags', 'tag', tagCountRow, this.counts.all({})).rows;
  }
}
