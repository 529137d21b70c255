import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileList } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { connectionStateOf } from '../../queries/connectionState';
import { profileKeys } from '../../queries/profileQueries';
import { useOnboarding } from './onboardingStore';

/** "Connect to the local proxy": make the built-in local profile active, then probe it. */
export function useConnectLocal(list: ProfileList | undefined) {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  const begin = useOnboarding((state) => state.begin);
  const finish = useOnboarding((state) => state.finish);
  return useMutation({
    mutationKey: ['onboarding', 'local'],
    mutationFn: async () => {
      const local = list?.profiles.find((profile) => profile.builtIn === 'local');
      // The user may have removed the built-in one; a self-hosted profile with no address means the default.
      const profileId =
        local?.id ??
        (await unwrap(loupe.profiles.create({ name: 'Local proxy', surface: 'self-hosted', baseUrl: '' })))
          .id;
      queryClient.setQueryData(profileKeys.list, await unwrap(loupe.profiles.setActive({ profileId })));
      return unwrap(loupe.profiles.test({ profileId, refresh: true }));
    },
    onMutate: () => begin('local'),
    onSuccess: (report) => {
      queryClient.setQueryData(profileKeys.connection(report.profileId), report);
      if (connectionStateOf(report) === 'connected') finish();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: profileKeys.list }),
  });
}

/** "Try the Demo server": making the Demo profile active starts its server in main, which takes a moment. */
export function useTryDemo(list: ProfileList | undefined) {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  const begin = useOnboarding((state) => state.begin);
  const finish = useOnboarding((state) => state.finish);
  return useMutation({
    mutationKey: ['onboarding', 'demo'],
    mutationFn: async () => {
      const demo = list?.profiles.find((profile) => profile.builtIn === 'demo');
      if (!demo) throw new Error('This Loupe build has no Demo server.');
      return unwrap(loupe.profiles.setActive({ profileId: demo.id }));
    },
    onMutate: () => begin('demo'),
    onSuccess: (next) => {
      queryClient.setQueryData(profileKeys.list, next);
      finish();
    },
    // Main records the choice before it starts the server, so a failed start still changed the active profile.
    onError: () => queryClient.invalidateQueries({ queryKey: profileKeys.list }),
  });
}

export type ConnectLocal = ReturnType<typeof useConnectLocal>;
export type TryDemo = ReturnType<typeof useTryDemo>;
