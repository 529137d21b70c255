// A clock that ticks once a second, shared by every live duration on screen (a batch's elapsed time, its
// running items' times), so twenty visible rows set one timer, not twenty. It runs only while someone
// subscribed asks for it: a finished batch sets none.
import { useSyncExternalStore } from 'react';

const TICK_MS = 1_000;
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
  // Not ticking: catch up, but keep the value stable between calls (React reads it more than once).
  if (timer === null && Date.now() - now >= TICK_MS) now = Date.now();
  return now;
}

const noSubscription = () => () => undefined;

/** The time now, refreshed every second while `live`; not live, it does not move. */
export function useSecondClock(live: boolean): number {
  return useSyncExternalStore(live ? subscribe : noSubscription, snapshot);
}
