// Cancel and retry, for one job or a selection. Answers go into the cache (the canceling state shows at once
// and stays until the watcher reports the end); a retry's new attempt appears at the top of the list, linked
// to the original by retryOf.
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { JobSnapshot } from '../../../../src-shared/contract';
import { jobFinishNotices } from '../../../hooks/jobFinishNotices';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { writeSnapshot } from '../../../queries/jobCache';
import { jobKeys } from '../../../queries/jobKeys';
import { useJobsUi } from '../jobsUiStore';
import { jobErrorWords, type JobErrorWords } from './jobErrorWords';

type Command = 'cancel' | 'retry';

export interface JobCommands {
  cancel: (jobIds: readonly string[]) => void;
  retry: (jobIds: readonly string[]) => void;
  canceling: ReadonlySet<string>;
  retrying: ReadonlySet<string>;
  error: JobErrorWords | null;
  clearError: () => void;
}

function usePending(command: Command): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: ['jobs', command], status: 'pending' },
    select: (mutation) => mutation.state.variables as readonly string[] | undefined,
  });
  return useMemo(() => new Set(pending.flatMap((ids) => ids ?? [])), [pending]);
}

/** The commands of the jobs of `profileId` (the profile the screen shows); none without one. */
export function useJobCommands(profileId: string | null): JobCommands {
  const loupe = useLoupe();
  const client = useQueryClient();
  const openJob = useJobsUi((state) => state.openJob);
  const [error, setError] = useState<JobErrorWords | null>(null);
  const canceling = usePending('cancel');
  const retrying = usePending('retry');

  const run = async (command: Command, jobIds: readonly string[]): Promise<JobSnapshot[]> => {
    if (profileId === null) return [];
    const settled = await Promise.allSettled(
      jobIds.map((jobId) =>
        unwrap(
          command === 'cancel'
            ? loupe.jobs.cancel({ profileId, jobId })
            : loupe.jobs.retry({ profileId, jobId }),
        ),
      ),
    );
    const done: JobSnapshot[] = [];
    for (const [index, result] of settled.entries()) {
      if (result.status === 'rejected') continue;
      done.push(result.value);
      writeSnapshot(client, profileId, result.value);
      if (command === 'retry') {
        jobFinishNotices.expect(result.value.id);
        // The original now lists this attempt among its retries.
        const original = jobIds[index];
        if (original !== undefined) {
          void client.invalidateQueries({ queryKey: jobKeys.job(profileId, original), exact: true });
        }
      }
    }
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) {
      const words = jobErrorWords(failed.reason, `${command} ${jobIds.length > 1 ? 'every job' : 'the job'}`);
      const failures = settled.filter((result) => result.status === 'rejected').length;
      setError(
        jobIds.length > 1
          ? { ...words, title: `${words.title} (${failures} of ${jobIds.length} failed)` }
          : words,
      );
    }
    return done;
  };

  const cancel = useMutation({
    mutationKey: ['jobs', 'cancel'],
    mutationFn: (jobIds: readonly string[]) => run('cancel', jobIds),
  });
  const retry = useMutation({
    mutationKey: ['jobs', 'retry'],
    mutationFn: (jobIds: readonly string[]) => run('retry', jobIds),
    onSuccess: (jobs, jobIds) => {
      // One job retried: follow it to its new attempt.
      const [attempt] = jobs;
      if (jobIds.length === 1 && attempt) openJob(attempt.id);
    },
  });

  return {
    cancel: (jobIds) => {
      setError(null);
      if (jobIds.length > 0) cancel.mutate(jobIds);
    },
    retry: (jobIds) => {
      setError(null);
      if (jobIds.length > 0) retry.mutate(jobIds);
    },
    canceling,
    retrying,
    error,
    clearError: () => setError(null),
  };
}
