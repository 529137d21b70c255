import { visibleText } from '../../lib/visibleText';
import { statusLook } from './jobStatusLook';

interface JobStatusBadgeProps {
  status: string;
  /** The service's own word, shown on hover (and beside "Unknown", so the user sees what arrived). */
  rawStatus?: string;
  size?: 'sm' | 'md';
  /** Name the service's word beside "Unknown" (the detail does; a list row keeps it for the hover). */
  showRaw?: boolean;
}

/** A coloured dot and the state's name. An unknown state says so, violet, and names what the service sent. */
export function JobStatusBadge({ status, rawStatus, size = 'sm', showRaw = true }: JobStatusBadgeProps) {
  const look = statusLook(status);
  const known = look.label !== 'Unknown';
  const raw = rawStatus === undefined ? undefined : visibleText(rawStatus);
  return (
    <span
      className={`inline-flex max-w-full min-w-0 items-center gap-1.5 ${size === 'md' ? 'text-sm font-medium' : 'text-xs'} ${look.text}`}
      data-testid="job-status"
      data-status={known ? status : 'unknown'}
      title={raw ? `Service status: ${raw}` : undefined}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 shrink-0 rounded-full ${look.dot}`} />
      <span className="truncate">
        {look.label}
        {known || !showRaw ? null : <span className="text-faint"> ({raw || 'no status'})</span>}
      </span>
    </span>
  );
}
