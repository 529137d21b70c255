// Query options for assets. The asset route's prefix (`assets.base`) is fixed for the host's lifetime, so it
// is read once per profile (the call names one); with that profile it gives every asset URL (lib/assetUrl.ts).
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

// Module-level, so useQueries re-combines (and the map below is rebuilt) only when a prefix arrives.
const dataOfEach = (results: readonly { data: string | undefined }[]) => results.map((result) => result.data);

/**
 * The asset route's prefix of each profile the entries name (a grid's tiles span profiles): read once in the
 * grid, not once in each of the dozens of tiles a fast scroll mounts every frame.
 */
export function useAssetBases(entries: readonly { profileId: string }[]): ReadonlyMap<string, string> {
  const loupe = useLoupe();
  const profileIds = useMemo(() => {
    const ids = new Set<string>();
    for (const entry of entries) ids.add(entry.profileId);
    return [...ids].sort();
  }, [entries]);
  const bases = useQueries({
    queries: profileIds.map((profileId) => assetBaseQuery(loupe, profileId)),
    combine: dataOfEach,
  });
  return useMemo(() => {
    const known = new Map<string, string>();
    profileIds.forEach((profileId, index) => {
      const base = bases[index];
      if (base !== undefined) known.set(profileId, base);
    });
    return known;
  }, [profileIds, bases]);
}
