// The v1 status vocabularies. The status endpoint uses the polling guide's strings (spec: terminal
// success, error, non_retryable_error, lost, cancelled); the list uses the v1 contract's JobEntry enum
// (pending, in_progress, completed, failed, cancelled), as NOTES.md reports the two disagree.
import type { JobRecord, JobStatus } from '../jobs/jobModel';

export function v1PollStatus(job: JobRecord): string {
  switch (job.status) {
    case 'queued':
      return 'queued_waiting';
    case 'running':
      return 'executing';
    case 'canceling':
      return 'cancel_requested';
    case 'canceled':
      return 'cancelled';
    case 'succeeded':
      return 'success';
    case 'failed':
      return job.error?.code === 'worker_lost' ? 'lost' : 'error';
    case 'expired':
      return 'lost';
  }
}

const listStatus: Record<JobStatus, string> = {
  queued: 'pending',
  running: 'in_progress',
  canceling: 'in_progress',
  canceled: 'cancelled',
  succeeded: 'completed',
  failed: 'failed',
  expired: 'failed',
};

export function v1ListStatus(job: JobRecord): string {
  return listStatus[job.status];
}

/** Filter values of either vocabulary, mapped onto the simulator's statuses. */
const filterValues: Record<string, readonly JobStatus[]> = {
  pending: ['queued'],
  in_progress: ['running', 'canceling'],
  completed: ['succeeded'],
  failed: ['failed'],
  cancelled: ['canceled'],
  queued_waiting: ['queued'],
  submitted: ['queued'],
  executing: ['running'],
  cancel_requested: ['canceling'],
  success: ['succeeded'],
  error: ['failed'],
  lost: ['failed', 'expired'],
};

/** The statuses a comma-separated filter selects, or the first unknown value. */
export function parseStatusFilter(
  raw: string,
): { ok: true; statuses: Set<JobStatus> } | { ok: false; value: string } {
  const statuses = new Set<JobStatus>();
  for (const value of raw
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '')) {
    const mapped = filterValues[value];
    if (!mapped) return { ok: false, value };
    mapped.forEach((status) => statuses.add(status));
  }
  return { ok: true, statuses };
}
