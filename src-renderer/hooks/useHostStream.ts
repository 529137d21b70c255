// A stream of the host's that a screen keeps open for the active profile while the host is connected
// (jobs.updates, models.updates). Polling keeps what it feeds true without it; the stream only makes it live.
// So a stream that ends is only tried again, slower each time, and a new profile or a reconnect opens a new one.
import { useEffect, useRef, useState } from 'react';
import type { StreamHandlers, Subscription } from '../../src-preload/buildApi';
import { useTransportState } from '../transport/transportState';
import { useActiveProfileId } from './useActiveProfileId';

const RETRY_MS = { first: 2_000, max: 60_000 } as const;

/** One stream's life, for one profile: how to open it, what each event does, what to drop when it closes. */
export interface HostStream<E> {
  subscribe(handlers: StreamHandlers<E>): Subscription;
  onEvent(event: E): void;
  /** The subscription is being closed: drop anything still queued. */
  close?(): void;
}

/**
 * Keeps `start(profileId)`'s stream open while `enabled`, a profile is active (or `forProfile` names one) and
 * the host is connected. `start` should keep its identity (useCallback): a new one opens a new stream.
 */
export function useHostStream<E>(
  start: (profileId: string) => HostStream<E>,
  enabled = true,
  forProfile?: string,
): void {
  const shown = useActiveProfileId();
  const profileId = forProfile ?? shown;
  const transport = useTransportState((state) => state.state);
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    if (!enabled || profileId === null || transport !== 'connected') return;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const stream = start(profileId);
    const subscription = stream.subscribe({
      onEvent: (event) => {
        if (closed) return;
        failures.current = 0;
        stream.onEvent(event);
      },
      onEnd: () => {
        if (closed) return;
        const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** Math.min(failures.current, 5));
        failures.current += 1;
        retry = setTimeout(() => setAttempt((count) => count + 1), delay);
      },
    });
    return () => {
      closed = true;
      clearTimeout(retry);
      stream.close?.();
      subscription.unsubscribe();
    };
  }, [start, enabled, profileId, transport, attempt]);
}
