// `library.changes` says something in the library moved (new entries indexed, a rating, a keep finished):
// the library is read again (refreshLibrary: the searches where they are seen). Events come in bursts while
// the backlog is read, so they are coalesced: at most one refresh per COALESCE_MS. Library queries stay fresh
// until told otherwise (libraryQueries.ts), so whenever the subscription starts (the screen shown again, the
// connection back) what changed while nobody listened is read once; a query already on its way is not asked
// twice.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLoupe } from '../../lib/loupeContext';
import { useTransportState } from '../../transport/transportState';
import { refreshLibrary } from './refresh/pageRefresh';

export const COALESCE_MS = 500;

/** The query clients a subscription has listened for (one per window; tests make their own). */
const listenedBefore = new WeakSet<QueryClient>();

export function useLibraryChanges(): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const transport = useTransportState((state) => state.state);
  useEffect(() => {
    if (transport !== 'connected') return;
    // The first subscription of this window missed nothing its searches have not read since (the start's
    // head start, prefetchLibrary, may still be on its way, and would only be read twice); a later one may
    // have missed changes, while the screen was hidden or the connection down.
    const missed = listenedBefore.has(client);
    listenedBefore.add(client);
    void refreshLibrary(client, { cancelRefetch: false, searches: missed });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = loupe.library.changes(
      {},
      {
        onEvent: () => {
          if (timer !== undefined) return;
          timer = setTimeout(() => {
            timer = undefined;
            void refreshLibrary(client);
          }, COALESCE_MS);
        },
      },
    );
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [loupe, client, transport]);
}
