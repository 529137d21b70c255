import type { BatchPlanPreview } from '../../../../src-shared/contract';
import { Spinner } from '../../../components/Spinner';
import { TitledError } from '../../../components/TitledError';
import { visibleText } from '../../../lib/visibleText';
import { plural } from '../batchCounts';
import type { PlacedError } from './planErrorPlace';
import { PlanItemsTable } from './PlanItemsTable';
import type { PlanPreviewState } from './usePlanPreview';

interface PlanPreviewProps {
  preview: PlanPreviewState;
  /** The planner's refusal, wherever it is shown. */
  error: PlacedError | null;
  /** Why there is nothing to preview while `preview.status` is idle. */
  idleReason: string;
}

/** Where a refusal shown elsewhere is, so the preview never just goes blank. */
const ELSEWHERE: Record<PlacedError['place']['kind'], string> = {
  sweep: 'beside the sweep it names',
  inputs: 'beside the files it names',
  table: 'beside the table',
  workflow: 'with the workflow, on the left',
  zip: 'under the options',
  repeat: 'under the options',
  preview: '',
};

function Columns({ columns }: { columns: BatchPlanPreview['columns'] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Columns">
      {columns.map((column) => (
        <li
          key={column.target}
          className="flex items-baseline gap-1.5 rounded border border-line bg-raised/60 px-2 py-0.5 text-[11px]"
          data-testid="plan-column"
          title={`From ${column.kind === 'repeat' ? 'repeat: a fresh seed per item' : `${column.kind} ${visibleText(column.source)}`}`}
        >
          <span className="font-mono text-fg">{visibleText(column.target)}</span>
          <span className="text-muted tabular-nums">
            {column.kind === 'repeat'
              ? 'a seed per item'
              : plural(column.length, column.kind === 'inputs' ? 'asset' : 'value')}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Problems({ problems }: { problems: BatchPlanPreview['problems'] }) {
  return (
    <section
      aria-label="Problems"
      className="rounded border border-state-failed/40 bg-state-failed/10 px-3 py-2"
    >
      <p className="text-xs font-medium text-fg">
        The service will refuse {problems.length === 1 ? 'a value' : `${problems.length} values`} in this plan
      </p>
      <ul className="mt-1 space-y-0.5 text-xs">
        {problems.map((problem) => (
          <li key={`${problem.target} ${problem.itemIndex}`} data-testid="plan-problem">
            <span className="font-medium text-state-failed tabular-nums">Item {problem.itemIndex + 1}</span>
            <span className="text-faint"> · </span>
            <span className="text-fg">{visibleText(problem.message)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-[11px] text-faint">
        Each names the first item that carries such a value. Change the axis, or start anyway if you know
        better.
      </p>
    </section>
  );
}

/** What will run: the item count, the columns, problems, and the first items; or why there is nothing yet. */
export function PlanPreview({ preview, error, idleReason }: PlanPreviewProps) {
  const { data, status } = preview;
  const stale = status === 'loading' && (data !== null || error !== null);
  return (
    <section
      aria-label="Preview"
      className="space-y-2"
      aria-busy={status === 'loading'}
      data-testid="plan-preview"
    >
      <div className="flex h-6 items-center gap-2">
        <h3 className="text-xs font-semibold text-fg">Preview</h3>
        {status === 'loading' ? (
          <span role="status" className="flex items-center gap-1.5 text-[11px] text-muted">
            <Spinner /> {stale ? 'Updating…' : 'Working out the plan…'}
          </span>
        ) : null}
      </div>
      {status === 'idle' ? <p className="text-xs text-muted">{idleReason}</p> : null}
      {status !== 'idle' && error !== null ? (
        error.place.kind === 'preview' ? (
          <TitledError words={error} className={stale ? 'opacity-60' : ''} testId="plan-error" />
        ) : (
          <p className={`text-xs text-state-failed ${stale ? 'opacity-60' : ''}`} data-testid="plan-error">
            This plan cannot run as it is: see the message {ELSEWHERE[error.place.kind]}.
          </p>
        )
      ) : null}
      {status !== 'idle' && error === null && data !== null ? (
        <div className={`space-y-2 transition-opacity ${stale ? 'opacity-60' : ''}`}>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p className="text-lg font-semibold text-fg tabular-nums" data-testid="plan-count">
              {plural(data.count, 'item')}
            </p>
            {data.checked ? (
              <p className="text-[11px] text-muted" data-testid="plan-checked">
                values checked against the service’s nodes
              </p>
            ) : (
              <p className="text-[11px] text-state-canceled" data-testid="plan-checked">
                not checked: this service does not describe its nodes
              </p>
            )}
          </div>
          {data.columns.length === 0 ? (
            <p className="text-xs text-muted">Nothing varies yet: the workflow runs once, as it is.</p>
          ) : (
            <Columns columns={data.columns} />
          )}
          {data.problems.length > 0 ? <Problems problems={data.problems} /> : null}
          <PlanItemsTable preview={data} />
        </div>
      ) : null}
    </section>
  );
}
