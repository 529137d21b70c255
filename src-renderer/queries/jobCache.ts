// Writes into the jobs cache from events and command answers. React Query owns this data (rule 8); these
// helpers only decide what wins: a snapshot older than the one held never replaces it (rule 4: an event
// never overrules a newer poll, and a late poll never undoes a newer event).
import type { QueryClient } from '@tanstack/react-query';
import {
  summaryOfSnapshot,
  type JobListArgs,
  type JobListPage,
  type JobSnapshot,
  type JobSummary,
} from '../../src-shared/contract';
import { rowMatchesArgs } from './jobListMatch';
import { jobKeys, type JobListData } from './jobKeys';

function observedMs(value: { observedAt: string }): number {
  const ms = Date.parse(value.observedAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/** True when `incoming` was observed before `current`: it must not replace it. */
export function isOlder(incoming: { observedAt: string }, current: { observedAt: string }): boolean {
  return observedMs(incoming) < observedMs(current);
}

export function newerSnapshot(current: JobSnapshot | undefined, incoming: JobSnapshot): JobSnapshot {
  if (!current || current.id !== incoming.id) return incoming;
  return isOlder(incoming, current) ? current : incoming;
}

/** The list row for a snapshot, so a detail view and the list never disagree (the contract's own). */
export const summaryOf = summaryOfSnapshot;

/**
 * Each page's rows by id, made once per page object. A live update looks its job up page by page instead of
 * scanning every row: with 100,000 rows loaded that is 500 lookups, not 100,000. A page that is patched is
 * a new object and gets its own index when next needed; pages left alone keep theirs.
 */
const rowIndexes = new WeakMap<JobListPage, ReadonlyMap<string, number>>();

function rowIndexOf(page: JobListPage): ReadonlyMap<string, number> {
  let index = rowIndexes.get(page);
  if (index === undefined) {
    const built = new Map<string, number>();
    page.jobs.forEach((row, position) => {
      if (!built.has(row.id)) built.set(row.id, position);
    });
    rowIndexes.set(page, built);
    index = built;
  }
  return index;
}

/** Replaces rows already in any of the profile's lists, unless the row held is newer. Returns the ids seen. */
export function patchListRows(client: QueryClient, profileId: string, rows: JobSummary[]): Set<string> {
  const seen = new Set<string>();
  if (rows.length === 0) return seen;
  client.setQueriesData<JobListData>({ queryKey: jobKeys.lists(profileId) }, (data) => {
    if (!data) return data;
    let changedPages = 0;
    const pages = data.pages.map((page) => {
      const index = rowIndexOf(page);
      let jobs: JobSummary[] | null = null;
      for (const next of rows) {
        const position = index.get(next.id);
        if (position === undefined) continue;
        seen.add(next.id);
        const held = page.jobs[position];
        if (held === undefined || next === held) continue;
        const patched = isOlder(next, held) ? namedBy(held, next) : withNameOf(held, next);
        if (patched === held) continue;
        jobs ??= [...page.jobs];
        jobs[position] = patched;
      }
      if (jobs === null) return page;
      changedPages += 1;
      return { ...page, jobs };
    });
    return changedPages > 0 ? { ...data, pages } : data;
  });
  return seen;
}

/**
 * A snapshot's row carries no title, no item values and no word of the library (only main's rows are named by
 * what the job made and which item it ran, and say whether the library holds it): the row keeps what it had.
 */
function withNameOf(held: JobSummary, next: JobSummary): JobSummary {
  const title = next.title === undefined && held.title != null ? { title: held.title } : {};
  const values =
    next.itemValues === undefined && held.itemValues != null ? { itemValues: held.itemValues } : {};
  const library =
    next.inLibrary === undefined && held.inLibrary !== undefined ? { inLibrary: held.inLibrary } : {};
  return { ...next, ...title, ...values, ...library };
}

/**
 * An older row never undoes a newer one's state, but it may bring the name the held row lacks: main names a
 * row from Loupe's record once the job's outputs are in the library, and that record can be older than a list
 * page read since. The held row, with the name.
 */
function namedBy(held: JobSummary, older: JobSummary): JobSummary {
  const named = older.title != null && held.title == null;
  // Once the library holds a job it keeps it: an older row's word that it does stands.
  const libraryHolds = older.inLibrary === true && held.inLibrary !== true;
  if (!named && !libraryHolds) return held;
  return {
    ...held,
    ...(named ? { title: older.title } : {}),
    ...(named && older.itemValues != null ? { itemValues: older.itemValues } : {}),
    ...(libraryHolds ? { inLibrary: true } : {}),
  };
}

function createdMs(row: JobSummary): number {
  const ms = row.createdAt === null ? NaN : Date.parse(row.createdAt);
  return Number.isNaN(ms) ? -Infinity : ms;
}

/**
 * Puts new jobs (submitted, retried, or first seen by the watcher) at the top of every loaded list they
 * belong in. A job older than a list's newest row belongs further down, where the next refetch puts it.
 */
export function insertListRows(client: QueryClient, profileId: string, rows: JobSummary[]): void {
  if (rows.length === 0) return;
  for (const [key, data] of client.getQueriesData<JobListData>({ queryKey: jobKeys.lists(profileId) })) {
    const first = data?.pages[0];
    if (!data || !first) continue;
    const args = (key[3] ?? {}) as JobListArgs;
    const present = (id: string): boolean => data.pages.some((page) => rowIndexOf(page).has(id));
    const newest = first.jobs[0];
    const fresh = rows.filter(
      (row) =>
        !present(row.id) &&
        rowMatchesArgs(args, row) &&
        (newest === undefined || createdMs(row) >= createdMs(newest)),
    );
    if (fresh.length === 0) continue;
    fresh.sort((a, b) => createdMs(b) - createdMs(a));
    client.setQueryData<JobListData>(key, {
      ...data,
      pages: [{ ...first, jobs: [...fresh, ...first.jobs] }, ...data.pages.slice(1)],
    });
  }
}

/** A snapshot from an event or a command: into the job's entry (unless older) and into the list rows. */
export function writeSnapshot(client: QueryClient, profileId: string, job: JobSnapshot): JobSnapshot {
  const key = jobKeys.job(profileId, job.id);
  const kept = newerSnapshot(client.getQueryData<JobSnapshot>(key), job);
  if (kept !== job) return kept;
  client.setQueryData(key, job);
  const row = summaryOf(job);
  const seen = patchListRows(client, profileId, [row]);
  if (!seen.has(job.id)) insertListRows(client, profileId, [row]);
  return job;
}
