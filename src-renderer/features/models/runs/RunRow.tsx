import { memo } from 'react';
import type { RouterRunSummary } from '../../../../src-shared/contracts/models';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { visibleText } from '../../../lib/visibleText';
import { RunStateBadge } from '../run/RunStateBadge';
import { creditsText } from '../spend/spendFormat';

export const RUN_ROW_HEIGHT = 46;

interface RunRowProps {
  run: RouterRunSummary;
  top: number;
  cursor: boolean;
  open: boolean;
  onClick: (runId: string) => void;
}

/** One run: its model and age, then its state (with the queue position), how it ran, and what it cost. */
export const RunRow = memo(function RunRow({ run, top, cursor, open, onClick }: RunRowProps) {
  const outline = cursor && !open ? 'outline outline-1 -outline-offset-1 outline-accent/70' : '';
  return (
    <div
      id={`run-row-${run.runId}`}
      role="option"
      aria-selected={open}
      data-run-id={run.runId}
      data-state={run.state}
      onClick={() => onClick(run.runId)}
      className={`absolute inset-x-0 top-0 flex cursor-default flex-col justify-center gap-0.5 border-b border-line/60 px-3 select-none ${
        open ? 'bg-hover shadow-[inset_2px_0_0_var(--accent)]' : 'hover:bg-hover/60'
      } ${outline}`}
      style={{ height: RUN_ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <span className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-fg" title={run.modelId}>
          {visibleText(run.modelId)}
        </span>
        <RelativeTime iso={run.createdAt} className="shrink-0 text-[11px] text-muted" />
      </span>
      <span className="flex min-w-0 items-center gap-2 text-[11px] text-muted tabular-nums">
        <RunStateBadge state={run.state} />
        {run.state === 'in_queue' && run.queuePosition !== null ? <span>#{run.queuePosition}</span> : null}
        <span className="text-faint">{run.mode === 'sync' ? 'sync' : 'queued'}</span>
        {run.errorBucket !== null && run.state === 'failed' ? (
          <span className="min-w-0 truncate font-mono text-faint">{visibleText(run.errorBucket)}</span>
        ) : null}
        <span className="flex-1" />
        {run.replayed ? (
          <span className="text-accent" title="Answered from the Router’s record: not charged again">
            replayed
          </span>
        ) : null}
        <span data-testid="run-credits">{run.creditsUsed === null ? '' : creditsText(run.creditsUsed)}</span>
      </span>
    </div>
  );
});
