// A steady stream of beats: proves the event path end to end and lets the UI show whether the host is alive.
import type { Heartbeat } from '../../../src-shared/contract';
import type { StreamSink } from '../rpc/dispatcher';

export interface Clock {
  now(): number;
  setInterval(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => {
    const timer = setInterval(fn, ms);
    return () => clearInterval(timer);
  },
};

export function startHeartbeat(
  intervalMs: number,
  sink: StreamSink<Heartbeat>,
  startedAtMs: number,
  clock: Clock = systemClock,
): () => void {
  let beat = 0;
  const emit = (): void => {
    const now = clock.now();
    sink.emit({ beat: beat++, at: new Date(now).toISOString(), uptimeMs: Math.max(0, now - startedAtMs) });
  };
  emit();
  return clock.setInterval(emit, intervalMs);
}
