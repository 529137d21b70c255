// `Retry-After` is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); both become a wait in ms.

const deltaSecondsPattern = /^\s*(\d+(?:\.\d+)?)\s*$/;

/**
 * The longest wait a server's word can set: a day. A broken or hostile server's `Retry-After: 999…9` (400
 * digits read as Infinity) or a date in the year 9999 would otherwise hold a batch, a stream or the poll
 * budget for good, and Infinity does not even survive JSON on its way to the window.
 */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Milliseconds to wait (at most a day), 0 for a date already past, null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const seconds = deltaSecondsPattern.exec(value);
  if (seconds?.[1] !== undefined) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(seconds[1]) * 1000));
  // Only date-shaped values go to Date.parse, which would otherwise accept odd strings like "1".
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, at - nowMs));
}
