import type { JobSnapshot } from '../../../../src-shared/contract';
import { ProgressBar } from '../../../components/jobs/ProgressBar';
import type { PreviewImage } from '../../../hooks/previewImage';
import { visibleText } from '../../../lib/visibleText';
import { hasSettled } from '../../../queries/jobQueries';
import { LivePreview } from './LivePreview';

function queueText(position: number | null): string {
  if (position === null) return 'Waiting in the queue.';
  if (position === 0) return 'Next in the queue.';
  return `${position} ${position === 1 ? 'job' : 'jobs'} ahead in the queue.`;
}

/** Where the job is: the queue, or the bar with nodes, the node class, sampler steps and the message. */
export function JobProgressPanel({ job, preview }: { job: JobSnapshot; preview: PreviewImage | null }) {
  const progress = job.progress;
  const finished = hasSettled(job);
  const showBar = !finished && (progress !== null || job.status === 'running');
  // Once the job has ended its outputs are the pictures that count; the last preview goes.
  const image = finished ? null : preview;
  if (job.status !== 'queued' && !showBar && !image) return null;
  const parts: string[] = [];
  if (progress) {
    if (progress.nodesTotal > 0) parts.push(`Nodes ${progress.nodesDone}/${progress.nodesTotal}`);
    if (progress.currentNodeClass) parts.push(visibleText(progress.currentNodeClass));
    else if (progress.currentNode) parts.push(`node ${visibleText(progress.currentNode)}`);
    if (progress.step !== null && progress.steps !== null)
      parts.push(`Step ${progress.step}/${progress.steps}`);
    parts.push(`${Math.round(progress.value * 100)}%`);
  }
  return (
    <div className="flex gap-4 border-b border-line px-4 py-3" data-testid="job-progress">
      <div className="min-w-0 flex-1 space-y-2">
        {job.status === 'queued' ? (
          <p className="text-xs text-muted tabular-nums">{queueText(job.queuePosition)}</p>
        ) : null}
        {showBar ? (
          <>
            <ProgressBar value={progress?.value ?? null} status={job.status} label="Job progress" />
            <p className="text-xs text-fg tabular-nums">
              {parts.length > 0 ? parts.join(' · ') : 'Starting…'}
            </p>
            {progress?.message ? (
              <p className="truncate text-xs text-muted" title={visibleText(progress.message)}>
                {visibleText(progress.message)}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {image ? <LivePreview image={image} /> : null}
    </div>
  );
}
