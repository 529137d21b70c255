// What a filtered job list can show before the host answers: the rows the unfiltered list already holds that
// match the new filters (the host's own rules, jobListMatch.ts), newest first. A search or a status chip
// over 100,000 loaded jobs is then drawn at once; the host's answer replaces it moments later (rule 4: the
// host's list is the truth) and brings the pages beyond.
import type { QueryClient } from '@tanstack/react-query';
import type { JobListArgs, JobSummary } from '../../src-shared/contract';
import { rowMatchesArgs } from './jobListMatch';
import { jobKeys, type JobListData } from './jobKeys';

/** True when the arguments narrow the list (any filter set); the unfiltered list has nothing to narrow. */
function narrows(args: JobListArgs): boolean {
  return (
    (args.statuses?.length ?? 0) > 0 ||
    Object.keys(args.labels ?? {}).length > 0 ||
    args.createdAfter !== undefined ||
    args.createdBefore !== undefined ||
    (args.search?.trim() ?? '') !== ''
  );
}

/**
 * At most one page (`limit`) of the unfiltered list's loaded rows that match `args`, as a one-page list with
 * no next page; undefined when there is nothing loaded to narrow. No match is an answer only when the whole
 * list is loaded: otherwise a match may be further down, and the list waits for the host instead.
 */
export function narrowedFromLoaded(
  client: QueryClient,
  profileId: string,
  args: JobListArgs,
  limit: number,
): JobListData | undefined {
  if (!narrows(args)) return undefined;
  const whole = client.getQueryData<JobListData>(jobKeys.list(profileId, {}));
  const first = whole?.pages[0];
  if (whole === undefined || first === undefined) return undefined;
  const jobs: JobSummary[] = [];
  const seen = new Set<string>();
  scan: for (const page of whole.pages) {
    for (const row of page.jobs) {
      if (jobs.length >= limit) break scan;
      if (seen.has(row.id) || !rowMatchesArgs(args, row)) continue;
      seen.add(row.id);
      jobs.push(row);
    }
  }
  const complete = whole.pages.at(-1)?.nextCursor === null;
  if (jobs.length === 0 && !complete) return undefined;
  return {
    pages: [{ jobs, nextCursor: null, source: first.source, notice: first.notice }],
    pageParams: [null],
  };
}
