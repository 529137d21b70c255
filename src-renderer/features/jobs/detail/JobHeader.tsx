import type { JobSnapshot } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { goneWords } from '../../../components/jobs/goneWords';
import { JobStatusBadge } from '../../../components/jobs/JobStatusBadge';
import { Spinner } from '../../../components/Spinner';
import type { JobLive } from '../../../hooks/useJobLive';
import { visibleText } from '../../../lib/visibleText';
import { canCancel, canRetry, cliWatchCommand } from '../actions/jobCommandRules';
import type { JobCommands } from '../actions/useJobCommands';
import { LiveIndicator } from './LiveIndicator';
import { LoopJobButtons } from '../../loop/LoopJobButtons';

interface JobHeaderProps {
  job: JobSnapshot;
  live: JobLive;
  commands: JobCommands;
  onClose: () => void;
}

/** The job's state and id, how it is kept fresh, and what can be done to it. */
export function JobHeader({ job, live, commands, onClose }: JobHeaderProps) {
  const canceling = commands.canceling.has(job.id) || job.status === 'canceling';
  const retrying = commands.retrying.has(job.id);
  const cli = cliWatchCommand(job.id);
  return (
    <header className="flex shrink-0 flex-col gap-2 border-b border-line px-4 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <JobStatusBadge status={job.status} rawStatus={job.rawStatus} goneAt={job.goneAt} size="md" />
        <h2 className="min-w-0 flex-1 truncate font-mono text-sm text-fg" title={visibleText(job.id)}>
          {visibleText(job.id)}
        </h2>
        <LiveIndicator mode={live.mode} reason={live.modeReason} pollIntervalMs={live.pollIntervalMs} />
        <Button variant="ghost" aria-label="Close the job (Esc)" title="Close (Esc)" onClick={onClose}>
          ×
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {canCancel(job) || canceling ? (
          <Button disabled={canceling} title="Cancel this job (c)" onClick={() => commands.cancel([job.id])}>
            {canceling ? (
              <>
                <Spinner className="text-state-canceled" /> Canceling…
              </>
            ) : (
              'Cancel'
            )}
          </Button>
        ) : null}
        {canRetry(job) ? (
          <Button
            disabled={retrying}
            title="Run this job's workflow again as a new attempt (r)"
            onClick={() => commands.retry([job.id])}
          >
            {retrying ? (
              <>
                <Spinner /> Retrying…
              </>
            ) : (
              'Retry'
            )}
          </Button>
        ) : null}
        <LoopJobButtons job={job} profileId={job.profileId} />
        <CopyButton text={job.id} title="Copy the job id">
          Copy id
        </CopyButton>
        {cli ? (
          <CopyButton text={cli} title={`Copy “${cli}” to follow this job in a terminal`}>
            Open in CLI
          </CopyButton>
        ) : null}
      </div>
      {job.goneAt != null && job.status === 'unknown' ? (
        <p role="note" data-testid="job-gone" className="text-xs text-muted">
          {goneWords(job.goneAt, job.rawStatus)}
        </p>
      ) : null}
    </header>
  );
}
