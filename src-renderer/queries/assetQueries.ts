// Query options for assets. The asset route's prefix (`assets.base`) is fixed for the host's lifetime, so it
// is read once per profile (the call names one); with that profile it gives every asset URL (lib/assetUrl.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import { unwrap } from '../lib/callError';
import { useLoupe } from '../lib/loupeContext';

export const assetKeys = {
  base: (profileId: string) => ['assets', 'base', profileId] as const,
};

export const assetBaseQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: assetKeys.base(profileId),
    queryFn: async () => (await unwrap(loupe.assets.base({ profileId }))).base,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * The asset route's prefix for `profileId`'s assets, or undefined while it loads (the query's error says why
 * it did not); never asked without a profile.
 */
export function useAssetBase(profileId: string | null) {
  const loupe = useLoupe();
  return useQuery({ ...assetBaseQuery(loupe, profileId ?? ''), enabled: profileId !== null });
}
