// Where a row's picture loads from: the library's thumbnail beside the asset route (a small WebP made once per
// hash, as the library's grid loads), never the original, which can be a 4K PNG decoded whole for a 40 px
// square on every row in view. The original, on the same road the gallery and lightbox take, is the fallback
// when no thumbnail can be had. Each URL is the same on every render and every mount, so the browser and the
// route see one picture, not one per scroll.
import { useCallback } from 'react';
import type { JobThumbnail } from '../../../../src-shared/contract';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { sizedAssetUrl } from '../../../lib/assetUrl';
import { useAssetBase } from '../../../queries/assetQueries';

/**
 * A row's thumbnail as its URL: the library's small one, or (`'original'`) the picture itself for when that
 * fails; null when there is nothing to load (a sound's waveform and a video's poster have no original that is a
 * picture).
 */
export type ThumbnailUrl = (thumbnail: JobThumbnail | null, size?: 'small' | 'original') => string | null;

/**
 * One function for a whole list, turning a row's thumbnail into its URL for the active profile (whose rows
 * the lists show). Each memoised row then gets a plain string, and draws again only when its picture
 * changes. Null for a row without a picture, and until the route's base is known.
 */
export function useThumbnailUrl(): ThumbnailUrl {
  const profileId = useActiveProfileId();
  const base = useAssetBase(profileId).data;
  return useCallback(
    (thumbnail, size = 'small') =>
      thumbnail === null ||
      base === undefined ||
      profileId === null ||
      (size === 'original' && thumbnail.kind !== undefined)
        ? null
        : sizedAssetUrl(size, base, profileId, thumbnail.assetId),
    [base, profileId],
  );
}
