import { queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import { unwrap } from '../lib/callError';

/**
 * Query keys for profile-related server state. The connection reports and the keychain status live outside
 * ['profiles'] on purpose: every profile change invalidates ['profiles'], and that must not re-probe every
 * service or the keychain.
 */
export const profileKeys = {
  list: ['profiles'] as const,
  connection: (profileId: string) => ['connection', profileId] as const,
  keychain: ['keychain'] as const,
};

/** The last "Test connection" report for a profile; main caches it per profile, so this is cheap to ask. */
export const connectionQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: profileKeys.connection(profileId),
    queryFn: () => unwrap(loupe.profiles.test({ profileId })),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Probes the OS keychain in main (a write, a read and a delete), so it is asked once and kept. */
export const keychainStatusQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: profileKeys.keychain,
    queryFn: () => unwrap(loupe.profiles.keychainStatus()),
    staleTime: Infinity,
    retry: false,
  });
