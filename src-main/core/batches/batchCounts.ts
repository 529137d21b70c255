// How a batch stands, from its items: the counts the batch list shows and whether anything can still change.
// Kept apart from reading the store so every state combination can be checked without a database.
import type { BatchCounts, BatchSubmissionState } from '../../../src-shared/contracts/batches';
import { isTerminalJobStatus, type JobStatus } from '../../../src-shared/jobStatus';

/** One item as the counts see it: where its submission stands, and its job's status once there is a job. */
export interface CountedItem {
  submission: BatchSubmissionState;
  /** The stored job's status; null when the item has no job, or Loupe has no readable row for it. */
  jobStatus: JobStatus | null;
  /** The service said it no longer knows the job (jobsTable markGone): counted as gone, not as unknown. */
  jobGone?: boolean;
}

export function countItems(items: readonly CountedItem[]): BatchCounts {
  const counts: BatchCounts = { submitting: 0, submitFailed: 0, jobs: {} };
  for (const item of items) {
    switch (item.submission) {
      case 'pending':
      case 'sent':
      case 'unknown':
        counts.submitting += 1;
        break;
      case 'failed':
        counts.submitFailed += 1;
        break;
      case 'created': {
        if (item.jobGone === true) {
          counts.gone = (counts.gone ?? 0) + 1;
          break;
        }
        // A job Loupe has not recorded (or cannot read) is counted, as 'unknown', so the counts add up.
        const status = item.jobStatus ?? 'unknown';
        counts.jobs[status] = (counts.jobs[status] ?? 0) + 1;
        break;
      }
    }
  }
  return counts;
}

/**
 * Nothing more will change: every item was refused, or has a job in a final state. `complete` is false
 * when some item rows could not be read; what they hold is unknown, so the batch is not called finished.
 */
export function isFinished(items: readonly CountedItem[], complete: boolean): boolean {
  return (
    complete &&
    items.every(
      (item) =>
        item.submission === 'failed' ||
        (item.submission === 'created' && item.jobStatus !== null && isTerminalJobStatus(item.jobStatus)),
    )
  );
}
