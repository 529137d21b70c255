import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { JobSummary } from '../../../../src-shared/contract';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { useLoupe } from '../../../lib/loupeContext';
import { jobListQuery } from '../../../queries/jobQueries';
import { useJobsUi } from '../jobsUiStore';
import { listArgsFor } from './listArgs';

/** The job list for the current filters: every loaded page as one array of rows, newest first. */
export function useJobList() {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const filters = useJobsUi((state) => state.filters);
  const args = useMemo(() => listArgsFor(filters), [filters]);
  const query = useInfiniteQuery({
    ...jobListQuery(loupe, profileId ?? '', args),
    enabled: profileId !== null,
  });
  const rows = useMemo(() => {
    const seen = new Set<string>();
    const all: JobSummary[] = [];
    // A page boundary that moved while paging could repeat a row: keep the first.
    for (const page of query.data?.pages ?? []) {
      for (const row of page.jobs) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        all.push(row);
      }
    }
    return all;
  }, [query.data]);
  const first = query.data?.pages[0];
  return { query, rows, notice: first?.notice ?? null, source: first?.source ?? null };
}

export type JobList = ReturnType<typeof useJobList>;
