// Live updates arrive as fast as the host sends them: a sampler's progress every step, eight streams at
// once, rows from the watcher in bursts. Applied one by one, each would draw the screen again. So at most one
// batch is applied per animation frame: the first update of a frame at once (a lone event waits for
// nothing), any more that arrive before the next frame together at that frame. While the window is hidden
// there are no frames: a short timer stands in, so finish notices still fire for a window in the background.

export interface FrameQueue<T> {
  push(item: T): void;
  /** Drops what is queued and stops (the subscription ended). */
  cancel(): void;
}

const HIDDEN_DELAY_MS = 50;

function documentVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** Hands pushed items to `apply`, in order: at once if nothing was applied this frame, else at the next. */
export function createFrameQueue<T>(apply: (items: T[]) => void): FrameQueue<T> {
  let queued: T[] = [];
  /** Set while a frame has had its batch: cancels the wait for the next one. */
  let cancelWait: (() => void) | null = null;
  const waitForNextFrame = (): void => {
    const next = (): void => {
      cancelWait = null;
      if (queued.length === 0) return;
      const items = queued;
      queued = [];
      apply(items);
      waitForNextFrame();
    };
    if (documentVisible() && typeof requestAnimationFrame === 'function') {
      const frame = requestAnimationFrame(next);
      cancelWait = () => cancelAnimationFrame(frame);
    } else {
      const timer = setTimeout(next, HIDDEN_DELAY_MS);
      cancelWait = () => clearTimeout(timer);
    }
  };
  return {
    push: (item) => {
      if (cancelWait !== null) {
        queued.push(item);
        return;
      }
      apply([item]);
      waitForNextFrame();
    },
    cancel: () => {
      cancelWait?.();
      cancelWait = null;
      queued = [];
    },
  };
}

/** The newest of each id (by observedAt, as the caches compare them), in first-seen order. */
export function newestById<T extends { id: string; observedAt: string }>(items: readonly T[]): T[] {
  const newest = new Map<string, T>();
  for (const item of items) {
    const held = newest.get(item.id);
    if (held === undefined || Date.parse(item.observedAt) >= Date.parse(held.observedAt)) {
      newest.set(item.id, item);
    }
  }
  return [...newest.values()];
}
