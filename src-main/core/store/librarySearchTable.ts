// Runs library searches: a page in one of three orders with a keyset cursor (no OFFSET, so page 400 costs what
// page 1 does), the total, and the facet counts. The conditions come from core/library/searchWhere.ts (its own
// SQL text, every value bound); the statements are prepared once per shape and kept, a bounded number of them.
import { z } from 'zod';
import { libraryPageDbRow, pageSelectColumns, pageSelectFrom, type LibraryEntryRow } from './libraryRow';
import { parseRows, type RowsRead } from './rowCodec';
import { prepare, type Db, type SqlValue, type Statement } from './sqlite';

export type SearchSort = 'newest' | 'oldest' | 'rating';

export interface WhereSql {
  sql: string;
  params: Record<string, SqlValue>;
  /** The conditions hold a full-text match: its rowids are checked through library_filters, not the rows. */
  fts?: boolean | undefined;
  /** The full-text expression, when there is one (its count chooses how a page is read). */
  match?: string | undefined;
  /** With a match, every condition but the match. */
  besidesMatch?: string | undefined;
  /** The conditions are only the match (if any) and this rejected pick (searchWhere.ts says when). */
  onlyRejected?: 'hide' | 'only' | 'include' | undefined;
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

/** How many entries have one combination of the facet columns (core/library/facetFold.ts folds them). */
export interface FacetCombo {
  type: string;
  profileId: string;
  profileName: string | null;
  batchId: string | null;
  batchName: string | null;
  rating: number;
  rejected: boolean;
  kept: boolean;
  /** Whether these entries' service copies go soon; null when not read (library_counts has no time in it). */
  expiring: boolean | null;
  n: number;
}

/** The window an "expiring soon" flag is read for (ISO times, bound as parameters). */
export interface ExpiringWindow {
  now: string;
  soon: string;
}

type Params = Record<string, SqlValue>;

const STATEMENTS_KEPT = 96;
/** A page's total is counted up to this many; past it the page says "at least". */
export const TOTAL_CAP = 10_000;
const FACETS_KEPT = 64;

/**
 * The entries of a search, read from the narrow indexes, never the wide rows: with a full-text match each of its
 * rowids is looked up in library_filters (entry_id first, then every filter column); SQLite left to itself looks
 * them up in the table, whose rows carry the facts and prompt (ten times the reads). When the words match many
 * entries, `scan` reads library_by_created from end to end instead (every filter column is in it too, and entry_id
 * is not first, so SQLite cannot look up in it), checking each entry against the match's rowids: a step of a scan
 * costs a fraction of a lookup.
 */
function entriesOf(where: WhereSql, scan = false): string {
  if (where.fts !== true) return 'library_entries e';
  return scan
    ? 'library_entries e INDEXED BY library_by_created'
    : 'library_entries e INDEXED BY library_filters';
}

/**
 * Looking up one match's row costs about this many steps of a scan of library_by_created (a search from the
 * index's root against the next entry; measured on the bench's 100,000 entries, about 3×).
 */
const LOOKUP_STEPS = 3;
/** A newest-first walk of a full-text search stops after this many pages' worth of matches (see page). */
const WALK_PAGES = 4;

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

/** "At or before this entry" in each order: the end of a page read again (`upTo`). */
const atOrBefore: Readonly<Record<SearchSort, string>> = {
  newest: '(e.created_at > :u_at OR (e.created_at = :u_at AND e.entry_id >= :u_id))',
  oldest: '(e.created_at < :u_at OR (e.created_at = :u_at AND e.entry_id <= :u_id))',
  rating: `(e.rating > :u_r OR (e.rating = :u_r AND (e.created_at > :u_at
      OR (e.created_at = :u_at AND e.entry_id >= :u_id))))`,
};

/**
 * The conditions, ending at `until` (inclusive) in `sort` order: a page read again covers exactly what it
 * covered, however many entries came or went in it, so the pages after it still follow on with no gap or
 * overlap. For the page only; the total is the unbounded search's.
 */
export function upTo(where: WhereSql, sort: SearchSort, until: SearchKey): WhereSql {
  const bound = atOrBefore[sort];
  return {
    ...where,
    sql: `(${where.sql}) AND ${bound}`,
    params: { ...where.params, u_at: until.createdAt, u_id: until.entryId, u_r: until.rating },
    ...(where.besidesMatch === undefined ? {} : { besidesMatch: `(${where.besidesMatch}) AND ${bound}` }),
    onlyRejected: undefined,
  };
}

/** The sort's keys and its "after the cursor" condition on the walk's own alias (w), for walkSql. */
function onWalk(sql: string): string {
  return sql.replaceAll('e.', 'w.');
}

const countRow = z.object({ n: z.number().int().nonnegative() });
const idRow = z.object({ entry_id: z.number().int() });
const facetRow = z
  .object({ value: z.union([z.string(), z.number()]), label: z.string().nullable(), n: z.number().int() })
  .transform((r) => ({ value: String(r.value), label: r.label ?? String(r.value), count: r.n }));
const tagRow = z.object({ entry_id: z.number().int(), tag: z.string() });

// The tags facet joins library_tags, and where an entry came from is not one of the counted combinations
// (combosOf): each keeps its own query.
const facetSql: Readonly<Record<'tags' | 'sources', (from: string, where: string) => string>> = {
  sources: (from, where) =>
    `SELECT e.source AS value, NULL AS label, count(*) AS n FROM ${from} WHERE ${where}
       GROUP BY e.source ORDER BY n DESC, value`,
  tags: (from, where) =>
    `SELECT t.tag AS value, min(t.tag) AS label, count(*) AS n FROM ${from}
       JOIN library_tags t ON t.entry_id = e.entry_id WHERE ${where}
       GROUP BY t.tag COLLATE NOCASE ORDER BY n DESC, value LIMIT 50`,
};
const generationRow = z.object({ c: z.number().int(), v: z.number().int() });
const comboRow = z
  .object({
    type: z.string(),
    profile_id: z.string(),
    profile_name: z.string().nullable(),
    batch_id: z.string().nullable(),
    batch_name: z.string().nullable(),
    rating: z.number().int(),
    rejected: z.number().int(),
    kept: z.number().int(),
    expiring: z.number().int().nullable(),
    n: z.number().int(),
  })
  .transform((r): FacetCombo => ({
    type: r.type,
    profileId: r.profile_id,
    profileName: r.profile_name,
    batchId: r.batch_id,
    batchName: r.batch_name,
    rating: r.rating,
    rejected: r.rejected !== 0,
    kept: r.kept !== 0,
    expiring: r.expiring === null ? null : r.expiring !== 0,
    n: r.n,
  }));
const comboNames = `LEFT JOIN profiles p ON p.id = c.profile_id LEFT JOIN batches b ON b.id = c.batch_id`;

export class LibrarySearchTable {
  private readonly statements = new Map<string, Statement<Params>>();
  /** Facet counts and exact counts by statement and values, good while the database has not changed. */
  private readonly counted = new Map<string, unknown>();
  private countedAt = '';

