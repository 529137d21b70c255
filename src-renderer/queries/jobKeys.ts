// Query keys for jobs. Everything for a profile sits under ['jobs', profileId], so switching profiles can
// never show another profile's rows. A list key carries '#list' (or '#remembered'), which no job id can contain.
import type { InfiniteData } from '@tanstack/react-query';
import type { JobListArgs, JobListPage } from '../../src-shared/contract';

const LIST_MARK = '#list';
const REMEMBERED_MARK = '#remembered';

export const jobKeys = {
  profile: (profileId: string) => ['jobs', profileId] as const,
  job: (profileId: string, jobId: string) => ['jobs', profileId, jobId] as const,
  logs: (profileId: string, jobId: string) => ['jobs', profileId, jobId, 'logs'] as const,
  workflow: (profileId: string, jobId: string) => ['jobs', profileId, jobId, 'workflow'] as const,
  /** The job's outputs past the snapshot's first page, a page at a time (jobs.outputs). */
  outputPages: (profileId: string, jobId: string) => ['jobs', profileId, jobId, 'outputs'] as const,
  lists: (profileId: string) => ['jobs', profileId, LIST_MARK] as const,
  list: (profileId: string, args: JobListArgs) => ['jobs', profileId, LIST_MARK, args] as const,
  /** The first page from Loupe's memory alone: outside `lists`, so live updates and refetches pass it by. */
  remembered: (profileId: string, args: JobListArgs) => ['jobs', profileId, REMEMBERED_MARK, args] as const,
};

export type JobListData = InfiniteData<JobListPage, string | null>;
