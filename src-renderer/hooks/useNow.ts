import { useSyncExternalStore } from 'react';

// One shared clock for every relative time on screen, so a list of 50 visible rows sets one timer, not 50.
const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  // With nobody subscribed the clock is not ticking: catch up, but keep the value stable between calls.
  if (timer === null && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

/** The current time, refreshed every 15 seconds: enough for "3 min ago". */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot);
}