  constructor(private readonly db: Db) {}

  /**
   * One page in `sort` order, after `key` (the previous page's last entry) when given. Of each row's facts only
   * the batch's name is read (pageSelectColumns); the detail (library.get) reads them whole.
   */
  page(where: WhereSql, sort: SearchSort, key: SearchKey | null, limit: number): RowsRead<LibraryEntryRow> {
    const order = orders[sort];
    const conditions = key === null ? where.sql : `(${where.sql}) AND ${order.after}`;
    const params: Params = { ...where.params, limit };
    if (key !== null) {
      params.k_at = key.createdAt;
      params.k_id = key.entryId;
      if (sort === 'rating') params.k_r = key.rating;
    }
    // The page's entry_ids first, from the indexes (every sort key is in them); then only those rows are read.
    const read = (ids: string, more: Params = {}): RowsRead<LibraryEntryRow> => {
      const sql = `SELECT ${pageSelectColumns} FROM ${pageSelectFrom}
        WHERE e.entry_id IN (${ids}) ORDER BY ${order.by}`;
      return parseRows(
        'library_entries',
        'entry_id',
        libraryPageDbRow,
        this.statement(sql).all({ ...params, ...more }),
      );
    };
    const ahead = limit * WALK_PAGES;
    const besides = where.besidesMatch;
    if (
      sort !== 'rating' &&
      where.match !== undefined &&
      besides !== undefined &&
      this.walkPays(where.match, ahead)
    ) {
      // The newest `ahead` matches of the words alone, walking library_by_created and stopping there; then the
      // other conditions on those. When they leave a full page, it is the page: nothing newer was skipped. When
      // not (the other conditions are narrow, or the matches ran out), the page is read the usual way below.
      const walked = read(
        `SELECT e.entry_id FROM library_entries e INDEXED BY library_filters
        WHERE e.entry_id IN (SELECT w.entry_id FROM library_entries w INDEXED BY library_by_created
            WHERE w.entry_id IN (SELECT rowid FROM library_fts WHERE library_fts MATCH :walkMatch)
              ${key === null ? '' : `AND ${onWalk(order.after)}`}
            ORDER BY ${onWalk(order.by)} LIMIT :ahead)
          AND ${key === null ? besides : `(${besides}) AND ${order.after}`}
        ORDER BY ${order.by} LIMIT :limit`,
        { walkMatch: where.match, ahead },
      );
      if (walked.rows.length + walked.corrupt.length >= limit) return walked;
    }
    if (key === null && where.fts === true && where.onlyRejected === undefined) {
      // Every match looked up, and few pass the other conditions (else the walk had found a page): their ids,
      // up to the count's cap, are the first page and the total at once, so the total does not look them all up
      // a second time.
      const capped = { ...where.params, cap: TOTAL_CAP + 1 };
      const ids = this.statement(
        `SELECT e.entry_id FROM ${entriesOf(where)} WHERE ${where.sql} ORDER BY ${order.by} LIMIT :cap`,
      )
        .all(capped)
        .map((row) => idRow.parse(row).entry_id);
      const count = this.countStatement(where);
      this.remember(count.sql, count.params, ids.length);
      return read('SELECT value FROM json_each(:pageIds)', { pageIds: JSON.stringify(ids.slice(0, limit)) });
    }
    return read(
      `SELECT e.entry_id FROM ${entriesOf(where)} WHERE ${conditions} ORDER BY ${order.by} LIMIT :limit`,
    );
  }

