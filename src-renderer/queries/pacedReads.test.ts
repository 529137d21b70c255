// pacedReads: the first ask reads at once; asks during a read or its wait become one read at the end of the
// wait (nothing missed, nothing back to back); the wait grows with how long the read took; a disposed pacer
// reads nothing more. On a real QueryClient with an observed query, under fake timers.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MIN_GAP_MS, pacedReads } from './pacedReads';

const KEY = ['batch', 'p', 'b1'] as const;

function observedQuery(readMs: () => number) {
  const client = new QueryClient();
  const started: number[] = [];
  const observer = new QueryObserver(client, {
    queryKey: KEY,
    queryFn: () => {
      started.push(Date.now());
      return new Promise<number>((resolve) => setTimeout(() => resolve(started.length), readMs()));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, started, close: () => (unsubscribe(), client.clear()) };
}

/** A query whose reads take `readMs`, its observer's first read done, and a pacer over it; t0 is now. */
async function pacedOver(readMs: number) {
  const query = observedQuery(() => readMs);
  await vi.advanceTimersByTimeAsync(readMs); // the observer's own first read
  return { query, reads: pacedReads(query.client), t0: Date.now() };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pacedReads', () => {
  it('reads at once, then folds every ask during the read and its wait into one read at its end', async () => {
    const { query, reads, t0 } = await pacedOver(100);

    reads.ask(KEY);
    expect(query.started).toHaveLength(2);
    for (let i = 0; i < 10; i++) {
      reads.ask(KEY);
      await vi.advanceTimersByTimeAsync(10);
    }
    // The read ended at t0 + 100: the next may start MIN_GAP_MS later (twice 100 ms is less), not before.
    await vi.advanceTimersByTimeAsync(100 + MIN_GAP_MS - 100 - 1);
    expect(query.started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(query.started).toHaveLength(3);
    expect(query.started[2]! - t0).toBe(100 + MIN_GAP_MS);

    // Nothing asked since: nothing more is read.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(query.started).toHaveLength(3);
    // Long after the wait, an ask reads at once again.
    reads.ask(KEY);
    expect(query.started).toHaveLength(4);
    reads.dispose();
    query.close();
  });

  it('waits twice as long as a slow read took before the next', async () => {
    const { query, reads, t0 } = await pacedOver(400);
    reads.ask(KEY);
    await vi.advanceTimersByTimeAsync(50);
    reads.ask(KEY);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(query.started.slice(1).map((at) => at - t0)).toEqual([0, 400 + 800]);
    reads.dispose();
    query.close();
  });

  it('reads nothing more once disposed, though an ask was waiting', async () => {
    const { query, reads } = await pacedOver(100);
    reads.ask(KEY);
    reads.ask(KEY);
    reads.dispose();
    await vi.advanceTimersByTimeAsync(5_000);
    reads.ask(KEY);
    expect(query.started).toHaveLength(2);
    query.close();
  });
});
