// A lazily loaded screen: fetched once however often it is preloaded, a failed preload is quiet and leaves
// the next attempt free to fetch again, and the screen draws once its code is in.
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

function Screen() {
  return <h1>Batches</h1>;
}

describe('lazyScreen', () => {
  it('fetches once for any number of preloads, then draws the screen', async () => {
    let fetches = 0;
    const lazy = lazyScreen(() => {
      fetches += 1;
      return Promise.resolve(Screen);
    });
    lazy.preload();
    lazy.preload();
    render(
      <Suspense fallback={<p>Opening…</p>}>
        <lazy.Component />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Batches' })).toBeTruthy();
    expect(fetches).toBe(1);
  });

  it('a failed preload rejects nothing unhandled, and the visit fetches again', async () => {
    let fetches = 0;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const lazy = lazyScreen(() => {
        fetches += 1;
        return fetches === 1
          ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
          : Promise.resolve(Screen);
      });
      lazy.preload();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      render(
        <Suspense fallback={<p>Opening…</p>}>
          <lazy.Component />
        </Suspense>,
      );
      expect(await screen.findByRole('heading', { name: 'Batches' })).toBeTruthy();
      expect(fetches).toBe(2);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('says when no fetch of its code is under way, whether the fetch came or failed', async () => {
    let finish: (component: typeof Screen) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const coming = lazyScreen(() => new Promise((resolve) => (finish = resolve)));
    const failing = lazyScreen(() => new Promise((_, reject) => (fail = reject)));
    await coming.settled();
    coming.preload();
    failing.preload();
    const marks: string[] = [];
    void coming.settled().then(() => marks.push('coming'));
    void failing.settled().then(() => marks.push('failing'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(marks).toEqual([]);
    finish(Screen);
    fail(new Error('Failed to fetch dynamically imported module'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(marks.sort()).toEqual(['coming', 'failing']);
  });
});
