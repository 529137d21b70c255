// The facet counts folded out of one grouped read: each combination of the facet columns with how many entries
// have it (store/librarySearchTable.ts reads them from library_counts or groups the search's matches once). Each
// facet counts the combinations that pass every pick but its own, so five facets and the kept and expiring counts
// cost one pass over the entries instead of seven. The orders and limits are the ones the SQL per facet had.
import type { FacetCombo, FacetRow } from '../store/librarySearchTable';
import type { FacetPicks } from './searchWhere';

export interface FoldedFacets {
  types: FacetRow[];
  profiles: FacetRow[];
  batches: FacetRow[];
  ratings: FacetRow[];
  kept: number;
  /** How many entries pass every pick: the search's own count. */
  total: number;
  /** Null when the combinations do not say (read from library_counts, which has no time in it). */
  expiringSoon: number | null;
}

type Own = 'types' | 'profiles' | 'batches' | 'ratings' | 'none';

/** SQLite's BINARY order (UTF-8 bytes), which is what `ORDER BY value` gave; JS's < compares UTF-16 units. */
function binary(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function passes(combo: FacetCombo, picks: FacetPicks, own: Own): boolean {
  const types = picks.types ?? [];
  const profiles = picks.profileIds ?? [];
  if (own !== 'types' && types.length > 0 && !types.includes(combo.type)) return false;
  if (own !== 'profiles' && profiles.length > 0 && !profiles.includes(combo.profileId)) return false;
  if (own !== 'batches' && picks.batchId !== undefined && combo.batchId !== picks.batchId) return false;
  if (own !== 'ratings' && picks.minRating !== undefined && combo.rating < picks.minRating) return false;
  if (picks.kept !== undefined && combo.kept !== picks.kept) return false;
  const rejected = picks.rejected ?? 'hide';
  if (rejected === 'hide' && combo.rejected) return false;
  if (rejected === 'only' && !combo.rejected) return false;
  return true;
}

function tally(
  combos: readonly FacetCombo[],
  picks: FacetPicks,
  own: Own,
  keyOf: (combo: FacetCombo) => { value: string; label: string } | null,
): Map<string, FacetRow> {
  const rows = new Map<string, FacetRow>();
  for (const combo of combos) {
    if (!passes(combo, picks, own)) continue;
    const key = keyOf(combo);
    if (key === null) continue;
    const row = rows.get(key.value);
    if (row === undefined) rows.set(key.value, { ...key, count: combo.n });
    else row.count += combo.n;
  }
  return rows;
}

/** Most first, then by value; at most `limit`. */
function mostFirst(rows: Map<string, FacetRow>, limit: number): FacetRow[] {
  return [...rows.values()].sort((a, b) => b.count - a.count || binary(a.value, b.value)).slice(0, limit);
}

export function foldFacets(combos: readonly FacetCombo[], picks: FacetPicks): FoldedFacets {
  let kept = 0;
  let total = 0;
  let expiring = 0;
  let knowsExpiring = true;
  for (const combo of combos) {
    if (!passes(combo, picks, 'none')) continue;
    total += combo.n;
    if (combo.kept) kept += combo.n;
    if (combo.expiring === null) knowsExpiring = false;
    else if (combo.expiring) expiring += combo.n;
  }
  const ratings = tally(combos, picks, 'ratings', (c) => ({
    value: String(c.rating),
    label: String(c.rating),
  }));
  return {
    types: mostFirst(
      tally(combos, picks, 'types', (c) => ({ value: c.type, label: c.type })),
      50,
    ),
    profiles: mostFirst(
      tally(combos, picks, 'profiles', (c) => ({ value: c.profileId, label: c.profileName ?? c.profileId })),
      100,
    ),
    batches: mostFirst(
      tally(combos, picks, 'batches', (c) =>
        c.batchId === null ? null : { value: c.batchId, label: c.batchName ?? c.batchId },
      ),
      50,
    ),
    ratings: [...ratings.values()].sort((a, b) => Number(b.value) - Number(a.value)),
    kept,
    total,
    expiringSoon: knowsExpiring ? expiring : null,
  };
}

/**
 * The sources facet of a search that picks no source, from the entries not from jobs (grouped by source) and how
 * many the search finds in all (`total`, the fold's): the rest are from jobs. Ordered as the facet's own query.
 */
export function sourcesWithJobs(others: readonly FacetRow[], total: number): FacetRow[] {
  const rows = new Map(others.map((row) => [row.value, row]));
  const jobs = total - others.reduce((sum, row) => sum + row.count, 0);
  if (jobs > 0) rows.set('job', { value: 'job', label: 'job', count: jobs });
  return mostFirst(rows, rows.size);
}
