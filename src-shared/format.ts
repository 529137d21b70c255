// Sizes and times as a person reads them, the same in the window and at the terminal. Sizes use decimal
// units (1 MB = 1,000,000 bytes): the unit the service states its upload limit in.

const SIZE_UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/** 412 MB, 1.07 GB, 999 bytes: three significant digits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${SIZE_UNITS[unit] ?? 'TB'}`;
}

/** The exact count, for a title: "412,000,000 bytes". */
export function exactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

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

/** The exact local time with the zone, for a title attribute. */
// One formatter, made on first use: `toLocaleString` with options builds a new Intl formatter on every call
// (about 50 µs), and a list drawing 30 new rows a frame while it scrolls spent more time there than anywhere.
let exactFormat: Intl.DateTimeFormat | null = null;

export function exactTime(ms: number): string {
  const date = new Date(ms);
  exactFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  return `${exactFormat.format(date)} (${date.toISOString()})`;
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
