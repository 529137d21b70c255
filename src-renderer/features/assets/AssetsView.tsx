import { useEffect } from 'react';
import { ListBesideDetail, type PaneLayout } from '../../components/jobs/ListBesideDetail';
import { NothingOpen } from '../../components/jobs/NothingOpen';
import { ASSET_LIST_WIDTH, useAssetsUi } from './assetsUiStore';
import { AssetDetail } from './detail/AssetDetail';
import { AssetListPane } from './list/AssetListPane';
import { UploadDropZone } from './upload/UploadDropZone';
import { destinationText, parseUploadOptions } from './upload/uploadOptions';
import { useUploader } from './upload/useUploader';

const ASSET_PANES: PaneLayout = {
  label: 'Resize the asset list',
  limits: ASSET_LIST_WIDTH,
  listMinWidth: 'min-w-80',
  detailRoom: '20rem',
};

function NoAssetOpen() {
  return (
    <NothingOpen
      testId="no-asset-open"
      title="No asset open"
      hint="Drop files or folders anywhere on this window to upload them."
    >
      Pick an asset to see its hash, size and expiry, copy its reference for a workflow, or delete it.
    </NothingOpen>
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
      <ListBesideDetail
        layout={ASSET_PANES}
        width={listWidth}
        onResize={setListWidth}
        list={<AssetListPane profileId={profileId} onUpload={start} onPickInMain={pickInMain} />}
      >
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
      </ListBesideDetail>
    </div>
  );
}
