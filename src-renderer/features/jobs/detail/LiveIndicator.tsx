import type { LiveMode } from '../../../hooks/useJobLive';
import { visibleText } from '../../../lib/visibleText';

const LOOK: Record<
  Exclude<LiveMode, 'finished'>,
  { text: (seconds: number) => string; dot: string; hint: string }
> = {
  connecting: {
    text: () => 'Connecting…',
    dot: 'bg-faint',
    hint: 'Opening the live stream for this job.',
  },
  live: {
    text: () => 'Live',
    dot: 'bg-accent animate-pulse',
    hint: 'Updates stream in as they happen; Loupe also polls the service to stay exact.',
  },
  polling: {
    text: (seconds) => `Polling every ${seconds} s`,
    dot: 'bg-muted',
    hint: 'The live stream is not available right now, so Loupe asks the service on an interval.',
  },
  paused: {
    text: () => 'Paused',
    dot: 'bg-faint',
    hint: 'Loupe is offline; it carries on when the connection is back.',
  },
};

/** How this job is being kept fresh: live, polling (and why), or paused. Nothing once the job ended. */
export function LiveIndicator({
  mode,
  reason,
  pollIntervalMs,
}: {
  mode: LiveMode;
  reason: string | null;
  pollIntervalMs: number;
}) {
  if (mode === 'finished') return null;
  const look = LOOK[mode];
  const title = reason ? `${look.hint} ${visibleText(reason)}` : look.hint;
  return (
    <span
      data-testid="live-mode"
      data-mode={mode}
      title={title}
      className="inline-flex items-center gap-1.5 text-[11px] text-muted"
    >
      <span aria-hidden="true" className={`inline-block h-1.5 w-1.5 rounded-full ${look.dot}`} />
      {look.text(Math.round(pollIntervalMs / 1000))}
    </span>
  );
}
