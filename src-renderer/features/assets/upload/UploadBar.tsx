import { ThinBar } from '../../../components/ThinBar';

/** Grey while hashing, the accent while bytes travel, the outcome's colour at the end. */
export type UploadTone = 'hashing' | 'sending' | 'done' | 'failed' | 'canceled';

interface UploadBarProps {
  /** 0..1 */
  value: number;
  label: string;
  tone: UploadTone;
  className?: string;
}

const TONES: Record<UploadTone, string> = {
  hashing: 'bg-state-queued',
  sending: 'bg-accent',
  done: 'bg-state-succeeded',
  failed: 'bg-state-failed',
  canceled: 'bg-state-canceled',
};

/** A thin bar: grey while hashing, the accent while bytes travel, the outcome's colour at the end. */
export function UploadBar({ value, label, tone, className = '' }: UploadBarProps) {
  return (
    <ThinBar
      label={label}
      fraction={Number.isFinite(value) ? value : 0}
      announced
      data-tone={tone}
      className={`h-1 ${className}`}
      fillClassName={`transition-[width] duration-200 ${TONES[tone]}`}
    />
  );
}
