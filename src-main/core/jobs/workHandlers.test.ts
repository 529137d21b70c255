// profiles.work passes on what runs on every profile: a snapshot at once, then the latest state at most once
// per interval however often it changes; profiles.markLooked clears a profile's failures.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileWork, ProfileWorkEvent } from '../../../src-shared/contracts/profiles';
import { createWorkHandlers } from './workHandlers';

function fakeRuntimes() {
  let work: ProfileWork[] = [];
  const listeners = new Set<() => void>();
  const looked: string[] = [];
  return {
    looked,
    set(next: ProfileWork[]) {
      work = next;
      for (const listener of listeners) listener();
    },
    listeners: () => listeners.size,
    runtimes: {
      work: () => work,
      onWork: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      markLooked: (profileId: string) => {
        looked.push(profileId);
      },
    },
  };
}

const line = (profileId: string, batchesSending: number): ProfileWork => ({
  profileId,
  batchesSending,
  jobsInFlight: 0,
  failuresSinceLooked: 0,
  sent: { done: 0, total: 0 },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('profiles.work', () => {
  it('sends a snapshot, then the latest state at most once per interval, and stops when closed', () => {
    const fake = fakeRuntimes();
    const handlers = createWorkHandlers(fake.runtimes, 250);
    const events: ProfileWorkEvent[] = [];
    const stop = handlers['profiles.work']({}, { emit: (e) => events.push(e), end: () => undefined });
    expect(events).toEqual([{ profiles: [] }]);
    vi.advanceTimersByTime(300);
    // After a quiet interval the first change goes out at once; the burst behind it waits for the interval.
    for (let i = 1; i <= 50; i++) fake.set([line('studio', i)]);
    expect(events).toHaveLength(2);
    expect(events[1]).toEqual({ profiles: [line('studio', 1)] });
    vi.advanceTimersByTime(249);
    expect(events).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(events).toHaveLength(3);
    expect(events[2]).toEqual({ profiles: [line('studio', 50)] });
    stop();
    expect(fake.listeners()).toBe(0);
    fake.set([line('studio', 0)]);
    vi.advanceTimersByTime(1000);
    expect(events).toHaveLength(3);
  });

  it('markLooked tells the runtimes which profile the window showed', () => {
    const fake = fakeRuntimes();
    const handlers = createWorkHandlers(fake.runtimes);
    expect(handlers['profiles.markLooked']({ profileId: 'studio' })).toEqual({ profileId: 'studio' });
    expect(fake.looked).toEqual(['studio']);
  });
});
