// A job's outputs for its gallery: the first page comes with the job's snapshot (kept live), the rest a page
// at a time from jobs.outputs, only once someone scrolls to them or asks (issue 19: a job of 10,000 outputs
// drawn whole froze the window, and a snapshot carrying them all travelled on every progress tick).
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import {
  SNAPSHOT_OUTPUTS,
  type JobOutput,
  type JobOutputsPage,
  type JobSnapshot,
} from '../../../../../src-shared/contract';
import { unwrap } from '../../../../lib/callError';
import { useLoupe } from '../../../../lib/loupeContext';
import { jobKeys } from '../../../../queries/jobKeys';
import { isTerminalStatus } from '../../../../queries/jobQueries';

/** Outputs asked for at a time past the first page. */
export const OUTPUT_PAGE = 200;

export interface JobOutputsView {
  /** The outputs loaded so far, in the job's order. */
  outputs: readonly JobOutput[];
  /** How many the job has in all. */
  total: number;
  hasMore: boolean;
  /** A page is on its way. */
  loading: boolean;
  error: Error | null;
  /** Asks for the next page (once the first is in, each call adds one). */
  loadMore: () => void;
  /** Every output, loading whatever is not loaded yet ("download all"). */
  loadAll: () => Promise<readonly JobOutput[]>;
}

export function useJobOutputs(job: JobSnapshot): JobOutputsView {
  const loupe = useLoupe();
  const client = useQueryClient();
  // UI state: whether anyone asked for more than the first page of this job.
  const [wanted, setWanted] = useState<string | null>(null);
  const beyondFirstPage = job.outputsCount > job.outputs.length && job.outputs.length >= SNAPSHOT_OUTPUTS;
  const query = useInfiniteQuery({
    queryKey: jobKeys.outputPages(job.profileId, job.id),
    queryFn: ({ pageParam }): Promise<JobOutputsPage> =>
      unwrap(
        loupe.jobs.outputs({
          profileId: job.profileId,
          jobId: job.id,
          offset: pageParam,
          limit: OUTPUT_PAGE,
        }),
      ),
    initialPageParam: SNAPSHOT_OUTPUTS,
    // The job's own count, not only the last page's: a running job writes more after a page was read.
    getNextPageParam: (last, _pages, lastParam) => {
      const next = lastParam + last.outputs.length;
      return last.outputs.length > 0 && next < Math.max(last.total, job.outputsCount) ? next : undefined;
    },
    enabled: wanted === job.id && beyondFirstPage,
    staleTime: Number.POSITIVE_INFINITY,
  });

  // Outputs past the first page that changed while it ran (hashes filled in) are read again when it ends.
  const terminal = isTerminalStatus(job.status);
  useEffect(() => {
    if (terminal) void client.invalidateQueries({ queryKey: jobKeys.outputPages(job.profileId, job.id) });
  }, [client, terminal, job.profileId, job.id]);

  const later = beyondFirstPage ? (query.data?.pages.flatMap((page) => page.outputs) ?? []) : [];
  const outputs = later.length === 0 ? job.outputs : [...job.outputs, ...later];
  const { hasNextPage, isFetching, fetchNextPage, refetch } = query;
  const started = query.data !== undefined;
  const loadMore = useCallback(() => {
    if (wanted !== job.id) setWanted(job.id);
    else if (isFetching) return;
    // The first page failed: read it again. A later one: the next page is the one that failed.
    else if (!started) void refetch();
    else if (hasNextPage) void fetchNextPage();
  }, [wanted, job.id, hasNextPage, isFetching, started, fetchNextPage, refetch]);

  // For an action on every output ("download all"), not for drawing: read as one run, page after page.
  const loadAll = useCallback(async (): Promise<readonly JobOutput[]> => {
    const all = [...job.outputs];
    if (!beyondFirstPage) return all;
    for (;;) {
      const page = await unwrap(
        loupe.jobs.outputs({
          profileId: job.profileId,
          jobId: job.id,
          offset: all.length,
          limit: OUTPUT_PAGE,
        }),
      );
      all.push(...page.outputs);
      if (page.outputs.length === 0 || all.length >= page.total) return all;
    }
  }, [loupe, beyondFirstPage, job.profileId, job.id, job.outputs]);

  return {
    outputs,
    total: Math.max(job.outputsCount, outputs.length),
    hasMore: beyondFirstPage && outputs.length < job.outputsCount,
    loading: isFetching,
    error: query.error,
    loadMore,
    loadAll,
  };
}
