import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { useLoupe } from '../../lib/loupeContext';
import { useTransportState } from '../../transport/transportState';
import { applyModelUpdate } from './runCache';

const RETRY_MS = { first: 2_000, max: 60_000 } as const;

/**
 * Keeps the Router's runs and spend live from `models.updates` while the host is connected: queue
 * positions, states, credits and the committed spend. The Models screen and the status bar's meter each
 * use it (at most two streams; applying an event twice changes nothing). Polling in the queries keeps
 * everything true without it, so a stream that ends is only tried again, slower each time.
 */
export function useModelUpdates(enabled = true): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const profileId = useActiveProfileId();
  const transport = useTransportState((state) => state.state);
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);

  useEffect(() => {
    if (!enabled || profileId === null || transport !== 'connected') return;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const subscription = loupe.models.updates(
      {},
      {
        onEvent: ({ runs, spend }) => {
          if (closed) return;
          failures.current = 0;
          applyModelUpdate(client, profileId, runs, spend);
        },
        onEnd: () => {
          if (closed) return;
          const delay = Math.min(RETRY_MS.max, RETRY_MS.first * 2 ** Math.min(failures.current, 5));
          failures.current += 1;
          retry = setTimeout(() => setAttempt((count) => count + 1), delay);
        },
      },
    );
    return () => {
      closed = true;
      clearTimeout(retry);
      subscription.unsubscribe();
    };
  }, [enabled, loupe, client, profileId, transport, attempt]);
}
