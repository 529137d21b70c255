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
  /** The conditions hold a full-text match: its rowids are checked through library_filters, not the rows. */
  fts?: boolean | undefined;
}

/** A count that stopped at its cap: at least `n`. */
export interface CountRead {
  n: number;
  lowerBound: boolean;
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
/** A page's total is counted up to this many; past it the page says "at least". */
export const TOTAL_CAP = 10_000;
const FACETS_KEPT = 64;

/**
 * The entries of a search, read from the narrow indexes, never the wide rows: with a full-text match each of its
 * rowids is looked up in library_filters (entry_id first, then every filter column); SQLite left to itself looks
 * them up in the table, whose rows carry the facts and prompt (ten times the reads).
 */
function entriesOf(where: WhereSql): string {
  return where.fts === true ? 'library_entries e INDEXED BY library_filters' : 'library_entries e';
}

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
  Record<
    'types' | 'sources' | 'profiles' | 'batches' | 'ratings' | 'tags',
    (from: string, where: string) => string
  >
> = {
  sources: (from, where) =>
    `SELECT e.source AS value, NULL AS label, count(*) AS n FROM ${from} WHERE ${where}
       GROUP BY e.source ORDER BY n DESC, value`,
  types: (from, where) =>
    `SELECT e.type AS value, NULL AS label, count(*) AS n FROM ${from} WHERE ${where}
       GROUP BY e.type ORDER BY n DESC, value LIMIT 50`,
  profiles: (from, where) =>
    `SELECT e.profile_id AS value, p.name AS label, count(*) AS n FROM ${from}
       LEFT JOIN profiles p ON p.id = e.profile_id WHERE ${where}
       GROUP BY e.profile_id ORDER BY n DESC, value LIMIT 100`,
  batches: (from, where) =>
    `SELECT e.batch_id AS value, b.name AS label, count(*) AS n FROM ${from}
       LEFT JOIN batches b ON b.id = e.batch_id WHERE e.batch_id IS NOT NULL AND ${where}
       GROUP BY e.batch_id ORDER BY n DESC, value LIMIT 50`,
  ratings: (from, where) =>
    `SELECT e.rating AS value, NULL AS label, count(*) AS n FROM ${from} WHERE ${where}
       GROUP BY e.rating ORDER BY value DESC`,
  tags: (from, where) =>
    `SELECT t.tag AS value, min(t.tag) AS label, count(*) AS n FROM ${from}
       JOIN library_tags t ON t.entry_id = e.entry_id WHERE ${where}
       GROUP BY t.tag COLLATE NOCASE ORDER BY n DESC, value LIMIT 50`,
};
const generationRow = z.object({ c: z.number().int(), v: z.number().int() });

export class LibrarySearchTable {
  private readonly statements = new Map<string, Statement<Params>>();
  /** Facet counts and exact counts by statement and values, good while the database has not changed. */
  private readonly counted = new Map<string, unknown>();
  private countedAt = '';

  constructor(private readonly db: Db) {}

  /** One page in `sort` order, after `key` (the previous page's last entry) when given. */
  page(where: WhereSql, sort: SearchSort, key: SearchKey | null, limit: number): RowsRead<LibraryEntryRow> {
    const order = orders[sort];
    const conditions = key === null ? where.sql : `(${where.sql}) AND ${order.after}`;
    // The page's entry_ids first, from the indexes (every sort key is in them); then only those rows are read.
    const sql = `SELECT ${entrySelectColumns} FROM library_entries e LEFT JOIN profiles p ON p.id = e.profile_id
      WHERE e.entry_id IN (SELECT e.entry_id FROM ${entriesOf(where)} WHERE ${conditions}
        ORDER BY ${order.by} LIMIT :limit)
      ORDER BY ${order.by}`;
    const params: Params = { ...where.params, limit };
    if (key !== null) {
      params.k_at = key.createdAt;
      params.k_id = key.entryId;
      if (sort === 'rating') params.k_r = key.rating;
    }
    return parseRows('library_entries', 'entry_id', libraryEntryDbRow, this.statement(sql).all(params));
  }

  /** How many match, counted up to TOTAL_CAP + 1: past the cap, TOTAL_CAP and `lowerBound`. */
  countUpTo(where: WhereSql): CountRead {
    const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM ${entriesOf(where)} WHERE ${where.sql} LIMIT :cap)`;
    const n = countRow.parse(this.statement(sql).get({ ...where.params, cap: TOTAL_CAP + 1 })).n;
    return n > TOTAL_CAP ? { n: TOTAL_CAP, lowerBound: true } : { n, lowerBound: false };
  }

  count(where: WhereSql): number {
    const sql = `SELECT count(*) AS n FROM ${entriesOf(where)} WHERE ${where.sql}`;
    return this.remembered(sql, where.params, () => countRow.parse(this.statement(sql).get(where.params)).n);
  }

  facet(name: keyof typeof facetSql, where: WhereSql): FacetRow[] {
    const sql = facetSql[name](entriesOf(where), where.sql);
    return this.remembered(
      sql,
      where.params,
      () => parseRows('library_entries', 'value', facetRow, this.statement(sql).all(where.params)).rows,
    );
  }

  /**
   * A count read again only when the database changed since: any row written on this connection moves
   * total_changes(), a commit on another connection moves data_version. Facets over the whole library are five
   * GROUP BYs of every entry; the window asks for them again after each search it runs.
   */
  private remembered<T>(sql: string, params: Params, read: () => T): T {
    const at = generationRow.parse(
      this.statement('SELECT total_changes() AS c, (SELECT data_version FROM pragma_data_version) AS v').get(
        {},
      ),
    );
    const generation = `${at.c}:${at.v}`;
    if (generation !== this.countedAt) {
      this.counted.clear();
      this.countedAt = generation;
    }
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    if (this.counted.has(key)) return this.counted.get(key) as T;
    const value = read();
    this.counted.set(key, value);
    if (this.counted.size > FACETS_KEPT) {
      const oldest = this.counted.keys().next();
      if (oldest.done !== true) this.counted.delete(oldest.value);
    }
    return value;
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
