import { useId, type KeyboardEvent } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { ModalFrame } from '../../../components/ModalFrame';
import type { LibraryActions } from '../bulk/useLibraryActions';
import { rateOrReject } from '../grid/useGridKeys';
import { useLibraryUi } from '../libraryUiStore';
import { StarRating } from '../tile/StarRating';
import { TileMarks } from '../tile/TileMarks';
import { EntryLoopActions } from '../../loop/EntryLoopActions';
import { isTyping } from '../../../lib/keyTargets';
import { EntryActions } from './EntryActions';
import { EntryFacts } from './EntryFacts';
import { EntryPicture } from './EntryPicture';

interface LibraryLightboxProps {
  entries: readonly LibraryEntry[];
  entryId: number;
  actions: LibraryActions;
}

/** One entry large, with what made it beside it; ←/→ step through the results, 1–5/0/x rate this one. */
export function LibraryLightbox({ entries, entryId, actions }: LibraryLightboxProps) {
  const titleId = useId();
  const factsId = useId();
  const index = entries.findIndex((entry) => entry.entryId === entryId);
  const entry = entries[index];
  const close = () => useLibraryUi.getState().openLightbox(null);
  const step = (by: number) => {
    const next = entries[index + by];
    if (next === undefined) return;
    const ui = useLibraryUi.getState();
    ui.focus(next.entryId);
    ui.openLightbox(next.entryId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A key typed into the tag field is a character, not a step or a rating.
    if (entry === undefined || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target))
      return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      step(event.key === 'ArrowRight' ? 1 : -1);
    } else if (rateOrReject(event.key, actions, () => !entry.rejected, [entry.entryId])) {
      event.preventDefault();
    }
  };
  return (
    <ModalFrame
      role="dialog"
      labelledBy={titleId}
      describedBy={factsId}
      onClose={close}
      testId="library-lightbox"
      className="flex h-full w-full max-w-7xl rounded-md"
    >
      <div className="flex h-full w-full" onKeyDown={onKeyDown}>
        <div className="flex min-w-0 flex-1 items-center justify-center bg-black/40 p-3">
          {entry === undefined ? (
            <p className="text-xs text-muted">This entry is no longer in the results.</p>
          ) : (
            <EntryPicture entry={entry} />
          )}
        </div>
        <aside className="flex w-96 shrink-0 flex-col border-l border-line">
          <header className="flex items-start gap-2 border-b border-line p-3">
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="truncate text-sm font-semibold" title={entry?.title}>
                {entry?.title ?? 'Entry'}
              </h2>
              {entry && (
                <div className="mt-1 flex items-center gap-2">
                  <StarRating
                    rating={entry.rating}
                    label={entry.title}
                    onRate={(rating) => void actions.rate(rating, [entry.entryId])}
                  />
                  <TileMarks entry={entry} />
                </div>
              )}
              <p className="mt-1 text-[11px] text-faint">
                {index + 1} of {entries.length} loaded · ←/→ step · 1–5 rate · 0 clear · x reject
              </p>
            </div>
            <Button variant="ghost" onClick={() => step(-1)} disabled={index <= 0} aria-label="Previous">
              ←
            </Button>
            <Button
              variant="ghost"
              onClick={() => step(1)}
              disabled={index < 0 || index >= entries.length - 1}
              aria-label="Next"
            >
              →
            </Button>
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
          </header>
          <div id={factsId} className="min-h-0 flex-1 space-y-3 overflow-auto p-3">
            {entry === undefined ? null : (
              <>
                <EntryLoopActions entry={entry} onLeave={close} />
                <EntryActions entry={entry} actions={actions} />
              </>
            )}
            <EntryFacts entryId={entryId} />
          </div>
        </aside>
      </div>
    </ModalFrame>
  );
}
