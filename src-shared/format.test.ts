import { describe, expect, it } from 'vitest';
import { duration, exactBytes, formatBytes, relativeTime } from './format';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const now = Date.parse('2026-11-21T12:00:00Z');

describe('relativeTime', () => {
  it('counts whole units gone by in the past', () => {
    expect(relativeTime(now - 2 * SECOND, now)).toBe('just now');
    expect(relativeTime(now - 42 * SECOND, now)).toBe('42 s ago');
    expect(relativeTime(now - (3 * MINUTE + 59 * SECOND), now)).toBe('3 min ago');
    expect(relativeTime(now - (HOUR + 59 * MINUTE), now)).toBe('1 h ago');
    expect(relativeTime(now - (5 * DAY + 23 * HOUR), now)).toBe('5 d ago');
  });

  it('rounds a deadline to the nearest unit, so a 30-day expiry read a moment later is still 30 days', () => {
    expect(relativeTime(now + 30 * DAY - 3 * SECOND, now)).toBe('in 30 d');
    expect(relativeTime(now + 6 * HOUR - 90 * SECOND, now)).toBe('in 6 h');
    expect(relativeTime(now + 2 * MINUTE + 20 * SECOND, now)).toBe('in 2 min');
  });

  it('moves a deadline that rounds up to a whole next unit into that unit', () => {
    expect(relativeTime(now + HOUR - 10 * SECOND, now)).toBe('in 1 h');
    expect(relativeTime(now + DAY - MINUTE, now)).toBe('in 1 d');
    expect(relativeTime(now + 59 * MINUTE + 20 * SECOND, now)).toBe('in 59 min');
  });

  it('treats a moment under a minute ahead as now (coarse clocks), and far times as a date', () => {
    expect(relativeTime(now + 40 * SECOND, now)).toBe('just now');
    expect(relativeTime(now - 61 * DAY, now)).toBe(new Date(now - 61 * DAY).toLocaleDateString());
    expect(relativeTime(now + 61 * DAY, now)).toBe(new Date(now + 61 * DAY).toLocaleDateString());
  });
});

describe('duration and sizes', () => {
  it('reads as a person would write them', () => {
    expect(duration(850)).toBe('850 ms');
    expect(duration(4_200)).toBe('4.2 s');
    expect(duration(3 * MINUTE + 4 * SECOND)).toBe('3 min 04 s');
    expect(duration(2 * HOUR + 5 * MINUTE)).toBe('2 h 05 min');
    // Decimal units, the ones the service states its upload limit in.
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1536)).toBe('1.54 kB');
    expect(formatBytes(412_000_000)).toBe('412 MB');
    expect(formatBytes(1_070_000_000)).toBe('1.07 GB');
    expect(formatBytes(3e15)).toBe('3000 TB');
    expect(exactBytes(412_000_000)).toBe('412,000,000 bytes');
  });
});