  /**
   * Whether walking the entries newest first finds `wanted` matches of the words in fewer steps than looking up
   * every match: about wanted × entries / matches steps against matches lookups.
   */
  private walkPays(match: string, wanted: number): boolean {
    const matches = this.matchCount(match);
    return matches > 0 && wanted * this.entryCount() < matches * matches * LOOKUP_STEPS;
  }

  /** Whether scanning every entry costs less than looking up each of the words' matches. */
  private scanPays(where: WhereSql): boolean {
    if (where.match === undefined) return false;
    return this.matchCount(where.match) * LOOKUP_STEPS > this.entryCount();
  }

  /** How many entries the full-text expression matches, before any other condition (FTS5 counts its own list). */
  private matchCount(match: string): number {
    const sql = 'SELECT count(*) AS n FROM library_fts WHERE library_fts MATCH :match';
    // A search asks twice (how to read the page, then its total): FTS5 decodes the whole list each time.
    return this.remembered(sql, { match }, () => countRow.parse(this.statement(sql).get({ match })).n);
  }

  /** Every entry, from library_counts (kept by triggers in the entries' own transactions). */
  private entryCount(): number {
    return countRow.parse(this.statement('SELECT coalesce(sum(n), 0) AS n FROM library_counts').get({})).n;
  }

  /** How many match, counted up to TOTAL_CAP + 1: past the cap, TOTAL_CAP and `lowerBound`. */
  countUpTo(where: WhereSql): CountRead {
    const n = this.countWithoutRows(where) ?? this.countRows(where);
    return n > TOTAL_CAP ? { n: TOTAL_CAP, lowerBound: true } : { n, lowerBound: false };
  }

  /** Counted up to the cap; remembered, so a first page that read every match's id (page) answers it. */
  private countRows(where: WhereSql): number {
    const { sql, params } = this.countStatement(where);
    return this.remembered(sql, params, () => countRow.parse(this.statement(sql).get(params)).n);
  }

  private countStatement(where: WhereSql): { sql: string; params: Params } {
    return {
      sql: `SELECT count(*) AS n FROM (SELECT 1 FROM ${entriesOf(where, this.scanPays(where))} WHERE ${where.sql} LIMIT :cap)`,
      params: { ...where.params, cap: TOTAL_CAP + 1 },
    };
  }

  /**
   * The exact count of a search made only of words and the rejected pick, without reading its entries: with no
   * words, library_counts' sum; with words, FTS5's own count of the matches, less (or only) the rejected ones among
   * them, read through library_rejected (rejected entries are few). Null for any other search.
   */
  private countWithoutRows(where: WhereSql): number | null {
    const rejected = where.onlyRejected;
    if (rejected === undefined) return null;
    if (where.match === undefined) {
      const condition = { hide: 'WHERE rejected = 0', only: 'WHERE rejected = 1', include: '' }[rejected];
      const sql = `SELECT coalesce(sum(n), 0) AS n FROM library_counts ${condition}`;
      return countRow.parse(this.statement(sql).get({})).n;
    }
    const matches = this.matchCount(where.match);
    if (rejected === 'include') return matches;
    const rejectedMatches = this.rejectedCount() === 0 ? 0 : this.rejectedAmong(where.match);
    return rejected === 'only' ? rejectedMatches : matches - rejectedMatches;
  }

