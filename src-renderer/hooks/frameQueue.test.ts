import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameQueue, newestById } from './frameQueue';

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

afterEach(() => vi.restoreAllMocks());

describe('createFrameQueue', () => {
  it('applies the first update of a frame at once, and the rest of that frame together at the next', async () => {
    const applied: number[][] = [];
    const queue = createFrameQueue<number>((items) => applied.push(items));
    queue.push(1);
    expect(applied).toEqual([[1]]);
    queue.push(2);
    queue.push(3);
    expect(applied).toEqual([[1]]);
    await frame();
    expect(applied).toEqual([[1], [2, 3]]);
    // That frame had its batch too: the next update waits for the one after.
    queue.push(4);
    expect(applied).toEqual([[1], [2, 3]]);
    await frame();
    expect(applied).toEqual([[1], [2, 3], [4]]);
    // A frame with nothing queued ends the wait: a lone update later is applied at once.
    await frame();
    await frame();
    queue.push(5);
    expect(applied.at(-1)).toEqual([5]);
  });

  it('drops what is queued when cancelled', async () => {
    const applied: number[][] = [];
    const queue = createFrameQueue<number>((items) => applied.push(items));
    queue.push(1);
    queue.push(2);
    queue.cancel();
    await frame();
    expect(applied).toEqual([[1]]);
  });

  it('uses a short timer while the window is hidden (no frames come then)', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const raf = vi.spyOn(window, 'requestAnimationFrame');
    const applied: number[][] = [];
    const queue = createFrameQueue<number>((items) => applied.push(items));
    queue.push(1);
    queue.push(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(applied).toEqual([[1], [2]]);
    expect(raf).not.toHaveBeenCalled();
  });
});

describe('newestById', () => {
  it('keeps the newest of each id, in first-seen order', () => {
    const rows = [
      { id: 'a', observedAt: '2025-01-01T00:00:01Z', n: 1 },
      { id: 'b', observedAt: '2025-01-01T00:00:01Z', n: 2 },
      { id: 'a', observedAt: '2025-01-01T00:00:03Z', n: 3 },
      { id: 'a', observedAt: '2025-01-01T00:00:02Z', n: 4 },
    ];
    expect(newestById(rows).map((row) => row.n)).toEqual([3, 2]);
  });
});
