import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { StreamEvent } from '../../../src-shared/contract';
import { useHostStream, type HostStream } from '../../hooks/useHostStream';
import { useLoupe } from '../../lib/loupeContext';
import { applyModelUpdate } from './runCache';

/**
 * Keeps the Router's runs and spend live from `models.updates` while the host is connected: queue
 * positions, states, credits and the committed spend. The Models screen and the status bar's meter each
 * use it (at most two streams; applying an event twice changes nothing).
 */
export function useModelUpdates(enabled = true): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const start = useCallback(
    (profileId: string): HostStream<StreamEvent<'models.updates'>> => ({
      subscribe: (handlers) => loupe.models.updates({ profileId }, handlers),
      onEvent: ({ runs, spend }) => applyModelUpdate(client, profileId, runs, spend),
    }),
    [loupe, client],
  );
  useHostStream(start, enabled);
}
