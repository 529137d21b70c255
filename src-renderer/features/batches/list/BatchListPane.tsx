import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BatchSummary } from '../../../../src-shared/contract';
import { ListPaneBody } from '../../../components/ListPaneBody';
import { ListReadError } from '../../../components/ListReadError';
import { SubmitButton } from '../../jobs/actions/SubmitButton';
import { SubmitOutcome } from '../../jobs/actions/SubmitOutcome';
import type { WorkflowSubmitter } from '../../jobs/actions/useSubmitWorkflow';
import { useRowPosterDrawer } from '../../jobs/list/useRowPosterDrawer';
import { useThumbnailUrl } from '../../jobs/list/useThumbnailUrl';
import { plural } from '../batchCounts';
import { useBatchesUi } from '../batchesUiStore';
import { NewBatchButton } from '../newBatch/NewBatchButton';
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
  const thumbnailUrl = useThumbnailUrl();
  const drawPoster = useRowPosterDrawer();
  const batches = list.data ?? [];
  const submitting = submitter.mutation.isPending;

  return (
    <section aria-label="Batch list" className="flex h-full min-w-0 flex-col">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-line px-3">
        <span className="flex-1 text-xs text-muted tabular-nums" data-testid="batch-total">
          {list.isSuccess ? `${plural(batches.length, 'batch', 'batches')}, newest first` : ''}
        </span>
        {batches.length > 0 ? <SubmitButton onFile={submitter.submit} disabled={submitting} /> : null}
        <NewBatchButton variant={batches.length > 0 ? 'primary' : 'secondary'} />
      </div>
      <SubmitOutcome submitter={submitter} />
      <ListPaneBody
        query={list}
        count={batches.length}
        loading="Loading batches…"
        doing="load your batches"
        empty={<NoBatchesYet onFile={submitter.submit} submitting={submitting} />}
      >
        <VirtualBatchRows
          batches={batches}
          openBatchId={openBatchId}
          cursorId={cursorId}
          onRowClick={onRowClick}
          thumbnailUrl={thumbnailUrl}
          drawPoster={drawPoster}
        />
      </ListPaneBody>
      {list.isError && batches.length > 0 ? (
        <ListReadError
          doing="refresh the batches"
          error={list.error}
          onRetry={() => void list.refetch()}
          withNextStep
        />
      ) : null}
    </section>
  );
}
