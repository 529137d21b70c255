// Query options for the assets Loupe knows: the paged, searchable list and one asset's details. Keys sit
// under ['assets', 'known', profileId], so another profile never shows these rows and one invalidation after
// an upload or a delete refreshes everything the screen shows. (The asset route's base is in
// queries/assetQueries.ts.)
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type { AssetListPage } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';

export const ASSET_PAGE_SIZE = 100;

export const knownAssetKeys = {
  profile: (profileId: string) => ['assets', 'known', profileId] as const,
  list: (profileId: string, search: string) => ['assets', 'known', profileId, 'list', search] as const,
  detail: (profileId: string, assetId: string) => ['assets', 'known', profileId, 'detail', assetId] as const,
};

export const assetListQuery = (loupe: LoupeApi, profileId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: knownAssetKeys.list(profileId, search),
    queryFn: ({ pageParam }) =>
      unwrap(
        loupe.assets.list({
          profileId,
          ...(search.trim() === '' ? {} : { search: search.trim() }),
          cursor: pageParam,
          limit: ASSET_PAGE_SIZE,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AssetListPage) => last.nextCursor,
  });

/** One asset as the service describes it now (or, offline, as Loupe remembers it). */
export const assetDetailQuery = (loupe: LoupeApi, profileId: string, assetId: string) =>
  queryOptions({
    queryKey: knownAssetKeys.detail(profileId, assetId),
    queryFn: () => unwrap(loupe.assets.get({ profileId, assetId })),
    staleTime: 30_000,
  });
