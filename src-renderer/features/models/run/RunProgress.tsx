import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { ProgressBar } from '../../../components/jobs/ProgressBar';
import { parseTime } from '../../../components/jobs/formatValues';
import { Spinner } from '../../../components/Spinner';
import { Elapsed } from './Elapsed';

function positionWords(position: number | null): string {
  if (position === null) return 'Waiting for its turn';
  if (position === 0) return 'Next in line';
  return `${position} ${position === 1 ? 'run' : 'runs'} ahead`;
}

/**
 * An unfinished run: where a queued one stands (in the queue with its position, then in progress), or a
 * synchronous one waiting for its answer. Main keeps the run and its watching, so the page may be left.
 */
export function RunProgress({ run }: { run: RouterRunDetail }) {
  const since = parseTime(run.createdAt) ?? Date.now();
  const queued = run.mode === 'queued';
  const inQueue = run.state === 'in_queue';
  const status = run.state === 'pending' ? 'queued' : 'running';
  const heading =
    run.state === 'in_queue'
      ? 'In queue'
      : run.state === 'in_progress'
        ? 'In progress'
        : queued
          ? 'Sending to the queue…'
          : 'Waiting for the model…';
  return (
    <div className="space-y-2" data-testid="run-progress" data-state={run.state}>
      <div className="flex items-center gap-2 text-xs">
        <Spinner className={inQueue ? 'text-state-queued' : 'text-state-running'} />
        <span className="font-medium text-fg">{heading}</span>
        {inQueue ? (
          <span className="text-muted tabular-nums" data-testid="queue-position">
            · position {run.queuePosition ?? '—'} ({positionWords(run.queuePosition)})
          </span>
        ) : null}
        <span className="flex-1" />
        <Elapsed since={since} live className="text-[11px] text-faint" />
      </div>
      {/* Waiting in the queue is said by its position; the moving bar is for work under way. */}
      {inQueue ? null : <ProgressBar value={null} status={status} label={heading} />}
      <p className="text-[11px] text-faint">
        {queued
          ? 'Loupe watches the queue for you: leave this page, or close the window, and the run carries on.'
          : 'You can leave this page: Loupe keeps the run and records its answer, under Runs.'}
        {run.cancelRequested ? ' Cancel was asked for; the Router has not stopped it yet.' : ''}
      </p>
    </div>
  );
}
