import type { ComparedJob, JobCompareResult } from '../../../src-shared/contract';
import { duration } from '../../../src-shared/format';
import { visibleText } from '../../lib/visibleText';
import { diffValueText } from '../../../src-shared/workflowDiff';

function JobTimes({ job, letter }: { job: ComparedJob; letter: string }) {
  return (
    <li className="space-y-0.5" data-testid="compared-job">
      <div className="font-mono text-[11px] text-fg">
        {letter} · {visibleText(job.jobId)}
      </div>
      {job.batch === null ? null : (
        <div className="text-[11px] text-muted">
          {job.batch.values.map(({ target, value }) => `${target} ${JSON.stringify(value)}`).join(' · ')}
        </div>
      )}
      <div className="text-[11px] text-faint tabular-nums">
        {job.queueMs === null ? '' : `Queued ${duration(job.queueMs)} · `}
        {job.executionMs === null ? 'Run time not known' : `Ran ${duration(job.executionMs)}`}
      </div>
      {job.problem === null ? null : (
        <p className="text-[11px] text-state-failed">{visibleText(job.problem)}</p>
      )}
    </li>
  );
}

/** Beside the pictures: what differs between the jobs' inputs, their batch values, and their times. */
export function CompareFacts({ result }: { result: JobCompareResult }) {
  const difference = result.difference;
  return (
    <div className="space-y-4 text-xs">
      <section aria-label="What differs" className="space-y-1">
        <h3 className="text-[11px] font-semibold text-muted">What differs</h3>
        {difference === null ? (
          <p className="text-muted">Not every workflow can be compared input by input (see below).</p>
        ) : difference.inputs.length === 0 && difference.nodes.length === 0 ? (
          <p className="text-muted">The same inputs: only the runs differ.</p>
        ) : (
          <ul className="space-y-0.5 font-mono text-[11px]" data-testid="differences">
            {difference.inputs.map((input) => (
              <li key={input.target} title={input.classType ?? undefined}>
                <span className="text-faint">{visibleText(input.target)}</span>{' '}
                <span className="text-fg">{visibleText(input.values.map(diffValueText).join(' → '))}</span>
              </li>
            ))}
            {difference.nodes.map((node) => (
              <li key={`node-${node.nodeId}`} className="text-muted">
                node {visibleText(node.nodeId)} ({visibleText(node.classType)}) only in{' '}
                {node.presentIn
                  .flatMap((present, index) => (present ? [String.fromCharCode(65 + index)] : []))
                  .join(', ')}
              </li>
            ))}
            {difference.truncated > 0 ? (
              <li className="text-faint">…and {difference.truncated} more not shown</li>
            ) : null}
          </ul>
        )}
      </section>
      <ul className="space-y-2" aria-label="Jobs">
        {result.jobs.map((job, index) => (
          <JobTimes
            key={`${job.profileId}/${job.jobId}/${index}`}
            job={job}
            letter={String.fromCharCode(65 + index)}
          />
        ))}
      </ul>
    </div>
  );
}
