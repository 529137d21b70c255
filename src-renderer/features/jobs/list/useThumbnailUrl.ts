// Where a row's picture loads from: the asset route, the same road the gallery, lightbox and contact sheet
// take, so main's disk cache and its re-resolving of expired signed links serve the list too. The URL is
// the asset's plain route URL, the same on every render and every mount, so the browser and the route see
// one picture, not one per scroll.
import { useCallback } from 'react';
import type { JobThumbnail } from '../../../../src-shared/contract';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { assetUrl } from '../../../lib/assetUrl';
import { useAssetBase } from '../../../queries/assetQueries';

/** A row's thumbnail as its URL on the asset route; null when there is nothing to load. */
export type ThumbnailUrl = (thumbnail: JobThumbnail | null) => string | null;

/**
 * One function for a whole list, turning a row's thumbnail into its URL for the active profile (whose rows
 * the lists show). Each memoised row then gets a plain string, and draws again only when its picture
 * changes. Null for a row without a picture, and until the route's base is known.
 */
export function useThumbnailUrl(): ThumbnailUrl {
  const profileId = useActiveProfileId();
  const base = useAssetBase(profileId).data;
  return useCallback(
    (thumbnail) =>
      thumbnail === null || base === undefined || profileId === null
        ? null
        : assetUrl(base, profileId, thumbnail.assetId),
    [base, profileId],
  );
}
