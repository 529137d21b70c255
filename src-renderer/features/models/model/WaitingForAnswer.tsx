import { ProgressBar } from '../../../components/jobs/ProgressBar';
import { Spinner } from '../../../components/Spinner';
import { Elapsed } from '../run/Elapsed';

/**
 * A run just sent and not answered yet. Main wrote it to the store with its key before sending, so leaving
 * the page (or the screen) loses nothing: the answer is recorded, and shown here or under Runs.
 */
export function WaitingForAnswer({ since, mode }: { since: number; mode: 'sync' | 'queued' | null }) {
  const queued = mode === 'queued';
  const words = queued ? 'Sending to the queue…' : 'Waiting for the model…';
  return (
    <div className="space-y-2" data-testid="run-waiting" role="status">
      <div className="flex items-center gap-2 text-xs">
        <Spinner className="text-state-running" />
        <span className="font-medium text-fg">{words}</span>
        <span className="flex-1" />
        <Elapsed since={since} live className="text-[11px] text-faint" />
      </div>
      <ProgressBar value={null} status="running" label={words} />
      <p className="text-[11px] text-faint">
        You can leave this page: Loupe keeps the run and records its answer. It is also listed under Runs.
      </p>
    </div>
  );
}
