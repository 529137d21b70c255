// Query options for jobs: one job, its log, its workflow, and the paged list.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import { isTerminalJobStatus } from '../../src-shared/jobStatus';
import {
  type JobListArgs,
  type JobListPage,
  type JobLogResult,
  type JobSnapshot,
} from '../../src-shared/contract';
import { unwrap } from '../lib/callError';
import { newerSnapshot, patchListRows, summaryOf } from './jobCache';
import { jobKeys, type JobListData } from './jobKeys';

export const JOB_LIST_PAGE_SIZE = 200;

/** Tolerant: a status this build does not know (a newer host) is not terminal. */
export const isTerminalStatus = isTerminalJobStatus;

/**
 * Nothing more will come of the job: it ended, or the service said it no longer knows it (contract `goneAt`).
 * Neither is polled, watched or shown as progressing.
 */
export function hasSettled(job: { status: string; goneAt?: string | null | undefined } | undefined): boolean {
  return job !== undefined && (isTerminalJobStatus(job.status) || isGone(job));
}

/** The service said it no longer knows the job (contract `goneAt`): it reads Gone, with Retry at hand. */
export function isGone(job: { goneAt?: string | null | undefined }): boolean {
  return job.goneAt != null;
}

/** One job, read with jobs.get. A poll answer older than what an event already brought is not taken. */
export const jobQuery = (loupe: LoupeApi, profileId: string, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.job(profileId, jobId),
    queryFn: async ({ client, queryKey }): Promise<JobSnapshot> => {
      const fresh = await unwrap(loupe.jobs.get({ profileId, jobId }));
      const kept = newerSnapshot(client.getQueryData<JobSnapshot>(queryKey), fresh);
      if (kept === fresh) patchListRows(client, profileId, [summaryOf(fresh)]);
      return kept;
    },
  });

/** An unfinished answer ("not yet", or a partial log) is read again whenever the tab opens. */
function logIsFinal(result: JobLogResult | undefined): boolean {
  if (!result) return false;
  return result.state === 'available' ? result.complete : result.reason !== 'not-yet';
}

export const jobLogsQuery = (loupe: LoupeApi, profileId: string, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.logs(profileId, jobId),
    queryFn: () => unwrap(loupe.jobs.logs({ profileId, jobId })),
    staleTime: (query) => (logIsFinal(query.state.data) ? Infinity : 0),
  });

export const jobWorkflowQuery = (loupe: LoupeApi, profileId: string, jobId: string) =>
  queryOptions({
    queryKey: jobKeys.workflow(profileId, jobId),
    queryFn: () => unwrap(loupe.jobs.workflow({ profileId, jobId })),
    staleTime: Infinity,
  });

export const jobListQuery = (loupe: LoupeApi, profileId: string, args: JobListArgs) =>
  infiniteQueryOptions({
    queryKey: jobKeys.list(profileId, args),
    queryFn: ({ pageParam }) =>
      unwrap(loupe.jobs.list({ ...args, profileId, limit: JOB_LIST_PAGE_SIZE, cursor: pageParam })),
    initialPageParam: null as string | null,
    getNextPageParam: (last: JobListPage) => last.nextCursor,
    // Rows stay fresh through jobs.updates; a refetch would re-read every loaded page.
    staleTime: 30_000,
  });

/**
 * The list's first page from Loupe's memory alone (jobs.list with rememberedOnly), as list data with no next
 * page: drawn at start while the host asks the service, which can take seconds when the service is slow or
 * down. Undefined when memory holds nothing, so an empty memory never flashes "No jobs yet".
 */
export const rememberedListQuery = (loupe: LoupeApi, profileId: string, args: JobListArgs) =>
  queryOptions({
    queryKey: jobKeys.remembered(profileId, args),
    queryFn: async (): Promise<JobListData | null> => {
      const page = await unwrap(
        loupe.jobs.list({
          ...args,
          profileId,
          limit: JOB_LIST_PAGE_SIZE,
          rememberedOnly: true,
          cursor: null,
        }),
      );
      if (page.jobs.length === 0) return null;
      return { pages: [{ ...page, nextCursor: null }], pageParams: [null] };
    },
    // Only ever a stand-in for a moment: read afresh the next time one is needed.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
