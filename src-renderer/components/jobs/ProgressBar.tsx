import { statusLook } from './jobStatusLook';
import './progressBar.css';

interface ProgressBarProps {
  /** 0..1, or null when the service has not said (a running job then shows a full moving bar). */
  value: number | null;
  status: string;
  label: string;
  className?: string;
}

/** A thin bar in the state's colour; a running job's bar moves so it reads as alive at a glance. */
export function ProgressBar({ value, status, label, className = '' }: ProgressBarProps) {
  const look = statusLook(status);
  const moving = status === 'running';
  const fraction = value === null ? (moving ? 1 : 0) : Math.min(1, Math.max(0, value));
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value === null ? undefined : percent}
      className={`h-1.5 overflow-hidden rounded-full bg-raised ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-300 ${look.bar} ${moving ? 'loupe-progress-moving' : ''}`}
        style={{ width: `${fraction * 100}%`, opacity: value === null && moving ? 0.6 : 1 }}
      />
    </div>
  );
}
