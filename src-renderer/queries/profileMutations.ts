import { modelKeys } from './modelKeys';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallArgs, ProfileList } from '../../src-shared/contract';
import { unwrap } from '../lib/callError';
import { useLoupe } from '../lib/loupeContext';
import { profileKeys } from './profileQueries';

export type CredentialStorage = 'keychain' | 'session';

/**
 * Where the host said it put a profile's key, from the answer to setCredential. The profile itself only says
 * whether it has one; this lets the list say "kept for this session" without guessing. Never fetched: it is
 * written by the mutations below and read with `useQuery(credentialStorageQuery(id))`.
 */
export const credentialStorageQuery = (profileId: string) =>
  queryOptions<CredentialStorage | null>({
    queryKey: ['credential-storage', profileId],
    queryFn: () => null,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * A profile's address or key changed: its last connection report is about how things were (reset, not
 * awaited: a probe is slow), and the list reads the profile again.
 */
async function afterProfileChange(queryClient: QueryClient, profileId: string): Promise<void> {
  void queryClient.resetQueries({ queryKey: profileKeys.connection(profileId) });
  // A Router address added, changed or removed: the profile's models, runs and spend are read again now, not
  // when the page is next opened (one answer everywhere for "does this profile have a Router").
  void queryClient.resetQueries({ queryKey: modelKeys.profile(profileId) });
  await queryClient.invalidateQueries({ queryKey: profileKeys.list });
}

export function useCreateProfile() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: CallArgs<'profiles.create'>) => unwrap(loupe.profiles.create(args)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.list }),
  });
}

export function useUpdateProfile() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: CallArgs<'profiles.update'>) => unwrap(loupe.profiles.update(args)),
    onSuccess: (profile) => afterProfileChange(queryClient, profile.id),
  });
}

export function useRemoveProfile() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => unwrap(loupe.profiles.remove({ profileId })),
    onSuccess: (list: ProfileList, profileId) => {
      queryClient.setQueryData(profileKeys.list, list);
      queryClient.removeQueries({ queryKey: profileKeys.connection(profileId) });
      queryClient.removeQueries({ queryKey: credentialStorageQuery(profileId).queryKey });
    },
  });
}

export function useSetCredential() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: CallArgs<'profiles.setCredential'>) => unwrap(loupe.profiles.setCredential(args)),
    onSuccess: async ({ storage, profile }) => {
      queryClient.setQueryData(credentialStorageQuery(profile.id).queryKey, storage);
      await afterProfileChange(queryClient, profile.id);
    },
  });
}

export function useClearCredential() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => unwrap(loupe.profiles.clearCredential({ profileId })),
    onSuccess: async (profile) => {
      queryClient.setQueryData(credentialStorageQuery(profile.id).queryKey, null);
      await afterProfileChange(queryClient, profile.id);
    },
  });
}

/** "Test connection": a fresh probe, whose report also becomes what the status bar shows. */
export function useTestConnection() {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => unwrap(loupe.profiles.test({ profileId, refresh: true })),
    onSuccess: (report) => queryClient.setQueryData(profileKeys.connection(report.profileId), report),
  });
}
