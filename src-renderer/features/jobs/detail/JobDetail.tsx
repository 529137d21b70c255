import { LoadingOrError } from '../../../components/LoadingOrError';
import { StaleDataNote } from '../../../components/StaleDataNote';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { useJobLive } from '../../../hooks/useJobLive';
import { visibleText } from '../../../lib/visibleText';
import type { JobCommands } from '../actions/useJobCommands';
import { useJobsUi } from '../jobsUiStore';
import { clipText, SUMMARY_CHARS } from '../clipText';
import { DetailTabs } from './DetailTabs';
import { JobFacts } from './JobFacts';
import { JobHeader } from './JobHeader';
import { JobProgressPanel } from './JobProgressPanel';

interface JobDetailProps {
  jobId: string;
  commands: JobCommands;
  onClose: () => void;
}

/** One job, live: state, progress and preview, timings and metrics, then outputs, logs, workflow, error. */
export function JobDetail({ jobId, commands, onClose }: JobDetailProps) {
  const live = useJobLive(jobId);
  const setTab = useJobsUi((state) => state.setTab);
  const { job, query } = live;

  if (!job) {
    return (
      <LoadingOrError query={query} doing={`read job ${visibleText(jobId)}`} loading="Loading the job…" />
    );
  }
  return (
    <section
      aria-label="Job detail"
      data-testid="job-detail"
      data-job-id={job.id}
      className="flex h-full min-w-0 flex-col"
    >
      <JobHeader job={job} live={live} commands={commands} onClose={onClose} />
      <div className="max-h-[45%] shrink-0 overflow-y-auto">
        <JobProgressPanel job={job} preview={live.preview} />
        {job.error ? (
          <div className="border-b border-line px-4 py-2 text-xs">
            <p className="line-clamp-2 text-state-failed">
              <VisibleMarks text={visibleText(clipText(job.error.message, SUMMARY_CHARS))} />
            </p>
            <button
              type="button"
              className="mt-0.5 text-[11px] text-accent hover:underline"
              onClick={() => setTab('error')}
            >
              See the error and traceback
            </button>
          </div>
        ) : null}
        {query.isError ? <StaleDataNote error={query.error} /> : null}
        <JobFacts job={job} />
      </div>
      <DetailTabs job={job} />
    </section>
  );
}
