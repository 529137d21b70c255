import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { modelKeys } from '../../../queries/modelKeys';

/** Refresh: every page of the catalogue read again from the Router (models.catalogue with refresh). */
export function useRefreshCatalogue(profileId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(loupe.models.catalogue({ profileId, refresh: true })),
    onSuccess: (catalogue) => client.setQueryData(modelKeys.catalogue(profileId), catalogue),
  });
}
