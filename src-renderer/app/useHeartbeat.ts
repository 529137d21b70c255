import { useEffect, useState } from 'react';
import type { Heartbeat } from '../../src-shared/contract';
import { useLoupe } from '../lib/loupeContext';
import { useTransportState } from '../transport/transportState';

/** The host's heartbeat stream: proof that events flow. Resubscribes after the transport comes back. */
export function useHeartbeat(intervalMs: number): { last: Heartbeat | null; received: number } {
  const loupe = useLoupe();
  const transport = useTransportState((state) => state.state);
  const [state, setState] = useState<{ last: Heartbeat | null; received: number }>({
    last: null,
    received: 0,
  });
  useEffect(() => {
    if (transport !== 'connected') return;
    const subscription = loupe.app.heartbeat(
      { intervalMs },
      { onEvent: (beat) => setState((previous) => ({ last: beat, received: previous.received + 1 })) },
    );
    return () => subscription.unsubscribe();
  }, [loupe, intervalMs, transport]);
  return state;
}
