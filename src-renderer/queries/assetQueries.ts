// Query options for assets. The asset route's prefix (`assets.base`) is fixed for the host's lifetime, so it
// is read once; with the active profile it gives every asset URL (lib/assetUrl.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import { unwrap } from '../lib/callError';
import { useLoupe } from '../lib/loupeContext';

export const assetKeys = {
  base: () => ['assets', 'base'] as const,
};

export const assetBaseQuery = (loupe: LoupeApi) =>
  queryOptions({
    queryKey: assetKeys.base(),
    queryFn: async () => (await unwrap(loupe.assets.base())).base,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The asset route's prefix, or undefined while it loads (the query's error says why it did not). */
export function useAssetBase() {
  const loupe = useLoupe();
  return useQuery(assetBaseQuery(loupe));
}
