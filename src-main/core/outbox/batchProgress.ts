// Where a batch stands, counted from its items' positions and the watcher's latest word on their jobs: what
// the runner reports each round, what the CLI prints, and when the runner may stop.
import { isTerminalJobStatus, type JobStatus } from '../../../src-shared/jobStatus';
import type { JobSnapshot } from '../../../src-shared/contracts/jobs';
import type { BatchWait } from '../../../src-shared/contracts/batches';
import { contractStatus } from '../jobSources/normalize';
import type { BatchItemPosition, BatchItemRow } from '../store';

/** Keys older than this may have expired on the service (24 h): a resend could then make a second job. */
export const RESEND_WINDOW_MS = 23 * 60 * 60 * 1000;

export interface BatchProgress {
  pending: number;
  sending: number;
  inFlight: number;
  succeeded: number;
  failed: number;
  canceled: number;
  /** No way to tell yet: the answer was lost (the job may exist, or exists and is not found yet). */
  unknown: number;
  total: number;
  window: number;
  /** Holding back for now (a full queue, a locked keychain), and until when; null when it is not waiting. */
  waiting: BatchWait | null;
}

export function isSendable(state: BatchItemRow['state']): boolean {
  return state === 'pending' || state === 'sent' || state === 'unknown';
}

export function countProgress(
  items: readonly BatchItemPosition[],
  window: number,
  watched: (jobId: string) => Pick<JobSnapshot, 'status'> | null,
  /** Jobs the service no longer knows (404) before their end was read: not told. */
  gone: (jobId: string) => boolean = () => false,
): BatchProgress {
  const progress: BatchProgress = {
    pending: 0,
    sending: 0,
    inFlight: 0,
    succeeded: 0,
    failed: 0,
    canceled: 0,
    unknown: 0,
    total: items.length,
    window,
    waiting: null,
  };
  for (const item of items) {
    if (item.state === 'pending') progress.pending += 1;
    else if (item.state === 'sent') progress.sending += 1;
    else if (item.state === 'unknown') progress.unknown += 1;
    else if (item.state === 'failed') progress.failed += 1;
    // Accepted, its answer lost and its job not found yet: it exists, but nothing can be said of it.
    else if (item.jobId === null) progress.unknown += 1;
    else if (gone(item.jobId)) progress.unknown += 1;
    else {
      const status = statusOf(item.jobId, item.jobStatus, watched);
      if (status === 'succeeded') progress.succeeded += 1;
      else if (status === 'canceled') progress.canceled += 1;
      else if (status !== null && isTerminalJobStatus(status)) progress.failed += 1;
      else progress.inFlight += 1;
    }
  }
  return progress;
}

/** The watcher's word (fresher), else the store's (the status column read with the item). */
export function statusOf(
  jobId: string,
  stored: string | null,
  watched: (jobId: string) => Pick<JobSnapshot, 'status'> | null,
): JobStatus | null {
  const snapshot = watched(jobId);
  if (snapshot !== null) return snapshot.status;
  return stored === null ? null : contractStatus(stored);
}
