// `library.changes` says something in the library moved (new entries indexed, a rating, a keep finished):
// every library query is read again. Events come in bursts while the backlog is read, so they are coalesced:
// at most one refresh per COALESCE_MS. Library queries stay fresh until told otherwise (libraryQueries.ts), so
// whenever the subscription starts (the screen shown again, the connection back) what changed while nobody
// listened is read once; a query already on its way is not asked twice.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLoupe } from '../../lib/loupeContext';
import { useTransportState } from '../../transport/transportState';
import { libraryKeys } from './libraryQueries';

export const COALESCE_MS = 500;

export function useLibraryChanges(): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const transport = useTransportState((state) => state.state);
  useEffect(() => {
    if (transport !== 'connected') return;
    void client.invalidateQueries({ queryKey: libraryKeys.all }, { cancelRefetch: false });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = loupe.library.changes(
      {},
      {
        onEvent: () => {
          if (timer !== undefined) return;
          timer = setTimeout(() => {
            timer = undefined;
            void client.invalidateQueries({ queryKey: libraryKeys.all });
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
