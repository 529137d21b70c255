// The service computes an output's hash a little after it writes the bytes, so a batch can finish with
// outputs whose hash is still null. Nothing reads a finished job again on its own, so this does, like the
// job detail's outputs tab (usePendingHashes): the jobs with a missing hash are read (which records what the
// service says now), then the batch, a few times further apart, until every hash is there or it gives up.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { batchKeys } from '../../../queries/batchKeys';
import { PENDING_HASH_DELAYS_MS } from '../../jobs/detail/outputs/usePendingHashes';

export function usePendingBatchHashes(
  batch: BatchDetail,
  profileId: string,
  delaysMs: readonly number[] = PENDING_HASH_DELAYS_MS,
): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const missing = batch.finished
    ? [...new Set(batch.outputs.filter((output) => output.hash === null).map((output) => output.jobId))]
    : [];
  const jobIds = missing.join('\n');
  const [tries, setTries] = useState({ batchId: batch.id, count: 0 });
  const count = tries.batchId === batch.id ? tries.count : 0;
  const delay = delaysMs[count];

  useEffect(() => {
    if (jobIds === '' || delay === undefined) return;
    const timer = setTimeout(() => {
      setTries({ batchId: batch.id, count: count + 1 });
      void Promise.allSettled(jobIds.split('\n').map((jobId) => loupe.jobs.get({ profileId, jobId }))).then(
        () => client.invalidateQueries({ queryKey: batchKeys.batch(profileId, batch.id), exact: true }),
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [loupe, client, profileId, batch.id, jobIds, delay, count]);
}
