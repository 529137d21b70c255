import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/callError';
import { useLoupe } from '../lib/loupeContext';
import { profilesQuery } from './appQueries';

/** Switching profiles switches everything; the answer is the new profile list, written straight into the cache. */
export function useSetActiveProfile() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => unwrap(loupe.profiles.setActive({ profileId })),
    onSuccess: (list) => queryClient.setQueryData(profilesQuery(loupe).queryKey, list),
  });
}
