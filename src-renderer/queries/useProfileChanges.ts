import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLoupe } from '../lib/loupeContext';
import { useTransportState } from '../transport/transportState';
import { profileKeys } from './profileQueries';

/**
 * Keeps the profile cache fresh: one `profiles.changes` subscription per host connection, and every change
 * (from this window, another window or the CLI) marks ['profiles'] stale. Mount once, in App.
 */
export function useProfileChanges(): void {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  const transport = useTransportState((state) => state.state);
  const wasConnected = useRef(false);
  useEffect(() => {
    if (transport !== 'connected') return;
    // Changes made while the host connection was down sent no events: read everything again.
    if (wasConnected.current) void queryClient.invalidateQueries({ queryKey: profileKeys.list });
    wasConnected.current = true;
    const subscription = loupe.profiles.changes(
      {},
      {
        onEvent: (change) => {
          // A refetch already under way (after this window's own change) answers this event too.
          void queryClient.invalidateQueries({ queryKey: profileKeys.list }, { cancelRefetch: false });
          const touchesService = change.kind === 'updated' || change.kind === 'credential';
          if (change.profileId !== null && touchesService) {
            void queryClient.invalidateQueries(
              { queryKey: profileKeys.connection(change.profileId) },
              { cancelRefetch: false },
            );
          }
        },
      },
    );
    return () => subscription.unsubscribe();
  }, [loupe, queryClient, transport]);
}
