import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { LoadingNote } from '../../../components/LoadingNote';
import { useLoupe } from '../../../lib/loupeContext';
import { runQuery } from '../modelQueries';
import { isUnfinished } from '../runStates';
import { RunPanel } from '../run/RunPanel';
import type { StartState } from './useStartRun';
import { WaitingForAnswer } from './WaitingForAnswer';

interface LastRunProps {
  profileId: string;
  runId: string | null;
  start: StartState;
  /** Told each time what is shown changes (waiting, a run's state), and whether the run has ended. */
  onShown: (ended: boolean) => void;
}

/** Under the form: the run being sent, or the last one started here, as it stands now. */
export function LastRun({ profileId, runId, start, onShown }: LastRunProps) {
  const loupe = useLoupe();
  const run = useQuery({ ...runQuery(loupe, profileId, runId ?? ''), enabled: runId !== null });
  const state = run.data?.state;
  const stage =
    start.waitingSince !== null
      ? 'waiting'
      : start.error !== null
        ? 'error'
        : `${runId ?? ''}:${state ?? ''}`;
  const ended =
    start.waitingSince === null && (start.error !== null || (state !== undefined && !isUnfinished(state)));
  useLayoutEffect(() => onShown(ended), [onShown, stage, ended]);
  let body = null;
  if (start.waitingSince !== null) {
    body = <WaitingForAnswer since={start.waitingSince} mode={start.mode} />;
  } else if (start.error !== null) {
    const words = errorText(start.error);
    body = (
      <InlineError
        message={`Loupe could not start the run: ${words.message}`}
        nextStep={words.nextStep}
        code={words.code}
      />
    );
  } else if (runId !== null) {
    body = run.data ? (
      <RunPanel run={run.data} profileId={profileId} issuesOnForm />
    ) : run.isError ? (
      <InlineError
        message={`Loupe could not read the run: ${errorText(run.error).message}`}
        code={errorText(run.error).code}
      />
    ) : (
      <LoadingNote>Reading the run…</LoadingNote>
    );
  }
  if (body === null) return null;
  return (
    <section
      aria-label="This model’s last run"
      className="border-t border-line px-4 py-3"
      data-testid="last-run"
    >
      {body}
    </section>
  );
}
