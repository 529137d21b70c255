import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../../components/Button';
import { LoadingNote } from '../../../components/LoadingNote';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { useLoupe } from '../../../lib/loupeContext';
import { assetListQuery } from '../assetListQueries';
import { useAssetsUi } from '../assetsUiStore';
import { UploadButtons } from '../upload/UploadButtons';
import { UploadOptionsForm } from '../upload/UploadOptionsForm';
import { UploadTray } from '../upload/UploadTray';
import type { UploadInput } from '../upload/useUploader';
import { AssetLookup } from './AssetLookup';
import { AssetRows } from './AssetRows';
import { AssetSearch } from './AssetSearch';
import { NoAssetsYet } from './NoAssetsYet';

interface AssetListPaneProps {
  profileId: string;
  onUpload: (input: UploadInput) => void;
  /** Where main has its own dialog (Electron): the buttons open it. */
  onPickInMain?: ((kind: 'files' | 'folder') => void) | undefined;
}

/** The list side: search, upload, options, look-up, the uploads in progress, and the known assets. */
export function AssetListPane({ profileId, onUpload, onPickInMain }: AssetListPaneProps) {
  const loupe = useLoupe();
  const search = useAssetsUi((state) => state.search);
  const openId = useAssetsUi((state) => state.openAssetId);
  const openAsset = useAssetsUi((state) => state.openAsset);
  const optionsOpen = useAssetsUi((state) => state.optionsOpen);
  const setOptionsOpen = useAssetsUi((state) => state.setOptionsOpen);
  const list = useInfiniteQuery(assetListQuery(loupe, profileId, search));
  const rows = list.data?.pages.flatMap((page) => page.assets) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="flex h-full min-w-0 flex-col">
      <div className="flex items-center gap-2 border-b border-line px-3 py-2">
        <AssetSearch />
        <UploadButtons onPick={onUpload} onPickInMain={onPickInMain} variant="primary" />
        <Button
          variant="ghost"
          aria-expanded={optionsOpen}
          aria-controls="upload-options"
          onClick={() => setOptionsOpen(!optionsOpen)}
          title="Folder, tags and expiry for uploads"
        >
          Options
        </Button>
      </div>
      {optionsOpen ? (
        <div id="upload-options">
          <UploadOptionsForm />
        </div>
      ) : null}
      <AssetLookup profileId={profileId} />
      <UploadTray profileId={profileId} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <LoadingNote>Loading the assets Loupe knows…</LoadingNote>
        ) : list.isError ? (
          <QueryErrorNotice doing="list the assets it knows" query={list} />
        ) : rows.length === 0 && search === '' ? (
          <NoAssetsYet
            actions={<UploadButtons onPick={onUpload} onPickInMain={onPickInMain} variant="primary" />}
          />
        ) : rows.length === 0 ? (
          <p role="status" className="p-4 text-xs text-muted">
            No asset Loupe knows matches “{search}”. Look it up above to ask the service.
          </p>
        ) : (
          <AssetRows assets={rows} profileId={profileId} openId={openId} onOpen={openAsset} />
        )}
        {list.hasNextPage ? (
          <div className="flex justify-center p-3">
            <Button disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </Button>
          </div>
        ) : null}
      </div>
      <footer className="flex h-7 shrink-0 items-center border-t border-line px-3 text-[11px] text-faint tabular-nums">
        {list.data === undefined
          ? ''
          : search === ''
            ? `${total} ${total === 1 ? 'asset' : 'assets'} Loupe knows on this profile`
            : `${total} ${total === 1 ? 'asset matches' : 'assets match'} “${search}”`}
        {rows.length < total ? ` · ${rows.length} shown` : ''}
      </footer>
    </div>
  );
}
