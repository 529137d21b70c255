// What only the Electron shell can do for the gallery: save outputs into a folder the user picks (main
// writes them) and drag an output out to the desktop. Installed once the host says it is Electron.
import type { LoupeApi } from '../../src-preload/buildApi';
import { setAssetDragger } from '../components/gallery/assetDrag';
import { setAssetDownloader, type AssetDownloader } from '../components/gallery/assetDownloads';
import { unwrap } from '../lib/callError';

export function folderDownloader(loupe: LoupeApi): AssetDownloader {
  return {
    save: async (files, onSaved) => {
      const [first] = files;
      if (first === undefined) return;
      // One gallery's files, so one profile's; a mixed list would be a caller's mistake, not a download.
      if (files.some((file) => file.profileId !== first.profileId)) {
        throw new Error('The files to save belong to more than one profile.');
      }
      const result = await unwrap(
        loupe.assets.saveToFolder({
          profileId: first.profileId,
          assetIds: files.map((file) => file.assetId),
        }),
      );
      if (result.kind === 'saved') onSaved?.(result.saved);
    },
  };
}

/** Returns a function that removes what it installed. */
export function installElectronIntegrations(loupe: LoupeApi): () => void {
  const restoreDownloader = setAssetDownloader(folderDownloader(loupe));
  const restoreDragger = setAssetDragger(
    (profileId, assetId) => void loupe.assets.dragOut({ profileId, assetId }),
  );
  return () => {
    restoreDragger();
    restoreDownloader();
  };
}
