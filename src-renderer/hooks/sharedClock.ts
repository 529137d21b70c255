// One shared clock per tick rate for every live time on screen, so a list of 50 visible rows sets one timer,
// not 50. It ticks only while someone is subscribed.
export interface SharedClock {
  subscribe: (listener: () => void) => () => void;
  snapshot: () => number;
}

export function createSharedClock(tickMs: number): SharedClock {
  let now = Date.now();
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (timer === null) {
        now = Date.now();
        timer = setInterval(() => {
          now = Date.now();
          for (const notify of listeners) notify();
        }, tickMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    snapshot: () => {
      // With nobody subscribed the clock is not ticking: catch up, but keep the value stable between calls.
      if (timer === null && Date.now() - now >= tickMs) now = Date.now();
      return now;
    },
  };
}
