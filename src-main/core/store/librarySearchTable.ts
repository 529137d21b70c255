// Runs library searches: a page in one of three orders with a keyset cursor (no OFFSET, so page 400 costs what
// page 1 does), the total, and the facet counts. The conditions come from core/library/searchWhere.ts (its own
// SQL text, every value bound); the statements are prepared once per shape and kept, a bounded number of them.
import { z } from 'zod';
import { entrySelectColumns, libraryEntryDbRow, type LibraryEntryRow } from './libraryRow';
import { parseRows, type RowsRead } from './rowCodec';
import { prepare, type Db, type SqlValue, type Statement } from './sqlite';

export type SearchSort = 'newest' | 'oldest' | 'rating';

export interface WhereSql {
  sql: string;
  params: Record<string, SqlValue>;
}

/** Where the previous page ended, in the sort's own keys. */
export interface SearchKey {
  rating: number;
  createdAt: string;
  entryId: number;
}

export interface FacetRow {
  value: string;
  label: string;
  count: number;
}

type Params = Record<string, SqlValue>;

const STATEMENTS_KEPT = 96;

const orders: Readonly<Record<SearchSort, { by: string; after: string }>> = {
  newest: {
    by: 'e.created_at DESC, e.entry_id DESC',
    after: '(e.created_at < :k_at OR (e.created_at = :k_at AND e.entry_id < :k_id))',
  },
  oldest: {
    by: 'e.created_at ASC, e.entry_id ASC',
    after: '(e.created_at > :k_at OR (e.created_at = :k_at AND e.entry_id > :k_id))',
  },
  rating: {
    by: 'e.rating DESC, e.created_at DESC, e.entry_id DESC',
    after: `(e.rating < :k_r OR (e.rating = :k_r AND (e.created_at < :k_at
      OR (e.created_at = :k_at AND e.entry_id < :k_id))))`,
  },
};

const countRow = z.object({ n: z.number().int().nonnegative() });
const facetRow = z
  .object({ value: z.union([z.string(), z.number()]), label: z.string().nullable(), n: z.number().int() })
  .transform((r) => ({ value: String(r.value), label: r.label ?? String(r.value), count: r.n }));
const tagRow = z.object({ entry_id: z.number().int(), tag: z.string() });

const facetSql: Readonly<
  Record<'types' | 'profiles' | 'batches' | 'ratings' | 'tags', (where: string) => string>
> = {
  types: (where) =>
    `SELECT e.type AS value, NULL AS label, count(*) AS n FROM library_entries e WHERE ${where}
       GROUP BY e.type ORDER BY n DESC, value LIMIT 50`,
  profiles: (where) =>
    `SELECT e.profile_id AS value, p.name AS label, count(*) AS n FROM library_entries e
       LEFT JOIN profiles p ON p.id = e.profile_id WHERE ${where}
       GROUP BY e.profile_id ORDER BY n DESC, value LIMIT 100`,
  batches: (where) =>
    `SELECT e.batch_id AS value, b.name AS label, count(*) AS n FROM library_entries e
       LEFT JOIN batches b ON b.id = e.batch_id WHERE e.batch_id IS NOT NULL AND ${where}
       GROUP BY e.batch_id ORDER BY n DESC, value LIMIT 50`,
  ratings: (where) =>
    `SELECT e.rating AS value, NULL AS label, count(*) AS n FROM library_entries e WHERE ${where}
       GROUP BY e.rating ORDER BY value DESC`,
  tags: (where) =>
    `SELECT t.tag AS value, min(t.tag) AS label, count(*) AS n FROM library_entries e
       JOIN library_tags t ON t.entry_id = e.entry_id WHERE ${where}
       GROUP BY t.tag COLLATE NOCASE ORDER BY n DESC, value LIMIT 50`,
};

export class LibrarySearchTable {
  private readonly statements = new Map<string, Statement<Params>>();

  constructor(private readonly db: Db) {}

  /** One page in `sort` order, after `key` (the previous page's last entry) when given. */
  page(where: WhereSql, sort: SearchSort, key: SearchKey | null, limit: number): RowsRead<LibraryEntryRow> {
    const order = orders[sort];
    const conditions = key === null ? where.sql : `(${where.sql}) AND ${order.after}`;
    const sql = `SELECT ${entrySelectColumns} FROM library_entries e LEFT JOIN profiles p ON p.id = e.profile_id
      WHERE ${conditions} ORDER BY ${order.by} LIMIT :limit`;
    const params: Params = { ...where.params, limit };
    if (key !== null) {
      params.k_at = key.createdAt;
      params.k_id = key.entryId;
      if (sort === 'rating') params.k_r = key.rating;
    }
    return parseRows('library_entries', 'entry_id', libraryEntryDbRow, this.statement(sql).all(params));
  }

  count(where: WhereSql): number {
    const sql = `SELECT count(*) AS n FROM library_entries e WHERE ${where.sql}`;
    return countRow.parse(this.statement(sql).get(where.params)).n;
  }

  facet(name: keyof typeof facetSql, where: WhereSql): FacetRow[] {
    return parseRows(
      'library_entries',
      'value',
      facetRow,
      this.statement(facetSql[name](where.sql)).all(where.params),
    ).rows;
  }

  /** Each entry's tags, for a page of entries. */
  tagsOf(entryIds: readonly number[]): Map<number, string[]> {
    const tags = new Map<number, string[]>();
    if (entryIds.length === 0) return tags;
    const rows = this.statement(
      `SELECT entry_id, tag FROM library_tags WHERE entry_id IN (SELECT value FROM json_each(:ids)) ORDER BY tag`,
    ).all({ ids: JSON.stringify(entryIds) });
    for (const raw of rows) {
      const parsed = tagRow.safeParse(raw);
      if (!parsed.success) continue;
      const list = tags.get(parsed.data.entry_id) ?? [];
      list.push(parsed.data.tag);
      tags.set(parsed.data.entry_id, list);
    }
    return tags;
  }

  private statement(sql: string): Statement<Params> {
    let statement = this.statements.get(sql);
    if (statement !== undefined) {
      this.statements.delete(sql);
      this.statements.set(sql, statement);
      return statement;
    }
    statement = prepare<Params>(this.db, sql);
    this.statements.set(sql, statement);
    if (this.statements.size > STATEMENTS_KEPT) {
      const oldest = this.statements.keys().next();
      if (oldest.done !== true) this.statements.delete(oldest.value);
    }
    return statement;
  }
}
