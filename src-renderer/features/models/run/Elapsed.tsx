import { duration } from '../../../../src-shared/format';
import { useSecondClock } from '../../../hooks/useNow';

/** Whole seconds while it counts (tenths would flicker against a once-a-second tick), then minutes. */
export function elapsedText(ms: number): string {
  return ms < 60_000 ? `${Math.floor(Math.max(0, ms) / 1000)} s` : duration(ms);
}

/** Time since `since` (ms), counting every second while `live`. */
export function Elapsed({
  since,
  live,
  className = '',
}: {
  since: number;
  live: boolean;
  className?: string;
}) {
  const now = useSecondClock(live);
  return (
    <span className={`tabular-nums ${className}`} data-testid="elapsed">
      {elapsedText(now - since)}
    </span>
  );
}
