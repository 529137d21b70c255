// A search (the parsed box and the facets picked beside it) as SQL conditions on library_entries `e`. The SQL
// text is built only from this file's constants; every value a person gave is a bound parameter.
import type { SqlValue } from '../store/sqlite';
import { ftsMatchOf } from './ftsQuery';
import type { Comparison, FieldFilter, ParsedQuery } from './queryParser';

export interface FacetPicks {
  profileIds?: readonly string[] | undefined;
  types?: readonly string[] | undefined;
  sources?: readonly string[] | undefined;
  batchId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  minRating?: number | undefined;
  tags?: readonly string[] | undefined;
  kept?: boolean | undefined;
  rejected?: 'hide' | 'only' | 'include' | undefined;
}

export type FacetName = 'types' | 'sources' | 'profiles' | 'batches' | 'ratings' | 'tags';

export interface Where {
  /** Conditions joined by AND (`1` when there are none). */
  sql: string;
  params: Record<string, SqlValue>;
  /** The conditions include a full-text match (its rowids are checked through the filters index). */
  fts?: boolean;
  /** The full-text expression matched (bound in `params` too), when there is one: its count picks the plan. */
  match?: string | undefined;
  /** With a match, the conditions but the match (for rows already known to match). Narrowed with `sql`. */
  besidesMatch?: string | undefined;
  /**
   * Set when the conditions are only the match (if any) and the rejected pick: such a search is counted from
   * library_counts or from the full-text count, without reading its entries. Anything that adds a condition
   * must leave this out.
   */
  onlyRejected?: 'hide' | 'only' | 'include' | undefined;
}

const comparisons: Readonly<Record<Comparison, string>> = {
  '=': '=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
};
const numberColumns = {
  seed: 'e.seed',
  cfg: 'e.cfg',
  steps: 'e.steps',
  rating: 'e.rating',
  width: 'e.width',
  height: 'e.height',
} as const;

/** `%text%` for LIKE with its own wildcards taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

class WhereBuilder {
  readonly clauses: string[] = [];
  readonly params: Record<string, SqlValue> = {};
  private next = 0;

  bind(value: SqlValue): string {
    const name = `p${this.next++}`;
    this.params[name] = value;
    return `:${name}`;
  }

  list(values: readonly string[]): string {
    return values.map((value) => this.bind(value)).join(', ');
  }
}

function addFilter(w: WhereBuilder, filter: FieldFilter): void {
  switch (filter.field) {
    case 'seed':
    case 'cfg':
    case 'steps':
    case 'rating':
    case 'width':
    case 'height':
      w.clauses.push(`${numberColumns[filter.field]} ${comparisons[filter.op]} ${w.bind(filter.value)}`);
      return;
    case 'kept':
      w.clauses.push(filter.value ? "e.keep_state = 'kept'" : "e.keep_state <> 'kept'");
      return;
    case 'type':
      w.clauses.push(`e.type = ${w.bind(filter.value.toLowerCase())}`);
      return;
    case 'source':
      w.clauses.push(`e.source = ${w.bind(filter.value.toLowerCase())}`);
      return;
    case 'model':
      w.clauses.push(`e.model LIKE ${w.bind(contains(filter.value))} ESCAPE '\\'`);
      return;
    case 'sampler':
      w.clauses.push(`e.sampler LIKE ${w.bind(contains(filter.value))} ESCAPE '\\'`);
      return;
    case 'tag':
      w.clauses.push(
        `EXISTS (SELECT 1 FROM library_tags t WHERE t.entry_id = e.entry_id AND t.tag = ${w.bind(filter.value)})`,
      );
      return;
    case 'batch':
      w.clauses.push(
        `e.batch_id IN (SELECT id FROM batches WHERE name LIKE ${w.bind(contains(filter.value))} ESCAPE '\\')`,
      );
      return;
    case 'profile':
      w.clauses.push(
        `e.profile_id IN (SELECT id FROM profiles WHERE name LIKE ${w.bind(contains(filter.value))} ESCAPE '\\')`,
      );
      return;
  }
}

/** The conditions of a search; `except` leaves out one facet's own pick (its counts ignore it). */
export function whereOf(query: ParsedQuery, picks: FacetPicks, except?: FacetName): Where {
  const w = new WhereBuilder();
  const match = ftsMatchOf(query.terms);
  if (match !== null) {
    w.clauses.push(`e.entry_id IN (SELECT rowid FROM library_fts WHERE library_fts MATCH ${w.bind(match)})`);
  }
  for (const filter of query.filters) addFilter(w, filter);
  if (except !== 'profiles' && picks.profileIds !== undefined && picks.profileIds.length > 0) {
    w.clauses.push(`e.profile_id IN (${w.list(picks.profileIds)})`);
  }
  if (except !== 'types' && picks.types !== undefined && picks.types.length > 0) {
    w.clauses.push(`e.type IN (${w.list(picks.types)})`);
  }
  if (except !== 'sources' && picks.sources !== undefined && picks.sources.length > 0) {
    w.clauses.push(`e.source IN (${w.list(picks.sources)})`);
  }
  if (except !== 'batches' && picks.batchId !== undefined)
    w.clauses.push(`e.batch_id = ${w.bind(picks.batchId)}`);
  if (picks.from !== undefined)
    w.clauses.push(`e.created_at >= ${w.bind(new Date(picks.from).toISOString())}`);
  if (picks.to !== undefined) w.clauses.push(`e.created_at < ${w.bind(new Date(picks.to).toISOString())}`);
  if (except !== 'ratings' && picks.minRating !== undefined) {
    w.clauses.push(`e.rating >= ${w.bind(picks.minRating)}`);
  }
  if (except !== 'tags') {
    for (const tag of picks.tags ?? []) {
      w.clauses.push(
        `EXISTS (SELECT 1 FROM library_tags t WHERE t.entry_id = e.entry_id AND t.tag = ${w.bind(tag)})`,
      );
    }
  }
  if (picks.kept !== undefined)
    w.clauses.push(picks.kept ? "e.keep_state = 'kept'" : "e.keep_state <> 'kept'");
  const others = w.clauses.length - (match === null ? 0 : 1);
  const rejected = picks.rejected ?? 'hide';
  if (rejected === 'hide') w.clauses.push('e.rejected = 0');
  if (rejected === 'only') w.clauses.push('e.rejected = 1');
  return {
    sql: w.clauses.length === 0 ? '1' : w.clauses.join(' AND '),
    params: w.params,
    fts: match !== null,
    ...(match === null ? {} : { match, besidesMatch: w.clauses.slice(1).join(' AND ') || '1' }),
    ...(others === 0 ? { onlyRejected: rejected } : {}),
  };
}
