import { memo, type KeyboardEvent } from 'react';
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

interface AssetRowsProps {
  assets: readonly AssetSummary[];
  profileId: string;
  openId: string | null;
  onOpen: (assetId: string) => void;
}

/** The known assets, newest first; ↑/↓ move through them and open each. */
export function AssetRows({ assets, profileId, openId, onOpen }: AssetRowsProps) {
  const focusable = openId !== null && assets.some((a) => a.assetId === openId) ? openId : assets[0]?.assetId;
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const options = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]'));
    const at = options.findIndex((option) => option === document.activeElement);
    const next =
      options[Math.min(options.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))];
    next?.focus();
    const id = next?.dataset.assetId;
    if (id !== undefined) onOpen(id);
  };
  return (
    <ul role="listbox" aria-label="Assets" onKeyDown={onKeyDown} className="divide-y divide-line/60">
      {assets.map((asset) => (
        <AssetRow
          key={asset.assetId}
          asset={asset}
          profileId={profileId}
          open={asset.assetId === openId}
          tabbable={asset.assetId === focusable}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}

interface AssetRowProps {
  asset: AssetSummary;
  profileId: string;
  open: boolean;
  tabbable: boolean;
  onOpen: (assetId: string) => void;
}

const AssetRow = memo(function AssetRow({ asset, profileId, open, tabbable, onOpen }: AssetRowProps) {
  const name = visibleText(asset.name ?? asset.assetId);
  return (
    <li
      role="option"
      aria-selected={open}
      tabIndex={tabbable ? 0 : -1}
      data-asset-id={asset.assetId}
      onClick={() => onOpen(asset.assetId)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(asset.assetId);
        }
      }}
      className={`flex h-12 cursor-default items-center gap-2.5 px-3 outline-none focus-visible:bg-hover ${
        open ? 'bg-hover' : 'hover:bg-hover/50'
      }`}
    >
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
          <span className="shrink-0">{asset.origins.map((origin) => ORIGIN_WORDS[origin]).join(' · ')}</span>
          <RelativeTime iso={asset.createdAt} missing="" className="shrink-0" />
        </div>
      </div>
    </li>
  );
});
