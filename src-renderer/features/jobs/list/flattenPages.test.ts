import { describe, expect, it } from 'vitest';
import type { JobListPage, JobSummary } from '../../../../src-shared/contract';
import { jobSummary } from '../../../test/fakeJobsHost';
import { flattenPages, type FlatRows } from './flattenPages';

const page = (ids: string[], status: JobSummary['status'] = 'succeeded'): JobListPage => ({
  jobs: ids.map((id) => jobSummary({ id, status })),
  nextCursor: null,
  source: 'service',
  notice: null,
});

/** The rows as the plain definition has them: every page's rows in order, the first of each id kept. */
function naive(pages: readonly JobListPage[]): string[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.jobs.map((row) => row.id)).filter((id) => !seen.has(id) && seen.add(id));
}

const ids = (flat: FlatRows) => flat.rows.map((row) => row.id);

describe('flattenPages', () => {
  it('appends new pages to what it had, keeping the first of a repeated job', () => {
    const one = [page(['a', 'b', 'c'])];
    const first = flattenPages(one, null);
    const two = [...one, page(['c', 'd'])];
    const second = flattenPages(two, first);
    expect(ids(second)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(first)).toEqual(['a', 'b', 'c']);
    // Asked again with the same pages (a render repeated), the same answer.
    expect(ids(flattenPages(two, first))).toEqual(['a', 'b', 'c', 'd']);
    expect(flattenPages(two, second)).toBe(second);
  });

  it('writes a page patched in place over its own rows, and leaves the others as they were', () => {
    const pages = [page(['a', 'b']), page(['c', 'd'])];
    const before = flattenPages(pages, null);
    const patched = [pages[0]!, page(['c', 'd'], 'failed')];
    const after = flattenPages(patched, before);
    expect(after.rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'failed', 'failed']);
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(before.rows[2]?.status).toBe('succeeded');
  });

  it('builds afresh for anything else, and always agrees with the plain definition', () => {
    let flat: FlatRows | null = null;
    let pages: JobListPage[] = [];
    const steps: JobListPage[][] = [
      [page(['a', 'b'])],
      [page(['a', 'b']), page(['b', 'c'])],
      [page(['new', 'a', 'b']), page(['b', 'c'])],
      [page(['new', 'a', 'b']), page(['b', 'c']), page(['d', 'a', 'e'])],
      [page(['x'])],
    ];
    for (const step of steps) {
      // Keep unchanged pages' identity, as React Query's structural sharing does.
      pages = step.map((next, index) => {
        const held = pages[index];
        return held !== undefined && naive([held]).join() === naive([next]).join() ? held : next;
      });
      flat = flattenPages(pages, flat);
      expect(ids(flat)).toEqual(naive(pages));
    }
  });
});
