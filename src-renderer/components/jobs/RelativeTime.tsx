import { memo } from 'react';
import { useNow } from '../../hooks/useNow';
import { exactTime, parseTime, relativeTime } from './formatValues';

interface RelativeTimeProps {
  iso: string | null | undefined;
  /** What to show when there is no time (yet). */
  missing?: string;
  className?: string;
  /**
   * How far the clock that wrote `iso` is known to run ahead of Loupe's: subtracted before "… ago" is worked
   * out, so a service's times read on Loupe's clock. The exact time on hover stays the one it wrote.
   */
  aheadMs?: number;
}

/** "3 min ago", with the exact local time (and ISO form) on hover. Memoised: lists draw many. */
export const RelativeTime = memo(function RelativeTime({
  iso,
  missing = '—',
  className = '',
  aheadMs = 0,
}: RelativeTimeProps) {
  const now = useNow();
  const ms = parseTime(iso);
  if (ms === null) return <span className={`text-faint ${className}`}>{missing}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={exactTime(ms)} className={`tabular-nums ${className}`}>
      {relativeTime(ms - aheadMs, now)}
    </time>
  );
});
