import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { JobSnapshot, JobSummary, StreamEvent } from '../../src-shared/contract';
import { useLoupe } from '../lib/loupeContext';
import { insertListRows, isOlder, patchListRows } from '../queries/jobCache';
import { jobKeys } from '../queries/jobKeys';
import { createFrameQueue, newestById } from './frameQueue';
import { profileNameOf } from '../features/work/workQueries';
import { jobFinishNotices } from './jobFinishNotices';
import { publishJobRows } from './jobRowFeed';
import { useHostStream, type HostStream } from './useHostStream';

/** Rows from the watcher: patch the lists, add new jobs on top, and re-read open details whose state moved. */
export function applyRowUpdates(client: QueryClient, profileId: string, rows: JobSummary[]): void {
  const seen = patchListRows(client, profileId, rows);
  insertListRows(
    client,
    profileId,
    rows.filter((row) => !seen.has(row.id)),
  );
  for (const row of rows) {
    const key = jobKeys.job(profileId, row.id);
    const held = client.getQueryData<JobSnapshot>(key);
    // A row carries less than a snapshot: when the state moved on, read the whole job again.
    if (held && held.status !== row.status && !isOlder(row, held)) {
      void client.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    }
  }
}

/**
 * One `jobs.updates` subscription for the active profile while the host is connected: live status chips and
 * progress bars in every list, the finish notices, and the rows other screens hear (jobRowFeed.ts). Mounted once, in App, so notices arrive on any screen.
 */
export function useJobUpdates(forProfile?: string): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const start = useCallback(
    (profileId: string): HostStream<StreamEvent<'jobs.updates'>> => {
      // At most one batch of rows per frame (frameQueue.ts): events that arrive together patch the lists once.
      const rows = createFrameQueue<JobSummary[]>((batches) => {
        const all = batches.flat();
        // Every state in order, so a job seen running and then failing within one frame still tells.
        jobFinishNotices.observe(all, { profileId, name: profileNameOf(client, profileId) });
        const jobs = newestById(all);
        applyRowUpdates(client, profileId, jobs);
        publishJobRows(profileId, jobs);
      });
      return {
        subscribe: (handlers) => loupe.jobs.updates({ profileId }, handlers),
        onEvent: ({ jobs }) => rows.push(jobs),
        close: () => rows.cancel(),
      };
    },
    [loupe, client],
  );
  useHostStream(start, true, forProfile);
}
