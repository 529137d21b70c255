// `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); both become a wait in ms.

const deltaSecondsPattern = /^\s*(\d+(?:\.\d+)?)\s*$/;

/** Milliseconds to wait, 0 for a date already past, null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const seconds = deltaSecondsPattern.exec(value);
  if (seconds?.[1] !== undefined) return Math.round(Number(seconds[1]) * 1000);
  // Only date-shaped values go to Date.parse, which would otherwise accept odd strings like "1".
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
