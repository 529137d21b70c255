import { memo, type KeyboardEvent } from 'react';
import type { AssetSummary } from '../../../../src-shared/contract';
import { AssetRowFacts } from './AssetRowFacts';

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
      <AssetRowFacts asset={asset} profileId={profileId} showOrigins />
    </li>
  );
});
