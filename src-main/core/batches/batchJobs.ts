// The jobs a batch's items became, as the store's jobs table last recorded them (the watcher keeps those
// rows fresh; nothing here asks the service).
import type { JobOutput, JobStatus, JobSummary } from '../../../src-shared/contracts/jobs';
import type { LocalHistory } from '../jobSources/localHistory';
import { contractStatus, noLocalFacts, toSnapshot, toSummary } from '../jobSources/normalize';
import type { BatchItemStanding } from '../store/batchItemsTable';

/** What a batch counts of one job and shows of it in its gallery. */
export interface BatchJob {
  id: string;
  status: JobStatus;
  /** In the job's own order. */
  outputs: JobOutput[];
}

/** The job an item became; null when it has none yet, or the jobs table has no row for it. */
export function batchJobOf(standing: BatchItemStanding, profileId: string): BatchJob | null {
  if (standing.jobId === null || standing.job === null) return null;
  const { status, snapshot } = standing.job;
  // A row without a (readable) snapshot is the bare job LocalHistory would read: no outputs yet.
  const wire = snapshot ?? { id: standing.jobId, status };
  // toSnapshot is how jobs.get builds a job's outputs, so the gallery shows the files of the job's own
  // screen in the same order. Only its outputs are kept: the other context fields do not affect them.
  const outputs = toSnapshot(wire, {
    profileId,
    observedAt: '',
    local: noLocalFacts,
    surfaceOffersLogs: false,
  }).outputs;
  return { id: standing.jobId, status: contractStatus(status), outputs };
}

/** The row jobs.list shows for a remembered job, so a batch item and a list row agree; null as above. */
export function jobSummaryOf(history: LocalHistory, profileId: string, jobId: string): JobSummary | null {
  const job = history.one(jobId);
  if (job === null) return null;
  return toSummary(job.wire, {
    profileId,
    observedAt: job.observedAt,
    local: job.local,
    // Only a snapshot's logsOffered reads this.
    surfaceOffersLogs: false,
  });
}
