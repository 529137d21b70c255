import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { AssetSummary } from '../../../../../src-shared/contract';
import { AssetRowFacts } from '../../../assets/list/AssetRowFacts';
import { added, allToggled, toggled, withRange } from './checklistSelection';

interface AssetChecklistProps {
  /** The assets on screen, in the list's order. */
  assets: readonly AssetSummary[];
  profileId: string;
  /** The selection in the order picked (it may hold assets a search hides). */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** Enter: done choosing. */
  onConfirm: () => void;
  /** The list's id, so the search box can hand the focus on with ↓. */
  id: string;
}

/**
 * The assets as a multi-select list: a click or Space toggles one, Shift with either takes the range from the
 * last one toggled, Ctrl+A takes everything shown (again: lets it all go), ↑/↓ move (with Shift, taking each
 * row on the way), Enter confirms. Each chosen row shows its place in the order, which is the items' order.
 */
export function AssetChecklist({
  assets,
  profileId,
  selected,
  onChange,
  onConfirm,
  id,
}: AssetChecklistProps) {
  const [focusId, setFocusId] = useState<string | null>(null);
  const [anchor, setAnchor] = useState<string | null>(null);
  const shown = assets.map((asset) => asset.assetId);
  const tabbable = focusId !== null && shown.includes(focusId) ? focusId : (shown[0] ?? null);
  const order = new Map(selected.map((assetId, index) => [assetId, index + 1]));

  const toggle = (assetId: string, range: boolean) => {
    onChange(range ? withRange(selected, shown, anchor, assetId) : toggled(selected, assetId));
    setAnchor(assetId);
    setFocusId(assetId);
  };

  const moveTo = (list: HTMLElement, index: number, take: boolean) => {
    const next = shown[Math.min(shown.length - 1, Math.max(0, index))];
    if (next === undefined) return;
    setFocusId(next);
    const rows = Array.from(list.querySelectorAll<HTMLElement>('[role="option"]'));
    rows.find((row) => row.dataset.assetId === next)?.focus();
    if (take) {
      onChange(added(selected, [next]));
      setAnchor(next);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = tabbable === null ? -1 : shown.indexOf(tabbable);
    const list = event.currentTarget;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      onChange(allToggled(selected, shown));
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveTo(list, at + (event.key === 'ArrowDown' ? 1 : -1), event.shiftKey);
        return;
      case 'Home':
      case 'End':
        event.preventDefault();
        moveTo(list, event.key === 'Home' ? 0 : shown.length - 1, false);
        return;
      case ' ':
        event.preventDefault();
        if (tabbable !== null) toggle(tabbable, event.shiftKey);
        return;
      case 'Enter':
        event.preventDefault();
        onConfirm();
        return;
    }
  };

  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Assets"
      aria-multiselectable="true"
      onKeyDown={onKeyDown}
      className="divide-y divide-line/60"
    >
      {assets.map((asset) => (
        <ChecklistRow
          key={asset.assetId}
          asset={asset}
          profileId={profileId}
          place={order.get(asset.assetId) ?? null}
          tabbable={asset.assetId === tabbable}
          onToggle={toggle}
        />
      ))}
    </ul>
  );
}

interface ChecklistRowProps {
  asset: AssetSummary;
  profileId: string;
  /** 1-based place in the selection; null when not chosen. */
  place: number | null;
  tabbable: boolean;
  onToggle: (assetId: string, range: boolean) => void;
}

function ChecklistRow({ asset, profileId, place, tabbable, onToggle }: ChecklistRowProps) {
  const chosen = place !== null;
  return (
    <li
      role="option"
      aria-selected={chosen}
      tabIndex={tabbable ? 0 : -1}
      data-asset-id={asset.assetId}
      // A Shift-click would otherwise select the rows' text as well.
      onMouseDown={(event: MouseEvent) => {
        if (event.shiftKey) event.preventDefault();
      }}
      onClick={(event) => onToggle(asset.assetId, event.shiftKey)}
      className={`flex h-12 cursor-default items-center gap-2.5 px-3 outline-none select-none focus-visible:ring-1 focus-visible:ring-accent focus-visible:ring-inset ${
        chosen ? 'bg-accent/10' : 'hover:bg-hover/50'
      }`}
    >
      <span
        aria-hidden="true"
        title={chosen ? `Item ${place} of the batch’s order` : undefined}
        className={`flex h-4 min-w-4 shrink-0 items-center justify-center rounded-sm border px-0.5 text-[10px] font-semibold tabular-nums ${
          chosen ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-raised'
        }`}
        data-testid="pick-order"
      >
        {chosen ? place : ''}
      </span>
      <AssetRowFacts
        asset={asset}
        profileId={profileId}
        afterName={chosen ? <span className="sr-only">, item {place} of the batch</span> : null}
      />
    </li>
  );
}