  /** How many entries are rejected (library_counts): none, and a search for words need not look for them. */
  private rejectedCount(): number {
    const sql = 'SELECT coalesce(sum(n), 0) AS n FROM library_counts WHERE rejected = 1';
    return countRow.parse(this.statement(sql).get({})).n;
  }

  /**
   * The rejected entries among a full-text match: each match's rowid looked up in library_rejected, a small index
   * (FTS5 asked for one rowid at a time costs a whole query each, far more).
   */
  private rejectedAmong(match: string): number {
    const sql = `SELECT count(*) AS n FROM library_entries e INDEXED BY library_rejected
      WHERE e.rejected = 1 AND e.entry_id IN (SELECT rowid FROM library_fts WHERE library_fts MATCH :match)`;
    return countRow.parse(this.statement(sql).get({ match })).n;
  }

  /** Every combination of the facet columns with its count, over the whole library (library_counts). */
  everyCombo(): FacetCombo[] {
    const sql = `SELECT c.type, c.profile_id, p.name AS profile_name, c.batch_id, b.name AS batch_name, c.rating,
        c.rejected, c.kept, NULL AS expiring, c.n FROM library_counts c ${comboNames} WHERE c.n > 0`;
    return this.remembered(
      sql,
      {},
      () => parseRows('library_counts', 'key', comboRow, this.statement(sql).all({})).rows,
    );
  }

  /** The combinations of the facet columns among the entries `where` finds, with whether each is expiring soon. */
  combosOf(where: WhereSql, window: ExpiringWindow): FacetCombo[] {
    const expiring = `(e.keep_state <> 'kept' AND e.expires_at IS NOT NULL AND e.expires_at > :comboNow
      AND e.expires_at <= :comboSoon)`;
    const sql = `SELECT c.type, c.profile_id, p.name AS profile_name, c.batch_id, b.name AS batch_name, c.rating,
        c.rejected, c.kept, c.expiring, c.n
      FROM (SELECT e.type, e.profile_id, e.batch_id, e.rating, e.rejected, e.keep_state = 'kept' AS kept,
          ${expiring} AS expiring, count(*) AS n
        FROM ${entriesOf(where, this.scanPays(where))} WHERE ${where.sql}
        GROUP BY e.type, e.profile_id, e.batch_id, e.rating, e.rejected, kept, expiring) c ${comboNames}`;
    const params = { ...where.params, comboNow: window.now, comboSoon: window.soon };
    return this.remembered(
      sql,
      params,
      () => parseRows('library_entries', 'type', comboRow, this.statement(sql).all(params)).rows,
    );
  }

  count(where: WhereSql): number {
    const sql = `SELECT count(*) AS n FROM ${entriesOf(where)} WHERE ${where.sql}`;
    return this.remembered(sql, where.params, () => countRow.parse(this.statement(sql).get(where.params)).n);
  }

  /**
   * The entries not from jobs among a search's, grouped by source: through the partial index on source (they are
   * few), where grouping every entry by source reads the wide rows end to end (about 110 ms at 100,000).
   */
  sourcesBesidesJobs(where: WhereSql): FacetRow[] {
    const sql = `SELECT e.source AS value, NULL AS label, count(*) AS n
      FROM library_entries e INDEXED BY library_by_source WHERE e.source <> 'job' AND (${where.sql})
      GROUP BY e.source`;
    return this.remembered(
      sql,
      where.params,
      () => parseRows('library_entries', 'value', facetRow, this.statement(sql).all(where.params)).rows,
    );
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
    const key = this.rememberedKey(sql, params);
    if (this.counted.has(key)) return this.counted.get(key) as T;
    const value = read();
    this.remember(sql, params, value);
    return value;
  }

  /** Keeps a value for the statement and values until the database changes (see remembered). */
  private remember(sql: string, params: Params, value: unknown): void {
    this.counted.set(this.rememberedKey(sql, params), value);
    if (this.counted.size > FACETS_KEPT) {
      const oldest = this.counted.keys().next();
      if (oldest.done !== true) this.counted.delete(oldest.value);
    }
  }

  /** The statement and values' key, after dropping every value remembered before the database last changed. */
  private rememberedKey(sql: string, params: Params): string {
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
    return `${sql}\u0000${JSON.stringify(params)}`;
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
