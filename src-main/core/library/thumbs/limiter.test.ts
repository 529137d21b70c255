// The limiter behind the thumbnails' turns: never more holders than its limit, turns given in order of asking,
// a release called twice gives back one turn only, and a task that fails gives its turn back.
import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Limiter', () => {
  it('holds at most its limit and gives turns in the order they were asked for', async () => {
    const limiter = new Limiter(2);
    const order: number[] = [];
    const releases: (() => void)[] = [];
    for (let i = 0; i < 5; i += 1)
      void limiter.acquire().then((release) => {
        order.push(i);
        releases.push(release);
      });
    await tick();
    expect(order).toEqual([0, 1]);
    releases[1]?.();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    releases[0]?.();
    releases[2]?.();
    await tick();
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives back one turn when a release is called twice', async () => {
    const limiter = new Limiter(1);
    const first = await limiter.acquire();
    let second = false;
    let third = false;
    void limiter.acquire().then(() => (second = true));
    void limiter.acquire().then(() => (third = true));
    first();
    first();
    await tick();
    expect([second, third]).toEqual([true, false]);
  });

  it('gives the turn back when a task fails', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(limiter.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
