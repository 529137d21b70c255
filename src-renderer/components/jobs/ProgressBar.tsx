import { ThinBar } from '../ThinBar';
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
  const moving = status === 'running';
  return (
    <ThinBar
      label={label}
      fraction={value ?? (moving ? 1 : 0)}
      announced={value !== null}
      className={`h-1.5 ${className}`}
      fillClassName={`transition-[width] duration-300 ${statusLook(status).bar} ${moving ? 'loupe-progress-moving' : ''}`}
      fillOpacity={value === null && moving ? 0.6 : 1}
    />
  );
}
