import type { JobSummary } from '../../../../src-shared/contract';
import { duration } from '../../../../src-shared/format';
import { itemTime } from './batchTiming';
import { useSecondClock } from '../../../hooks/useNow';

/** A queued or running job's time, counting up each second. */
function LiveDuration({ sinceMs }: { sinceMs: number }) {
  const now = useSecondClock(true);
  return <span title="Since the job was created; still going">{duration(Math.max(0, now - sinceMs))}</span>;
}

/** How long the item's job took, created to completed; counting while it runs; "—" when the row does not say. */
export function ItemTimeCell({ job }: { job: JobSummary | null }) {
  const time = itemTime(job);
  switch (time.kind) {
    case 'none':
      return null;
    case 'running':
      return <LiveDuration sinceMs={time.sinceMs} />;
    case 'took':
      return <span title="From created to completed">{duration(time.ms)}</span>;
    case 'ended':
      return (
        <span className="text-faint" title="Loupe’s record of this job does not say when it ended">
          —
        </span>
      );
  }
}
