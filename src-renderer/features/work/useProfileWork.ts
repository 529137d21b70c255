// One profiles.work subscription while the host is connected (mounted once, in App): each snapshot goes into
// the query cache (workQueries.ts). The profile the window shows has its failures marked as seen, when it is
// shown and whenever new ones arrive while it is.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useActiveProfileId } from '../../hooks/useActiveProfileId';
import { useLoupe } from '../../lib/loupeContext';
import { useTransportState } from '../../transport/transportState';
import { workKey, workQuery } from './workQueries';

export function useProfileWork(): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const transport = useTransportState((state) => state.state);
  useEffect(() => {
    if (transport !== 'connected') return;
    const subscription = loupe.profiles.work(
      {},
      { onEvent: (event) => client.setQueryData(workKey, event.profiles) },
    );
    return () => subscription.unsubscribe();
  }, [loupe, client, transport]);

  const shown = useActiveProfileId();
  const unseen = useQuery(workQuery).data?.find((work) => work.profileId === shown)?.failuresSinceLooked ?? 0;
  // The profile last marked in this connection: shown again it is marked again only when failures arrive.
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (transport !== 'connected') marked.current = null;
    if (shown === null || transport !== 'connected') return;
    if (marked.current === shown && unseen === 0) return;
    marked.current = shown;
    // Best effort: a refusal (the profile was just removed) changes nothing the user sees.
    loupe.profiles.markLooked({ profileId: shown }).catch(() => undefined);
  }, [loupe, shown, unseen, transport]);
}
