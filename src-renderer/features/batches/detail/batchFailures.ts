// A batch's failures grouped by error (batches.failures), and Retry failed for one group or all of them.
// The groups are read from Loupe's record, so a read is cheap: they are read again with every read of the
// batch (its items may have failed or been retried since), and not at all while no item can be a failure.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BatchCounts, BatchFailureGroup } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { batchKeys } from '../../../queries/batchKeys';
import { keepSending } from './batchSending';

export const failuresKey = (profileId: string, batchId: string) =>
  [...batchKeys.batch(profileId, batchId), 'failures'] as const;

/** The code of the group of submissions the service refused. */
export const NOT_SENT = 'not_sent';

/** Whether any item can be in a failure group: a failed or expired job, or a refused submission. */
export function mayHaveFailures(counts: BatchCounts): boolean {
  return (counts.jobs.failed ?? 0) + (counts.jobs.expired ?? 0) + counts.submitFailed > 0;
}

/**
 * The groups, read again whenever the batch was read after them. `batchReadAt` is the batch query's
 * dataUpdatedAt: every read of it (jobs.updates, the slow poll, a retry) moves it.
 */
export function useBatchFailures(
  profileId: string,
  batchId: string,
  counts: BatchCounts,
  batchReadAt: number,
) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const enabled = mayHaveFailures(counts);
  const query = useQuery({
    queryKey: failuresKey(profileId, batchId),
    queryFn: async (): Promise<BatchFailureGroup[]> =>
      (await unwrap(loupe.batches.failures({ profileId, batchId }))).groups,
    enabled,
  });
  const groupsReadAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!enabled || groupsReadAt === 0 || groupsReadAt >= batchReadAt) return;
    void client.invalidateQueries(
      { queryKey: failuresKey(profileId, batchId), exact: true },
      { cancelRefetch: false },
    );
  }, [enabled, groupsReadAt, batchReadAt, client, profileId, batchId]);
  return { query, enabled };
}

/** Sends failed items again (one code's, or all) and resumes sending; the batch and its groups are read again. */
export function useRetryFailed(profileId: string, batchId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string | null) =>
      unwrap(
        loupe.batches.retryFailed(code === null ? { profileId, batchId } : { profileId, batchId, code }),
      ),
    onSuccess: ({ sending }) => {
      keepSending(client, profileId, sending);
      // The batch, its groups (the answer kept above is never fetched, so this leaves it be), and the list.
      void client.invalidateQueries({ queryKey: batchKeys.batch(profileId, batchId) });
      void client.invalidateQueries({ queryKey: batchKeys.list(profileId), exact: true });
    },
  });
}
