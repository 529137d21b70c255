// Numbers and times as a person reads them: relative times ("3 min ago") with the exact time kept for the
// hover, durations from milliseconds, sizes in binary units.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Milliseconds since the epoch, or null when the text is not a date. */
export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** "just now", "42 s ago", "3 min ago", "2 h ago", "5 d ago"; the future reads "in 3 min". */
export function relativeTime(ms: number, now: number): string {
  const delta = now - ms;
  const abs = Math.abs(delta);
  // `now` ticks coarsely and clocks differ a little: a moment "in the future" by under a minute is now.
  if (abs < 5 * SECOND || (delta < 0 && abs < MINUTE)) return 'just now';
  // The past counts whole units gone by ("1 h ago" until two hours have passed). A deadline rounds to the
  // nearest unit instead: a 30-day retention read a second later is still "in 30 d", not "in 29 d".
  const count = delta >= 0 ? Math.floor : Math.round;
  const text = unitText(abs, count);
  if (text === null) return new Date(ms).toLocaleDateString();
  return delta >= 0 ? `${text} ago` : `in ${text}`;
}

const RELATIVE_UNITS: readonly { size: number; label: string; below: number }[] = [
  { size: SECOND, label: 's', below: MINUTE },
  { size: MINUTE, label: 'min', below: HOUR },
  { size: HOUR, label: 'h', below: DAY },
  { size: DAY, label: 'd', below: 60 * DAY },
];

/** The span in the largest unit it fills; rounding up to a whole next unit moves it there ("60 min" → "1 h"). */
function unitText(abs: number, count: (value: number) => number): string | null {
  for (const unit of RELATIVE_UNITS) {
    if (abs >= unit.below) continue;
    const value = count(abs / unit.size);
    if (value * unit.size < unit.below) return `${value} ${unit.label}`;
  }
  return null;
}

/** The exact local time with the zone, for a title attribute. */
export function exactTime(ms: number): string {
  const date = new Date(ms);
  return `${date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })} (${date.toISOString()})`;
}

/** "850 ms", "4.2 s", "3 min 04 s", "2 h 05 min". */
export function duration(ms: number): string {
  if (ms < SECOND) return `${Math.round(ms)} ms`;
  if (ms < MINUTE) return `${(ms / SECOND).toFixed(ms < 10 * SECOND ? 1 : 0)} s`;
  if (ms < HOUR) {
    const seconds = Math.floor((ms % MINUTE) / SECOND);
    return `${Math.floor(ms / MINUTE)} min ${String(seconds).padStart(2, '0')} s`;
  }
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  return `${Math.floor(ms / HOUR)} h ${String(minutes).padStart(2, '0')} min`;
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function byteSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit] ?? ''}`;
}

/** A metric's key as words: queue_ms → "Queue", execution_ms → "Execution". */
export function metricLabel(key: string): string {
  const words = key.replace(/_ms$/, '').replace(/[_-]+/g, ' ').trim();
  return words.length === 0 ? key : words.charAt(0).toUpperCase() + words.slice(1);
}

/** A metric's value: keys ending in _ms are durations; anything else is a plain number. */
export function metricValue(key: string, value: number | null): string {
  if (value === null) return '—';
  return key.endsWith('_ms') ? duration(value) : value.toLocaleString();
}
