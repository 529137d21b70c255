// A row of a job (or batch) that made only video shows the video's poster frame, as the library's tile does.
// Main cannot decode video, so the first window to show one draws its first frame and hands it to main
// (library/poster/posterQueue.ts: once per entry a session, two videos at a time). A row whose poster main does
// not hold yet draws it the same way: it finds the library entry of its video by profile and asset, and draws
// from the asset route.
import { useCallback } from 'react';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { assetUrl } from '../../../lib/assetUrl';
import { useLoupe } from '../../../lib/loupeContext';
import { useAssetBase } from '../../../queries/assetQueries';
import { posterFor } from '../../library/poster/posterQueue';

/** Draws the poster of the active profile's video `assetId` and hands it to main; true once main holds one. */
export type PosterDrawer = (assetId: string) => Promise<boolean>;

/** One drawer for a whole list (the active profile's rows), the same function on every render. */
export function useRowPosterDrawer(): PosterDrawer {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const base = useAssetBase(profileId).data;
  return useCallback(
    async (assetId) => {
      if (profileId === null || base === undefined) return false;
      const found = await loupe.library.entryOfAsset({ profileId, assetId });
      // No entry (the library has not read the job, or the output is not a library entry): nothing to draw for.
      if (!found.ok || found.value.entry === null) return false;
      return posterFor(loupe, found.value.entry.entryId, assetUrl(base, profileId, assetId));
    },
    [loupe, profileId, base],
  );
}
