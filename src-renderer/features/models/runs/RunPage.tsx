import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { LoadingNote } from '../../../components/LoadingNote';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { runQuery } from '../modelQueries';
import { useModelsUi } from '../modelsUiStore';
import { JsonTree } from '../run/json/JsonTree';
import { RunPanel } from '../run/RunPanel';
import { RunStateBadge } from '../run/RunStateBadge';
import { useRunActions } from '../run/useRunActions';
import { useFocusIfLost } from '../useFocusIfLost';

function optionWords(run: RouterRunDetail): string {
  const parts = [run.mode === 'sync' ? 'Sync' : 'Queued'];
  if (run.options.modelProvider)
    parts.push(`on ${run.options.modelProvider}${run.options.strictMode ? ', strict' : ''}`);
  if (run.options.fallback === false) parts.push('no fallback');
  return parts.join(' · ');
}

function RunHeader({ run, profileId }: { run: RouterRunDetail; profileId: string }) {
  const { runAgain, editAndRun } = useRunActions(profileId);
  const openModel = useModelsUi((state) => state.openModel);
  return (
    <header className="space-y-2 border-b border-line px-4 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <RunStateBadge state={run.state} size="md" />
        <Button
          variant="ghost"
          className="font-mono"
          title="Open this model"
          onClick={() => openModel(run.modelId)}
        >
          {visibleText(run.modelId)}
        </Button>
        <span className="flex-1" />
        <Button
          onClick={() => runAgain.mutate(run.runId)}
          disabled={runAgain.isPending}
          title="Run the same input again, as a new run (charged as one)"
        >
          {runAgain.isPending ? <Spinner /> : null}
          Run again
        </Button>
        <Button
          variant="primary"
          onClick={() => void editAndRun(run.runId)}
          title="Open the model’s form with this input, to change it before running"
        >
          Edit and run
        </Button>
      </div>
      {runAgain.isError ? (
        <InlineError
          message={`Loupe could not run it again: ${errorText(runAgain.error).message}`}
          code={errorText(runAgain.error).code}
        />
      ) : null}
      <dl className="grid grid-cols-[auto_1fr_auto_1fr] gap-x-4 gap-y-0.5 text-xs">
        <dt className="text-faint">Started</dt>
        <dd className="text-muted">
          <RelativeTime iso={run.createdAt} />
        </dd>
        <dt className="text-faint">How</dt>
        <dd className="text-muted">{visibleText(optionWords(run))}</dd>
        <dt className="text-faint">Request id</dt>
        <dd className="flex min-w-0 items-center gap-1 font-mono text-muted">
          {run.requestId === null ? (
            <span className="text-faint">none yet</span>
          ) : (
            <>
              <span className="truncate">{visibleText(run.requestId)}</span>
              <CopyButton text={run.requestId} title="Copy the request id">
                Copy
              </CopyButton>
            </>
          )}
        </dd>
        <dt className="text-faint">Sent</dt>
        <dd className="text-muted tabular-nums">
          {run.attempts} {run.attempts === 1 ? 'time' : 'times'} under one key
        </dd>
      </dl>
    </header>
  );
}

/** One run opened from Runs: what was sent, how, where it stands, and its answer; Run again, Edit and run. */
export function RunPage({ profileId, runId }: { profileId: string; runId: string }) {
  const loupe = useLoupe();
  const run = useQuery(runQuery(loupe, profileId, runId));
  const page = useRef<HTMLDivElement>(null);
  useFocusIfLost(page);
  if (run.isPending) return <LoadingNote>Reading the run…</LoadingNote>;
  if (run.isError) return <QueryErrorNotice doing="read this run" query={run} />;
  const detail = run.data;
  return (
    <div
      ref={page}
      tabIndex={-1}
      aria-label={`Run of ${detail.modelId}`}
      className="flex h-full min-w-0 flex-col outline-none"
      data-testid="run-page"
      data-run-id={runId}
    >
      <RunHeader run={detail} profileId={profileId} />
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-3">
        <RunPanel run={detail} profileId={profileId} issuesOnForm={false} />
        <section aria-label="Input sent" className="space-y-1">
          <h3 className="text-xs font-medium text-fg">Input</h3>
          <div className="rounded border border-line bg-canvas">
            <JsonTree key={detail.runId} value={detail.input} label="Input sent" />
          </div>
        </section>
      </div>
    </div>
  );
}
