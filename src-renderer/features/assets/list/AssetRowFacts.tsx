import type { ReactNode } from 'react';
import type { AssetOrigin, AssetSummary } from '../../../../src-shared/contract';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { exactBytes, formatBytes, shortHash } from '../assetFormat';
import { AssetThumb } from '../detail/AssetThumb';

const ORIGIN_WORDS: Record<AssetOrigin, string> = {
  upload: 'uploaded',
  output: 'output',
  lookup: 'looked up',
};

interface AssetRowFactsProps {
  asset: AssetSummary;
  profileId: string;
  /** Said after the name to a screen reader (the checklist's place in the order, say). */
  afterName?: ReactNode;
  /** Whether the second line names where the asset came from. */
  showOrigins?: boolean;
}

// Shared by the Assets list and the New batch inputs picker so an asset row reads the same in both.
/** An asset row's thumbnail, name, size, hash (or id), origins and age. */
export function AssetRowFacts({ asset, profileId, afterName, showOrigins = false }: AssetRowFactsProps) {
  const name = visibleText(asset.name ?? asset.assetId);
  return (
    <>
      <AssetThumb
        profileId={profileId}
        assetId={asset.assetId}
        contentType={asset.contentType}
        name={asset.name}
        alt=""
        size="row"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="min-w-0 flex-1 truncate text-xs text-fg" title={name}>
            <VisibleMarks text={name} />
            {afterName}
          </span>
          <span
            className="shrink-0 text-[11px] text-muted tabular-nums"
            title={asset.sizeBytes === null ? undefined : exactBytes(asset.sizeBytes)}
          >
            {asset.sizeBytes === null ? '' : formatBytes(asset.sizeBytes)}
          </span>
        </div>
        <div className="flex items-baseline gap-2 text-[11px] text-faint">
          <span className="min-w-0 flex-1 truncate font-mono" title={asset.hash ?? 'Hash not known yet'}>
            {asset.hash === null ? asset.assetId : shortHash(asset.hash)}
          </span>
          {showOrigins ? (
            <span className="shrink-0">
              {asset.origins.map((origin) => ORIGIN_WORDS[origin]).join(' · ')}
            </span>
          ) : null}
          <RelativeTime iso={asset.createdAt} missing="" className="shrink-0" />
        </div>
      </div>
    </>
  );
}
