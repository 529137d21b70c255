import { useSyncExternalStore } from 'react';
import { createSharedClock } from './sharedClock';

const quarterMinute = createSharedClock(15_000);
const second = createSharedClock(1_000);
const noSubscription = () => () => undefined;

/** The current time, refreshed every 15 seconds: enough for "3 min ago". */
export function useNow(): number {
  return useSyncExternalStore(quarterMinute.subscribe, quarterMinute.snapshot);
}

/** The time now, refreshed every second while `live` (a running batch's elapsed time); not live, it stays. */
export function useSecondClock(live: boolean): number {
  return useSyncExternalStore(live ? second.subscribe : noSubscription, second.snapshot);
}
