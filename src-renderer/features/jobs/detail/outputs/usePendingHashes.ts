// The service computes an output's hash a little after it writes the bytes, so a job can end with outputs
// whose hash is still null. A finished job is no longer watched, so nothing would ever bring the hash: this
// reads the job again a few times, further apart each time, until every output has one or it gives up.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { JobSnapshot } from '../../../../../src-shared/contract';
import { jobKeys } from '../../../../queries/jobKeys';
import { isTerminalStatus } from '../../../../queries/jobQueries';

export const PENDING_HASH_DELAYS_MS = [2_000, 5_000, 15_000, 60_000] as const;

export function usePendingHashes(
  job: JobSnapshot,
  delaysMs: readonly number[] = PENDING_HASH_DELAYS_MS,
): void {
  const client = useQueryClient();
  const pending = isTerminalStatus(job.status) && job.outputs.some((output) => output.hash === null);
  const [tries, setTries] = useState({ jobId: job.id, count: 0 });
  const count = tries.jobId === job.id ? tries.count : 0;
  const delay = delaysMs[count];

  useEffect(() => {
    if (!pending || delay === undefined) return;
    const timer = setTimeout(() => {
      setTries({ jobId: job.id, count: count + 1 });
      void client.refetchQueries({ queryKey: jobKeys.job(job.profileId, job.id), exact: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [client, pending, delay, count, job.id, job.profileId]);
}
