interface ThinBarProps {
  label: string;
  /** How full, 0..1 (clamped). */
  fraction: number;
  /** Whether the fraction is a real measure to announce; a bar that only says "busy" is not. */
  announced: boolean;
  /** The track's height and placement. */
  className: string;
  /** The track's colour, where the default would not stand out from what lies behind the bar. */
  trackClassName?: string;
  /** The fill's colour, transition and motion. */
  fillClassName: string;
  fillOpacity?: number;
  'data-tone'?: string;
}

/** The thin progress bar both jobs and uploads draw: a raised track, a rounded fill, a percentage for AT. */
export function ThinBar({
  label,
  fraction,
  announced,
  className,
  trackClassName = 'bg-raised',
  fillClassName,
  fillOpacity,
  'data-tone': tone,
}: ThinBarProps) {
  const clamped = Math.min(1, Math.max(0, fraction));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={announced ? Math.round(clamped * 100) : undefined}
      data-tone={tone}
      className={`overflow-hidden rounded-full ${trackClassName} ${className}`}
    >
      <div
        className={`h-full rounded-full ${fillClassName}`}
        style={{ width: `${clamped * 100}%`, opacity: fillOpacity }}
      />
    </div>
  );
}
