interface UploadBarProps {
  /** 0..1 */
  value: number;
  label: string;
  tone: 'hashing' | 'sending' | 'done' | 'failed' | 'canceled';
  className?: string;
}

const TONES: Record<UploadBarProps['tone'], string> = {
  hashing: 'bg-state-queued',
  sending: 'bg-accent',
  done: 'bg-state-succeeded',
  failed: 'bg-state-failed',
  canceled: 'bg-state-canceled',
};

/** A thin bar: grey while hashing, the accent while bytes travel, the outcome's colour at the end. */
export function UploadBar({ value, label, tone, className = '' }: UploadBarProps) {
  const fraction = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
      data-tone={tone}
      className={`h-1 overflow-hidden rounded-full bg-raised ${className}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-200 ${TONES[tone]}`}
        style={{ width: `${fraction * 100}%` }}
      />
    </div>
  );
}
