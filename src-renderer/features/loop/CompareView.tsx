import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { useModalFocus } from '../../components/gallery/useModalFocus';
import { LoadingNote } from '../../components/LoadingNote';
import { QueryErrorNotice } from '../../components/QueryErrorNotice';
import { assetUrl, thumbUrl } from '../../lib/assetUrl';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { useAssetBase } from '../../queries/assetQueries';
import { CompareFacts } from './CompareFacts';
import { CompareRatings } from './CompareRatings';
import { ComparePanes, type CompareMode } from './ComparePanes';
import { HOME, zoomed, type View } from './compareView';
import { useLoopUi, type ComparePick } from './loopUiStore';

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

type TrapTab = (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>) => void;

/**
 * s swaps A and B, ← → step through the pairs given, + − 0 zoom (all panes at once), Esc closes, Tab stays
 * inside. Every key while Compare is open is its own: caught on the way down and stopped, so the screen behind
 * (a batch that closes on Esc, a grid that rates on 1–5) never acts on it. Default actions still happen.
 */
function useCompareKeys(setView: (change: (view: View) => View) => void, trapTab: TrapTab) {
  const { swap, step, closeCompare } = useLoopUi.getState();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      event.stopPropagation();
      if (event.key === 'Tab') {
        trapTab(event);
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const actions: Record<string, () => void> = {
        s: swap,
        ArrowRight: () => step(1),
        ArrowLeft: () => step(-1),
        '+': () => setView((view) => zoomed(view, 1.25)),
        '=': () => setView((view) => zoomed(view, 1.25)),
        '-': () => setView((view) => zoomed(view, 0.8)),
        '0': () => setView(() => HOME),
        Escape: closeCompare,
      };
      const action = actions[event.key];
      if (action === undefined) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [swap, step, closeCompare, setView, trapTab]);
}

function ModeButtons({
  mode,
  onMode,
  two,
}: {
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
  two: boolean;
}) {
  const modes: [CompareMode, string][] = [
    ['side', 'Side by side'],
    ['slider', 'A/B slider'],
    ['difference', 'Difference'],
  ];
  return (
    <div role="group" aria-label="How to compare" className="flex gap-1">
      {modes.map(([value, words]) => (
        <Button
          key={value}
          variant={mode === value ? 'primary' : 'ghost'}
          aria-pressed={mode === value}
          disabled={value !== 'side' && !two}
          title={value !== 'side' && !two ? 'With two pictures' : undefined}
          onClick={() => onMode(value)}
        >
          {words}
        </Button>
      ))}
    </div>
  );
}

function Compare({
  picks,
  scopeProfileId,
  stepWords,
  trapTab,
}: {
  picks: ComparePick[];
  scopeProfileId: string;
  stepWords: string | null;
  trapTab: TrapTab;
}) {
  const loupe = useLoupe();
  const [mode, setMode] = useState<CompareMode>('side');
  const [view, setViewState] = useState<View>(HOME);
  const setView = (change: (view: View) => View) => setViewState(change);
  useCompareKeys(setView, trapTab);
  const base = useAssetBase(scopeProfileId);
  const refs = picks.map(({ profileId, jobId }) => ({ profileId, jobId }));
  const diff = useQuery({
    queryKey: ['jobs.compare', refs],
    queryFn: () => unwrap(loupe.jobs.compare({ profileId: scopeProfileId, jobs: refs })),
    enabled: refs.length >= 2,
    staleTime: 60_000,
  });
  const two = picks.length === 2;
  const shown = two ? mode : 'side';
  const pictures =
    base.data === undefined
      ? []
      : picks.map((pick) => ({
          url: assetUrl(base.data, pick.profileId, pick.assetId),
          preview: thumbUrl(base.data, pick.profileId, pick.assetId),
          label: pick.label,
        }));
  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-2">
        <div className="flex items-center gap-3 text-xs">
          <ModeButtons mode={shown} onMode={setMode} two={two} />
          <span className="text-faint tabular-nums">{Math.round(view.zoom * 100)}%</span>
          <span className="text-faint">
            s swap · + − 0 zoom{stepWords === null ? '' : ` · ← → ${stepWords}`}
          </span>
        </div>
        <ComparePanes pictures={pictures} mode={shown} view={view} onView={(next) => setViewState(next)} />
      </div>
      <aside className="w-80 shrink-0 overflow-auto border-l border-line p-3" aria-label="Differences">
        <CompareRatings picks={picks} />
        {diff.data !== undefined ? (
          <CompareFacts result={diff.data} />
        ) : diff.isError ? (
          <QueryErrorNotice doing="compare the jobs" query={diff} />
        ) : (
          <LoadingNote>Reading the jobs’ workflows…</LoadingNote>
        )}
      </aside>
    </div>
  );
}

/** The compare view over the whole window, while the loop store holds picks. */
export function CompareView({ scopeProfileId }: { scopeProfileId: string }) {
  const compare = useLoopUi((state) => state.compare);
  if (compare === null) return null;
  return <CompareDialog compare={compare} scopeProfileId={scopeProfileId} />;
}

type OpenCompare = NonNullable<ReturnType<typeof useLoopUi.getState>['compare']>;

/**
 * The dialog holds focus while open (the screen behind, a grid or a job page, never hears its keys) and gives
 * it back to what opened it.
 */
function CompareDialog({ compare, scopeProfileId }: { compare: OpenCompare; scopeProfileId: string }) {
  const close = useLoopUi((state) => state.closeCompare);
  const panel = useRef<HTMLDivElement>(null);
  const trapTab = useModalFocus(panel, () => null);
  const stepWords = compare.steps === null ? null : `pair ${compare.step + 1} of ${compare.steps.length}`;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="true"
      aria-label="Compare"
      tabIndex={-1}
      className="fixed inset-0 z-40 flex flex-col bg-canvas outline-none"
    >
      <header className="flex items-center gap-2 border-b border-line px-3 py-2">
        <h2 className="flex-1 text-sm font-semibold">Compare {compare.picks.length} outputs</h2>
        <Button variant="ghost" aria-label="Close compare (Esc)" onClick={close}>
          ×
        </Button>
      </header>
      <Compare
        picks={compare.picks}
        scopeProfileId={scopeProfileId}
        stepWords={stepWords}
        trapTab={trapTab}
      />
    </div>
  );
}
