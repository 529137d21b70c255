import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AssetSummary } from '../../../../../src-shared/contracts/assets';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { errorText } from '../../../../components/errorText';
import { InlineError } from '../../../../components/InlineError';
import { LoadingNote } from '../../../../components/LoadingNote';
import { SearchInput } from '../../../../components/SearchInput';
import { Spinner } from '../../../../components/Spinner';
import { useActiveProfileId } from '../../../../hooks/useActiveProfileId';
import { unwrap } from '../../../../lib/callError';
import { useLoupe } from '../../../../lib/loupeContext';
import { visibleText } from '../../../../lib/visibleText';
import { assetListQuery } from '../../../assets/assetListQueries';
import { AssetRows } from '../../../assets/list/AssetRows';
import type { MediaKind } from '../uiSchemaFor';
import { fitsKind } from './mediaDrop';

/** An asset whose type is not known yet may still be the right kind: it is offered, not hidden. */
function offered(asset: AssetSummary, kind: MediaKind): boolean {
  return asset.contentType === null || fitsKind(asset.contentType, kind);
}

interface AssetPickerDialogProps {
  kind: MediaKind;
  /** The field's name, for the title. */
  fieldLabel: string;
  /** A link to the chosen asset that opens without Loupe, and its name. */
  onPick: (url: string, name: string) => void;
  onClose: () => void;
}

/**
 * Pick an input from the assets this profile knows. A model fetches its inputs itself, so the field gets a
 * link that works without Loupe (`assets.copyLink`); a connection that has none (a local proxy) says so.
 */
export function AssetPickerDialog({ kind, fieldLabel, onPick, onClose }: AssetPickerDialogProps) {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const list = useInfiniteQuery({
    ...assetListQuery(loupe, profileId ?? '', search),
    enabled: profileId !== null,
  });
  const assets = (list.data?.pages.flatMap((page) => page.assets) ?? []).filter((asset) =>
    offered(asset, kind),
  );
  const picked = assets.find((asset) => asset.assetId === chosen) ?? null;
  const link = useMutation({
    mutationFn: (asset: { profileId: string; assetId: string }) => unwrap(loupe.assets.copyLink(asset)),
    onSuccess: (answer) => {
      if (answer.kind === 'signed' && picked) onPick(answer.url, picked.name ?? picked.assetId);
    },
  });
  const refused = link.data?.kind === 'none' ? link.data.message : null;

  return (
    <Dialog
      title={`Choose ${kind === 'media' ? 'a file' : `an ${kind === 'image' ? 'image' : kind}`} for ${fieldLabel}`}
      testId="asset-picker"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            data-autofocus={picked !== null ? true : undefined}
            disabled={picked === null || link.isPending}
            onClick={() => {
              if (picked !== null && profileId !== null) link.mutate({ profileId, assetId: picked.assetId });
            }}
          >
            {link.isPending ? <Spinner /> : null}
            Use this asset
          </Button>
        </>
      }
    >
      <p>The model fetches the file itself, so the field gets a link to it that works without Loupe.</p>
      <SearchInput
        search={search}
        onSearch={setSearch}
        label="Search assets"
        placeholder="Name, id or hash"
      />
      <div
        className="max-h-64 min-h-24 overflow-y-auto rounded border border-line bg-canvas"
        data-testid="asset-picker-list"
      >
        {profileId === null ? (
          <p className="p-3">Choose a connection first.</p>
        ) : list.isPending ? (
          <LoadingNote>Loading assets…</LoadingNote>
        ) : list.isError ? (
          <InlineError
            className="p-3"
            message={`Loupe could not list the assets: ${list.error.message}`}
            code={errorText(list.error).code}
          />
        ) : assets.length === 0 ? (
          <p className="p-3">
            {search === ''
              ? 'No assets of this kind yet. Upload one in Assets, or drop a file on the field.'
              : 'No asset matches.'}
          </p>
        ) : (
          <AssetRows assets={assets} profileId={profileId} openId={chosen} onOpen={setChosen} />
        )}
      </div>
      {refused !== null ? (
        <p role="alert" className="text-state-canceled">
          {visibleText(refused)} Paste an address the model can reach, or drop a file on the field.
        </p>
      ) : null}
      {link.isError ? (
        <InlineError
          message={`Loupe could not make a link: ${link.error.message}`}
          code={errorText(link.error).code}
        />
      ) : null}
    </Dialog>
  );
}
