import type { BatchItem, BatchSubmissionState } from '../../../../src-shared/contract';
import { JobStatusBadge } from '../../../components/jobs/JobStatusBadge';
import { ProgressBar } from '../../../components/jobs/ProgressBar';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';

type NoJobYet = Exclude<BatchSubmissionState, 'created'>;

/** Items with no job yet get a hollow dot: not a job state, so never a job state's colour (but a refusal). */
const SUBMISSION_LOOK: Record<NoJobYet, { words: string; dot: string; text: string }> = {
  pending: { words: 'Waiting to send', dot: 'border-faint', text: 'text-muted' },
  sent: { words: 'Sending', dot: 'border-muted animate-pulse', text: 'text-muted' },
  unknown: {
    words: 'Outcome unknown — the job may exist; Loupe looks for it again at its next start',
    dot: 'border-muted',
    text: 'text-muted',
  },
  failed: { words: 'Refused', dot: 'border-state-failed', text: 'text-state-failed' },
};

/** Where an item stands: its job's state once there is a job, else where its submission is. */
export function ItemState({ item }: { item: BatchItem }) {
  if (item.submission === 'created') {
    const job = item.job;
    const status = job?.status ?? 'unknown';
    return (
      <span className="flex min-w-0 items-center gap-2">
        <span className="flex min-w-0" title={job ? undefined : 'Loupe has not read this job yet'}>
          <JobStatusBadge status={status} rawStatus={job?.rawStatus} goneAt={job?.goneAt} showRaw={false} />
        </span>
        {job && (job.status === 'running' || job.status === 'canceling') ? (
          <ProgressBar
            value={job.progress}
            status={job.status}
            label={`Progress of ${job.id}`}
            className="w-16 shrink-0"
          />
        ) : null}
      </span>
    );
  }
  const look = SUBMISSION_LOOK[item.submission];
  const reason =
    item.submission === 'failed' && item.submitError
      ? visibleText(clipText(item.submitError, SUMMARY_CHARS))
      : null;
  const words = reason === null ? look.words : `${look.words}: ${reason}`;
  return (
    <span
      className={`inline-flex max-w-full min-w-0 items-center gap-1.5 text-xs ${look.text}`}
      data-testid="submission-state"
      data-submission={item.submission}
      title={item.attempts > 1 ? `${words} (sent ${item.attempts} times)` : words}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full border ${look.dot}`} />
      <span className="truncate">
        {look.words}
        {reason === null ? null : (
          <>
            : <VisibleMarks text={reason} />
          </>
        )}
      </span>
    </span>
  );
}
