// One page of the service's own listing for the job list: v2 with its cursor and label filters, or the
// managed service's v1 list by offset, with the status filter sent along when v1 can express it exactly.
import type { JobStatus } from '../../../src-shared/contracts/jobs';
import type { ListCursor } from './listCursor';
import type { ListFilters } from './listFilters';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import type { WireJob } from '../jobSources/wireJob';

export interface ServicePage {
  mode: 'v2' | 'v1';
  rows: WireJob[];
  /** v2: the next page's cursor. */
  nextCursor: string | null;
  /** v1: rows this page advanced the offset by. */
  consumed: number;
  hasMore: boolean;
}

/** The v1 list's status words (its contract's JobEntry enum) for each contract status it can name. */
const v1ListStatus: Partial<Record<JobStatus, string>> = {
  queued: 'pending',
  running: 'in_progress',
  canceling: 'in_progress',
  succeeded: 'completed',
  failed: 'failed',
  expired: 'failed',
  canceled: 'cancelled',
};

/** The v1 status filter for these statuses, or undefined when one of them has no v1 word (then filter here). */
function v1StatusFilter(statuses: ReadonlySet<JobStatus> | null): string[] | undefined {
  if (statuses === null) return undefined;
  const words = new Set<string>();
  for (const status of statuses) {
    const word = v1ListStatus[status];
    if (word === undefined) return undefined;
    words.add(word);
  }
  return [...words];
}

export async function pageFromService(
  api: ServiceJobs,
  cursor: ListCursor,
  filters: ListFilters,
  limit: number,
): Promise<ServicePage> {
  if (cursor.source === 'v1') {
    const status = v1StatusFilter(filters.statuses);
    const page = await api.listV1({
      limit: Math.min(limit, 1000),
      offset: cursor.v1Offset,
      sortBy: 'create_time',
      sortOrder: 'desc',
      ...(status === undefined ? {} : { status }),
    });
    return {
      mode: 'v1',
      rows: page.jobs,
      nextCursor: null,
      consumed: page.jobs.length,
      hasMore: page.hasMore,
    };
  }
  const labels = filters.labels;
  const page = await api.listV2({
    limit,
    ...(cursor.serviceCursor === null ? {} : { cursor: cursor.serviceCursor }),
    ...(Object.keys(labels).length === 0 ? {} : { metadata: { ...labels } }),
  });
  return {
    mode: 'v2',
    rows: page.jobs,
    nextCursor: page.nextCursor,
    consumed: 0,
    hasMore: page.nextCursor !== null,
  };
}
