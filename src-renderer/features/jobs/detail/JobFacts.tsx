import type { ReactNode } from 'react';
import type { JobSnapshot } from '../../../../src-shared/contract';
import { LabelChips } from '../../../components/jobs/LabelChips';
import { metricLabel, metricValue } from '../../../components/jobs/formatValues';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { visibleText } from '../../../lib/visibleText';
import { useJobsUi } from '../jobsUiStore';

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`flex min-w-0 items-baseline gap-2 ${wide ? 'col-span-full' : ''}`}>
      <dt className="w-20 shrink-0 text-[11px] text-faint">{label}</dt>
      <dd className="min-w-0 text-xs text-fg">{children}</dd>
    </div>
  );
}

function JobLink({ jobId }: { jobId: string }) {
  const openJob = useJobsUi((state) => state.openJob);
  return (
    <button
      type="button"
      onClick={() => openJob(jobId)}
      className="max-w-full truncate font-mono text-accent hover:underline"
      title={`Open ${visibleText(jobId)}`}
    >
      {visibleText(jobId)}
    </button>
  );
}

/** Timings (relative, exact on hover), the service's metrics, labels and the attempts chain. */
export function JobFacts({ job }: { job: JobSnapshot }) {
  const metrics = Object.entries(job.metrics);
  const labels = Object.keys(job.labels).length;
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-x-6 gap-y-1.5 border-b border-line px-4 py-3">
      <Fact label="Created">
        <RelativeTime iso={job.createdAt} />
      </Fact>
      <Fact label="Started">
        <RelativeTime iso={job.startedAt} missing="not yet" />
      </Fact>
      <Fact label="Ended">
        <RelativeTime iso={job.completedAt} missing="not yet" />
      </Fact>
      {job.expiresAt ? (
        <Fact label="Expires">
          <RelativeTime iso={job.expiresAt} />
        </Fact>
      ) : null}
      {job.queuePosition !== null ? (
        <Fact label="In queue">
          <span className="tabular-nums">
            {job.queuePosition === 0 ? 'next' : `${job.queuePosition} ahead`}
          </span>
        </Fact>
      ) : null}
      {metrics.map(([key, value]) => (
        <Fact key={key} label={visibleText(metricLabel(key))}>
          <span className="tabular-nums">{metricValue(key, value)}</span>
        </Fact>
      ))}
      {labels > 0 ? (
        <Fact label="Labels" wide>
          <LabelChips labels={job.labels} max={6} />
        </Fact>
      ) : null}
      {job.retryOf ? (
        <Fact label="Retry of">
          <JobLink jobId={job.retryOf} />
        </Fact>
      ) : null}
      {job.retries.length > 0 ? (
        <Fact label={job.retries.length === 1 ? 'Retried as' : 'Retries'}>
          <span className="flex flex-col items-start">
            {job.retries.map((id) => (
              <JobLink key={id} jobId={id} />
            ))}
          </span>
        </Fact>
      ) : null}
      <Fact label="Submitted">{job.submittedByUs ? 'from this Loupe' : 'elsewhere'}</Fact>
    </dl>
  );
}
