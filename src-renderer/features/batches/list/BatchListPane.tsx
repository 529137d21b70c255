import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BatchSummary } from '../../../../src-preload/contract';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../components/errorText';
import { visibleText } from '../../../lib/visibleText';
import { SubmitButton } from '../../jobs/actions/SubmitButton';
import { SubmitOutcome } from '../../jobs/actions/SubmitOutcome';
import type { WorkflowSubmitter } from '../../jobs/actions/useSubmitWorkflow';
import { plural } from '../batchCounts';
import { useBatchesUi } from '../batchesUiStore';
import { NoBatchesYet } from './NoBatchesYet';
import { VirtualBatchRows } from './VirtualBatchRows';

interface BatchListPaneProps {
  list: UseQueryResult<BatchSummary[]>;
  submitter: WorkflowSubmitter;
}

/** The middle pane: how many batches, submit, and the rows (or why there are none). */
export function BatchListPane({ list, submitter }: BatchListPaneProps) {
  const openBatchId = useBatchesUi((state) => state.openBatchId);
  const cursorId = useBatchesUi((state) => state.cursorId);
  const openBatch = useBatchesUi((state) => state.openBatch);
  const onRowClick = useCallback((batchId: string) => openBatch(batchId), [openBatch]);
  const batches = list.data ?? [];
  const submitting = submitter.mutation.isPending;

  let body;
  if (list.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 p-4 text-xs text-muted">
        <Spinner /> Loading batches…
      </p>
    );
  } else if (list.isError && batches.length === 0) {
    body = <ErrorNotice doing="load your batches" error={list.error} onRetry={() => void list.refetch()} />;
  } else if (batches.length === 0) {
    body = <NoBatchesYet onFile={submitter.submit} submitting={submitting} />;
  } else {
    body = (
      <VirtualBatchRows
        batches={batches}
        openBatchId={openBatchId}
        cursorId={cursorId}
        onRowClick={onRowClick}
      />
    );
  }

  return (
    <section aria-label="Batch list" className="flex h-full min-w-0 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-3">
        <span className="flex-1 text-xs text-muted tabular-nums" data-testid="batch-total">
          {list.isSuccess ? `${plural(batches.length, 'batch', 'batches')}, newest first` : ''}
        </span>
        {batches.length > 0 ? <SubmitButton onFile={submitter.submit} disabled={submitting} /> : null}
      </div>
      <SubmitOutcome submitter={submitter} />
      {body}
      {list.isError && batches.length > 0 ? (
        <div className="shrink-0 border-t border-line px-3 py-2">
          <InlineError
            message={`Loupe could not refresh the batches: ${visibleText(errorText(list.error).message)}`}
            code={errorText(list.error).code}
            nextStep={errorText(list.error).nextStep}
            actions={
              <button
                type="button"
                className="text-accent hover:underline"
                onClick={() => void list.refetch()}
              >
                Try again
              </button>
            }
          />
        </div>
      ) : null}
    </section>
  );
}
