import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { creditsText } from '../spend/spendFormat';
import { AnswerLostNote } from './AnswerLostNote';
import { isCancellable, isUnfinished, runLook } from '../runStates';
import { CancelRunButton } from './CancelRunButton';
import { RunDisclosures } from './RunDisclosures';
import { RunErrorView } from './RunErrorView';
import { RunProgress } from './RunProgress';
import { RunResult } from './RunResult';
import { useRunActions } from './useRunActions';

/** What the cancel cost, as far as Loupe knows: the Router's credits when it said them, else what the run had reached. */
function cancelledWords(run: RouterRunDetail): string {
  const credits = run.creditsUsed;
  if (credits !== null && credits > 0)
    return `It had started before the cancel reached it; the Router charged ${creditsText(credits)}.`;
  if (credits === 0) return 'The Router charged nothing for it.';
  if (run.cancelAfterStart)
    return 'It was already running when the Router took the cancel, so it may be charged; the Router has not said how much.';
  if (run.cancelRequested)
    return 'It was cancelled while it waited in the queue (as Loupe last saw it): a run cancelled before it starts is not charged.';
  return 'Loupe did not see whether it had started: if it had, it may be charged.';
}

function CancelledNote({ run }: { run: RouterRunDetail }) {
  return (
    <p
      className="rounded border border-state-canceled/40 bg-state-canceled/10 p-3 text-xs text-muted"
      data-testid="run-cancelled"
    >
      <span className="font-medium text-state-canceled">Cancelled.</span> {cancelledWords(run)}
    </p>
  );
}

interface RunPanelProps {
  run: RouterRunDetail;
  profileId: string;
  /** On the model's page a refusal's field errors are on the form; elsewhere they are listed. */
  issuesOnForm: boolean;
}

/** One run as it stands: waiting or queued (with Cancel), its result, or why it failed (with Try again). */
export function RunPanel({ run, profileId, issuesOnForm }: RunPanelProps) {
  const { cancel, retry } = useRunActions(profileId);
  const unfinished = isUnfinished(run.state);
  // Sent, and an error recorded: its answer did not arrive whole. Nothing is under way until it is asked again.
  const answerLost = run.state === 'sent' && run.error !== null;
  return (
    <div className="space-y-3" data-testid="run-panel" data-run-id={run.runId} data-state={run.state}>
      {/* Said once per change of state to screen readers; the page shows it in full. */}
      <p className="sr-only" role="status">
        Run {runLook(run.state).label.toLowerCase()}
        {run.state === 'in_queue' && run.queuePosition !== null ? `, position ${run.queuePosition}` : ''}
      </p>
      {unfinished ? (
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            {answerLost && run.error !== null ? (
              <AnswerLostNote
                error={run.error}
                askAgain={{ pending: retry.isPending, onAsk: () => retry.mutate(run.runId) }}
              />
            ) : (
              <RunProgress run={run} />
            )}
          </div>
          {isCancellable(run.state, run.mode) ? (
            <CancelRunButton
              state={run.state}
              requested={run.cancelRequested}
              pending={cancel.isPending}
              error={cancel.error}
              onConfirm={() => cancel.mutate(run.runId)}
            />
          ) : null}
        </div>
      ) : null}
      {!unfinished ? <RunDisclosures run={run} /> : null}
      {run.state === 'cancelled' ? <CancelledNote run={run} /> : null}
      {run.state === 'failed' && run.error !== null ? (
        <RunErrorView
          error={run.error}
          issuesOnForm={issuesOnForm}
          retry={{ pending: retry.isPending, onRetry: () => retry.mutate(run.runId) }}
        />
      ) : null}
      {run.state === 'failed' && run.error === null ? (
        <p className="text-xs text-state-failed">The run failed; the Router said nothing more.</p>
      ) : null}
      {run.state === 'completed' ? <RunResult run={run} profileId={profileId} /> : null}
    </div>
  );
}
