import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { visibleText } from '../../lib/visibleText';
import { AssetPreview } from './AssetPreview';
import type { GalleryItem } from './galleryItem';
import { useModalFocus } from './useModalFocus';
import './gallery.css';

interface LightboxProps {
  items: readonly GalleryItem[];
  /** The item shown (by key, so items that arrive meanwhile do not move it). */
  openKey: string;
  onMove: (key: string) => void;
  onClose: () => void;
  /** Details and actions for the item shown, beside the stage. */
  aside: (item: GalleryItem) => ReactNode;
  /** Where focus goes when it closes: the tile of the item last shown. */
  returnFocus?: (key: string) => HTMLElement | null;
}

/** Arrow keys belong to these while they have focus (a player seeks, a field moves its caret). */
function ownsArrows(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLMediaElement ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * One item large, with its details: ← → (and Home/End) move between items, Esc closes, focus stays inside
 * and goes back to the item's tile afterwards. Keys pressed here never reach the screen behind it.
 */
export function Lightbox({ items, openKey, onMove, onClose, aside, returnFocus }: LightboxProps) {
  const panel = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    items.findIndex((item) => item.key === openKey),
  );
  const item = items[index];
  const shownKey = item?.key ?? openKey;
  const focusBack = useCallback(() => returnFocus?.(shownKey) ?? null, [returnFocus, shownKey]);
  const trapTab = useModalFocus(panel, focusBack);

  // A focused control that went away with the last item (a Retry, a player) leaves focus nowhere.
  useEffect(() => {
    const node = panel.current;
    if (node && !node.contains(document.activeElement)) node.focus();
  }, [shownKey]);

  const move = (step: number) => {
    const next = items[(index + step + items.length) % items.length];
    if (next) onMove(next.key);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      trapTab(event);
    } else if (!ownsArrows(event.target) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const jump: Record<string, () => void> = {
        ArrowRight: () => move(1),
        ArrowLeft: () => move(-1),
        Home: () => onMove(items[0]?.key ?? shownKey),
        End: () => onMove(items[items.length - 1]?.key ?? shownKey),
      };
      const action = jump[event.key];
      if (action) {
        event.preventDefault();
        action();
      }
    }
  };
  const latestKey = useRef(onKey);
  useEffect(() => {
    latestKey.current = onKey;
  });
  // Every key while the lightbox is open is its own, wherever focus is (even nowhere, after a focused control
  // went away): caught on the way down and stopped, so the screen behind never acts on it. Default actions
  // (a button's Enter, a player's arrows, Ctrl+C) still happen.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const node = panel.current;
      if (!node) return;
      event.stopPropagation();
      if (!node.contains(document.activeElement)) node.focus();
      latestKey.current(event);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  if (!item) return null;
  const name = visibleText(item.name);
  const several = items.length > 1;
  return createPortal(
    <div
      className="fixed inset-0 z-50 flex bg-black/75 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={`${name} (${index + 1} of ${items.length})`}
        tabIndex={-1}
        data-testid="lightbox"
        data-key={item.key}
        className="loupe-lightbox flex min-h-0 w-full overflow-hidden rounded-md border border-line bg-panel text-fg shadow-2xl shadow-black/50"
      >
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-10 shrink-0 items-center gap-3 border-b border-line px-3 text-xs">
            <span className="shrink-0 text-faint tabular-nums" aria-live="polite">
              {index + 1} of {items.length}
            </span>
            <h2 className="min-w-0 flex-1 truncate font-medium" title={name}>
              {name}
            </h2>
            <span className="hidden shrink-0 text-[11px] text-faint md:inline">
              {several ? '← → move · ' : ''}Esc closes
            </span>
            <button
              type="button"
              aria-label="Close the viewer (Esc)"
              title="Close (Esc)"
              onClick={onClose}
              className="flex h-7 w-7 items-center justify-center rounded text-base text-muted hover:bg-hover hover:text-fg"
            >
              ×
            </button>
          </header>
          <div className="relative flex min-h-0 flex-1 items-center justify-center bg-canvas px-12 py-6">
            <div className="flex h-full w-full items-center justify-center" data-testid="lightbox-stage">
              <AssetPreview key={item.key} item={item} variant="full" />
            </div>
            {several ? (
              <>
                <StepButton side="left" label="Previous (←)" onClick={() => move(-1)} />
                <StepButton side="right" label="Next (→)" onClick={() => move(1)} />
              </>
            ) : null}
          </div>
        </div>
        <aside className="w-72 shrink-0 overflow-y-auto border-l border-line p-4" aria-label="Details">
          {aside(item)}
        </aside>
      </div>
    </div>,
    document.body,
  );
}

function StepButton({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} flex h-10 w-8 -translate-y-1/2 items-center justify-center rounded bg-panel/80 text-lg text-muted hover:bg-hover hover:text-fg`}
    >
      {side === 'left' ? '‹' : '›'}
    </button>
  );
}
