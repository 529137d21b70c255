import { describe, expect, it } from 'vitest';
import { expiredPastRetention } from './pastRetention';

const now = Date.parse('2026-11-29T12:00:00Z');
const running = (expires_at?: unknown) => ({
  id: 'j1',
  status: 'running',
  ...(expires_at === undefined ? {} : { expires_at }),
});

describe('expiredPastRetention', () => {
  it('a job whose last read gave a deadline now passed ended expired, and keeps the rest of what was read', () => {
    const wire = { ...running('2026-11-29T11:59:59Z'), outputs: [], metadata: { a: 'b' } };
    expect(expiredPastRetention(wire, now)).toEqual({ ...wire, status: 'expired', v1_status: null });
    expect(expiredPastRetention(running('2026-11-29T12:00:00Z'), now)?.status).toBe('expired');
  });

  it('guesses nothing without a passed deadline: ahead, absent, null, unreadable, or no read at all', () => {
    expect(expiredPastRetention(running('2026-11-29T12:00:01Z'), now)).toBeNull();
    expect(expiredPastRetention(running(), now)).toBeNull();
    expect(expiredPastRetention(running(null), now)).toBeNull();
    expect(expiredPastRetention(running('yesterday'), now)).toBeNull();
    expect(expiredPastRetention(running(42), now)).toBeNull();
    expect(expiredPastRetention(null, now)).toBeNull();
  });

  it('a job that had already ended keeps its end', () => {
    for (const status of ['succeeded', 'failed', 'canceled', 'expired'])
      expect(expiredPastRetention({ id: 'j1', status, expires_at: '2020-01-01T00:00:00Z' }, now)).toBeNull();
  });
});
