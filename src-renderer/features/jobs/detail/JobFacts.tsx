import type { ReactNode } from 'react';
import type { JobSnapshot } from '../../../../src-shared/contract';
import { LabelChips } from '../../../components/jobs/LabelChips';
import { metricLabel, metricValue, parseTime } from '../../../components/jobs/formatValues';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { visibleText } from '../../../lib/visibleText';
import { isGone } from '../../../queries/jobQueries';
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

/**
 * How far the service's clock is known to run ahead of Loupe's, from this job alone: none of its times can be
 * later than the moment Loupe read it (`observedAt`, Loupe's clock), so any excess is the service's clock. A
 * lower bound, never a guess: a clock behind leaves no such trace, and nothing is corrected then.
 */
export function serviceClockAheadMs(job: JobSnapshot): number {
  const read = parseTime(job.observedAt);
  if (read === null) return 0;
  const stamped = [job.createdAt, job.startedAt, job.completedAt]
    .map((iso) => parseTime(iso))
    .filter((ms): ms is number => ms !== null);
  return stamped.length === 0 ? 0 : Math.max(0, Math.max(...stamped) - read);
}

/** Timings (relative, exact on hover), the service's metrics, labels and the attempts chain. */
export function JobFacts({ job }: { job: JobSnapshot }) {
  const metrics = Object.entries(job.metrics);
  const labels = Object.keys(job.labels).length;
  // The service's times and its durations (Execution) on one clock: "Created 7 s ago" never sits beside
  // "Execution 11 s" because the service's clock runs ahead.
  const ahead = serviceClockAheadMs(job);
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-x-6 gap-y-1.5 border-b border-line px-4 py-3">
      <Fact label="Created">
        <RelativeTime iso={job.createdAt} aheadMs={ahead} />
      </Fact>
      <Fact label="Started">
        <RelativeTime iso={job.startedAt} missing="not yet" aheadMs={ahead} />
      </Fact>
      <Fact label="Ended">
        <RelativeTime iso={job.completedAt} missing={isGone(job) ? 'unknown' : 'not yet'} aheadMs={ahead} />
      </Fact>
      {/* The service no longer keeps a job it has forgotten: its deadline means nothing now. */}
      {job.expiresAt && !isGone(job) ? (
        <Fact label="Expires">
          <RelativeTime iso={job.expiresAt} aheadMs={ahead} />
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
