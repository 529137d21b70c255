// What only the Electron shell can do for the gallery: save outputs into a folder the user picks (main
// writes them) and drag an output out to the desktop. Installed once the host says it is Electron.
import type { LoupeApi } from '../../src-preload/buildApi';
import { setAssetDragger } from '../components/gallery/assetDrag';
import { setAssetDownloader, type AssetDownloader } from '../components/gallery/assetDownloads';
import { unwrap } from '../lib/callError';

export function folderDownloader(loupe: LoupeApi): AssetDownloader {
  return {
    save: async (files, onSaved) => {
      if (files.length === 0) return;
      const result = await unwrap(loupe.assets.saveToFolder({ assetIds: files.map((file) => file.assetId) }));
      if (result.kind === 'saved') onSaved?.(result.saved);
    },
  };
}

/** Returns a function that removes what it installed. */
export function installElectronIntegrations(loupe: LoupeApi): () => void {
  const restoreDownloader = setAssetDownloader(folderDownloader(loupe));
  const restoreDragger = setAssetDragger((assetId) => void loupe.assets.dragOut({ assetId }));
  return () => {
    restoreDragger();
    restoreDownloader();
  };
}
