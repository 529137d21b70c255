// Saved searches ("Keepers", "Lighthouse"): a name, the filter and the sort. The filter is kept as JSON and
// read back through the contract's own schema, so a damaged or older row is set aside, not shown half-read.
import { z } from 'zod';
import { libraryFilterSchema, librarySortSchema } from '../../../src-shared/contracts/library';
import { jsonColumn, parseRows, toJson, type RowsRead } from './rowCodec';
import { prepare, type Db } from './sqlite';

const collectionDbRow = z
  .object({
    id: z.string(),
    name: z.string(),
    filter: jsonColumn(libraryFilterSchema),
    sort: librarySortSchema,
    created_at: z.string(),
  })
  .transform((r) => ({ id: r.id, name: r.name, filter: r.filter, sort: r.sort, createdAt: r.created_at }));
export type CollectionRow = z.output<typeof collectionDbRow>;

/** More would not fit a sidebar; a store holding more (edited by hand) still lists the first ones. */
export const MAX_COLLECTIONS = 200;

export class LibraryCollectionsTable {
  private readonly insert;
  private readonly remove;
  private readonly selectAll;
  private readonly count;

  constructor(
    db: Db,
    private readonly now: () => Date,
  ) {
    this.insert = prepare<{ id: string; name: string; filter: string; sort: string; at: string }>(
      db,
      `INSERT INTO library_collections (id, name, filter, sort, created_at) VALUES (:id, :name, :filter, :sort, :at)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, filter = excluded.filter, sort = excluded.sort`,
    );
    this.remove = prepare<{ id: string }>(db, 'DELETE FROM library_collections WHERE id = :id');
    this.selectAll = prepare(
      db,
      `SELECT id, name, filter, sort, created_at FROM library_collections ORDER BY created_at, id LIMIT ${MAX_COLLECTIONS}`,
    );
    this.count = prepare(db, 'SELECT count(*) AS n FROM library_collections');
  }

  save(collection: {
    id: string;
    name: string;
    filter: z.input<typeof libraryFilterSchema>;
    sort: z.infer<typeof librarySortSchema>;
  }): void {
    this.insert.run({
      id: collection.id,
      name: collection.name,
      filter: toJson(libraryFilterSchema.parse(collection.filter)),
      sort: collection.sort,
      at: this.now().toISOString(),
    });
  }

  delete(id: string): boolean {
    return this.remove.run({ id }).changes > 0;
  }

  list(): RowsRead<CollectionRow> {
    return parseRows('library_collections', 'id', collectionDbRow, this.selectAll.all({}));
  }

  total(): number {
    return z.object({ n: z.number().int() }).parse(this.count.get({})).n;
  }
}
