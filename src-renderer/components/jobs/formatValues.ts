// Numbers and times as a person reads them. Times and sizes are src-shared/format's (the same words at the
// terminal); metrics are this screen's own.

import { duration } from '../../../src-shared/format';

export { duration, exactTime, parseTime, relativeTime } from '../../../src-shared/format';

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
