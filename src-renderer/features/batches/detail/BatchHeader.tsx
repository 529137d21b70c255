import type { ReactNode } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { Spinner } from '../../../components/Spinner';
import { visibleText } from '../../../lib/visibleText';
import { hasSettled, isGone } from '../../../queries/jobQueries';
import { countsInWords, plural } from '../batchCounts';
import { BatchStateBar } from '../BatchStateBar';

interface BatchHeaderProps {
  batch: BatchDetail;
  onClose: () => void;
  /** Buttons beside the name (Export). */
  actions?: ReactNode;
  /** Under the counts: the batch's progress and its sending controls. */
  children?: ReactNode;
}

/**
 * How many of the batch's jobs the service forgot, when that is all that keeps it from finishing: every other
 * item was refused or has ended, so nothing more will come (the items say Gone, with Retry on each job's page).
 * Null while anything may still move, or when the batch's items are not all here to tell.
 */
function goneLeft(batch: BatchDetail): number | null {
  if (batch.finished || batch.items.length !== batch.itemCount) return null;
  let gone = 0;
  for (const item of batch.items) {
    if (item.submission === 'failed') continue;
    const job = item.job;
    if (item.submission !== 'created' || job === null || !hasSettled(job)) return null;
    if (isGone(job)) gone += 1;
  }
  return gone > 0 ? gone : null;
}

/** The batch's name, whether it is done, its items' states as a bar and in words, and when it was made. */
export function BatchHeader({ batch, onClose, actions, children }: BatchHeaderProps) {
  const name = visibleText(batch.name);
  const gone = goneLeft(batch);
  return (
    <header className="flex shrink-0 flex-col gap-2 border-b border-line px-4 py-3">
      <div className="flex min-w-0 items-center gap-3">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-fg" title={name}>
          <VisibleMarks text={name} />
        </h2>
        {batch.finished ? (
          <span className="shrink-0 text-[11px] text-faint" data-testid="batch-finished">
            Finished
          </span>
        ) : gone !== null ? (
          <span
            className="shrink-0 text-[11px] text-muted"
            data-testid="batch-stopped"
            title="Nothing more will come of them: the service answered that it no longer knows them. Open one to run it again."
          >
            Stopped: {plural(gone, 'job')} gone from the service
          </span>
        ) : (
          <span
            className="flex shrink-0 items-center gap-1.5 text-[11px] text-muted"
            data-testid="batch-running"
          >
            <Spinner className="text-state-running" /> In progress
          </span>
        )}
        {actions}
        <CopyButton text={batch.id} title="Copy the batch id">
          Copy id
        </CopyButton>
        <Button variant="ghost" aria-label="Close the batch (Esc)" title="Close (Esc)" onClick={onClose}>
          ×
        </Button>
      </div>
      <BatchStateBar counts={batch.counts} className="w-full" />
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted tabular-nums">
        <span data-testid="batch-counts">
          {plural(batch.itemCount, 'item')}: {countsInWords(batch.counts)}
        </span>
        <span className="text-faint">·</span>
        <span>{plural(batch.outputsCount, 'output')}</span>
        <span className="text-faint">·</span>
        <span>
          created <RelativeTime iso={batch.createdAt} />
        </span>
      </p>
      {children}
    </header>
  );
}
