// The loaded pages as one list of rows, each job once (a page boundary that moved while paging can repeat a
// row: the first stays). With 100,000 rows loaded, building that list afresh costs ~10 ms, and it changed on
// every page and on every live update, so each change reuses what it can of the last one: pages added at the
// end are appended, and a page patched in place (the same jobs, some newer) is written over its own rows.
// Anything else (a job added on top, a refetch) builds it afresh.
import type { JobListPage, JobSummary } from '../../../../src-shared/contract';

export interface FlatRows {
  readonly pages: readonly JobListPage[];
  readonly rows: readonly JobSummary[];
  /**
   * Each job's page, by index: the page whose row was kept. A later page meeting the id repeats it. Appends
   * add to it in place; an entry at or after the appended page's index is one a repeated render of that same
   * append wrote, so it is not a repeat. Earlier entries never go stale: a change there builds afresh.
   */
  readonly pageOf: Map<string, number>;
  /** Where each page's rows start in `rows`, and whether every one of them was kept (none repeated). */
  readonly starts: readonly number[];
  readonly whole: readonly boolean[];
}

function sameJobs(a: JobListPage, b: JobListPage): boolean {
  if (a.jobs.length !== b.jobs.length) return false;
  for (let index = 0; index < a.jobs.length; index++) {
    if (a.jobs[index]?.id !== b.jobs[index]?.id) return false;
  }
  return true;
}

function appendPages(
  pages: readonly JobListPage[],
  from: number,
  rows: JobSummary[],
  pageOf: Map<string, number>,
  starts: number[],
  whole: boolean[],
): void {
  for (let index = from; index < pages.length; index++) {
    starts.push(rows.length);
    let kept = true;
    for (const row of pages[index]?.jobs ?? []) {
      const owner = pageOf.get(row.id);
      if (owner !== undefined && owner < index) {
        kept = false;
        continue;
      }
      pageOf.set(row.id, index);
      rows.push(row);
    }
    whole.push(kept);
  }
}

function fresh(pages: readonly JobListPage[]): FlatRows {
  const rows: JobSummary[] = [];
  const pageOf = new Map<string, number>();
  const starts: number[] = [];
  const whole: boolean[] = [];
  appendPages(pages, 0, rows, pageOf, starts, whole);
  return { pages, rows, pageOf, starts, whole };
}

export function flattenPages(pages: readonly JobListPage[], last: FlatRows | null): FlatRows {
  if (last === null) return fresh(pages);
  if (last.pages === pages) return last;
  if (pages.length < last.pages.length) return fresh(pages);
  const patched: number[] = [];
  for (let index = 0; index < last.pages.length; index++) {
    const before = last.pages[index];
    const now = pages[index];
    if (before === now) continue;
    if (before === undefined || now === undefined || !last.whole[index] || !sameJobs(before, now)) {
      return fresh(pages);
    }
    patched.push(index);
  }
  // A copy: the last list may still be on screen.
  const rows = last.rows.slice();
  for (const index of patched) {
    const start = last.starts[index] ?? 0;
    (pages[index]?.jobs ?? []).forEach((row, offset) => {
      rows[start + offset] = row;
    });
  }
  const starts = [...last.starts];
  const whole = [...last.whole];
  appendPages(pages, last.pages.length, rows, last.pageOf, starts, whole);
  return { pages, rows, pageOf: last.pageOf, starts, whole };
}
