import { visibleText } from '../../lib/visibleText';
import { GONE_LABEL, goneWords } from './goneWords';
import { statusLook } from './jobStatusLook';

interface JobStatusBadgeProps {
  status: string;
  /** The service's own word, shown on hover (and beside "Unknown", so the user sees what arrived). */
  rawStatus?: string;
  size?: 'sm' | 'md';
  /** Name the service's word beside "Unknown" (the detail does; a list row keeps it for the hover). */
  showRaw?: boolean;
  /** When the service said it no longer knows the job: named so, the why on hover. */
  goneAt?: string | null | undefined;
}

/** A coloured dot and the state's name. An unknown state says so, violet, and names what the service sent. */
export function JobStatusBadge({
  status,
  rawStatus,
  size = 'sm',
  showRaw = true,
  goneAt = null,
}: JobStatusBadgeProps) {
  const look = statusLook(status);
  const known = look.label !== 'Unknown';
  const raw = rawStatus === undefined ? undefined : visibleText(rawStatus);
  const gone = !known && goneAt !== null;
  const title = gone ? goneWords(goneAt, rawStatus) : raw ? `Service status: ${raw}` : undefined;
  return (
    <span
      className={`inline-flex max-w-full min-w-0 items-center gap-1.5 ${size === 'md' ? 'text-sm font-medium' : 'text-xs'} ${look.text}`}
      data-testid="job-status"
      data-status={known ? status : 'unknown'}
      data-gone={gone ? 'true' : undefined}
      title={title}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${look.dot}`} />
      <span className="truncate">
        {gone ? GONE_LABEL : look.label}
        {known || gone || !showRaw ? null : <span className="text-faint"> ({raw || 'no status'})</span>}
      </span>
    </span>
  );
}
