import { useEffect } from 'react';
import { PaneSplitter } from '../../components/jobs/PaneSplitter';
import { ASSET_LIST_WIDTH, useAssetsUi } from './assetsUiStore';
import { AssetDetail } from './detail/AssetDetail';
import { AssetListPane } from './list/AssetListPane';
import { UploadDropZone } from './upload/UploadDropZone';
import { destinationText, parseUploadOptions } from './upload/uploadOptions';
import { useUploader } from './upload/useUploader';

/** Detail pane with nothing open: what goes here and how to get it there. */
function NoAssetOpen() {
  return (
    <div className="flex h-full items-center justify-center p-8 text-center" data-testid="no-asset-open">
      <div className="max-w-xs text-xs leading-relaxed text-muted">
        <p className="mb-2 text-sm font-medium text-fg">No asset open</p>
        <p>
          Pick an asset to see its hash, size and expiry, copy its reference for a workflow, or delete it.
        </p>
        <p className="mt-3 text-faint">Drop files or folders anywhere on this window to upload them.</p>
      </div>
    </div>
  );
}

/** The Assets screen: the list (with uploads) and the open asset side by side; drops anywhere upload. */
export function AssetsView({ profileId }: { profileId: string }) {
  const enterProfile = useAssetsUi((state) => state.enterProfile);
  const openAssetId = useAssetsUi((state) => state.openAssetId);
  const openAsset = useAssetsUi((state) => state.openAsset);
  const listWidth = useAssetsUi((state) => state.listWidth);
  const setListWidth = useAssetsUi((state) => state.setListWidth);
  const draft = useAssetsUi((state) => state.uploadOptions);
  const uploader = useUploader();
  const start = (input: Parameters<typeof uploader.start>[0]) => void uploader.start(input);
  // Electron opens main's own dialog, whose choices become grants; the browser shell picks in the page.
  const pickInMain = uploader.picksInMain
    ? (kind: 'files' | 'folder') => void uploader.pickInMain(kind)
    : undefined;

  useEffect(() => enterProfile(profileId), [profileId, enterProfile]);

  return (
    <div className="flex h-full min-w-0">
      <UploadDropZone onDrop={start} destination={destinationText(parseUploadOptions(draft))} />
      <div className="h-full min-w-80 shrink-0" style={{ width: listWidth, maxWidth: 'calc(100% - 20rem)' }}>
        <AssetListPane profileId={profileId} onUpload={start} onPickInMain={pickInMain} />
      </div>
      <PaneSplitter
        label="Resize the asset list"
        width={listWidth}
        min={ASSET_LIST_WIDTH.min}
        max={ASSET_LIST_WIDTH.max}
        onResize={setListWidth}
        onReset={() => setListWidth(ASSET_LIST_WIDTH.initial)}
      />
      <div className="h-full min-w-0 flex-1 bg-panel">
        {openAssetId === null ? (
          <NoAssetOpen />
        ) : (
          <AssetDetail
            key={openAssetId}
            profileId={profileId}
            assetId={openAssetId}
            onClose={() => openAsset(null)}
          />
        )}
      </div>
    </div>
  );
}
