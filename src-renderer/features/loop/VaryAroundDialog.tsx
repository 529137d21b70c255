import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { LoadingNote } from '../../components/LoadingNote';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { LoopDialogActions } from './LoopDialogActions';
import { useLoopActions } from './useLoopActions';
import { useLoopUi } from './loopUiStore';
import { DEFAULT_NEIGHBOURHOOD, neighbourhoodSweeps } from './varyDraft';

/** Vary around this: the proposed neighbourhood, to confirm (or widen) before anything is planned. */
export function VaryAroundDialog() {
  const target = useLoopUi((state) => state.varyAround);
  const close = useLoopUi((state) => state.closeVaryAround);
  const loupe = useLoupe();
  const actions = useLoopActions();
  const [seedSpread, setSeedSpread] = useState(DEFAULT_NEIGHBOURHOOD.seedSpread);
  const [cfgStep, setCfgStep] = useState(DEFAULT_NEIGHBOURHOOD.cfgStep);
  const recipe = useQuery({
    queryKey: ['jobs.recipe', target?.profileId, target?.jobId],
    queryFn: () =>
      unwrap(loupe.jobs.recipe({ profileId: target?.profileId ?? '', jobId: target?.jobId ?? '' })),
    enabled: target !== null,
  });
  if (target === null) return null;
  const sweeps = recipe.data === undefined ? [] : neighbourhoodSweeps(recipe.data, { seedSpread, cfgStep });
  const problem = recipe.data?.problem ?? (recipe.error instanceof Error ? recipe.error.message : null);
  return (
    <Dialog
      title="Vary around this"
      onClose={close}
      testId="vary-around"
      actions={
        <LoopDialogActions
          confirm="Open in New batch"
          disabled={recipe.data === undefined || problem !== null || sweeps.length === 0}
          onCancel={close}
          onConfirm={() => {
            if (recipe.data === undefined) return;
            void actions.varyWith(recipe.data, target.profileId, target.jobId, sweeps).then((done) => {
              if (done) close();
            });
          }}
        />
      }
    >
      {recipe.isPending ? <LoadingNote>Reading the job’s workflow…</LoadingNote> : null}
      {problem !== null ? (
        <p role="alert" className="text-state-failed">
          {visibleText(problem)}
        </p>
      ) : null}
      {recipe.data !== undefined && problem === null ? (
        <>
          <p>New batch opens with these axes; nothing is planned or sent until you start it there.</p>
          <div className="flex gap-3">
            <label className="flex items-center gap-1">
              Seed ±
              <input
                type="number"
                min={1}
                max={1000}
                value={seedSpread}
                className="w-16 rounded border border-line bg-raised px-1"
                onChange={(event) => setSeedSpread(Math.max(1, Math.floor(Number(event.target.value)) || 1))}
              />
            </label>
            <label className="flex items-center gap-1">
              cfg step
              <input
                type="number"
                min={0.1}
                step={0.1}
                value={cfgStep}
                className="w-16 rounded border border-line bg-raised px-1"
                onChange={(event) => setCfgStep(Math.max(0.1, Number(event.target.value) || 0.5))}
              />
            </label>
          </div>
          <ul className="font-mono text-[11px] text-fg" aria-label="Proposed axes">
            {sweeps.length === 0 ? <li>This job has no seed or cfg to vary around.</li> : null}
            {sweeps.map((sweep) => (
              <li key={sweep}>{visibleText(sweep)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Dialog>
  );
}
