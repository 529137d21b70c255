import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PaneSplitter } from '../../components/jobs/PaneSplitter';
import { useLoupe } from '../../lib/loupeContext';
import { batchKeys } from '../../queries/batchKeys';
import { batchListQuery } from '../../queries/batchQueries';
import { SubmitDropZone } from '../jobs/actions/SubmitDropZone';
import { useSubmitWorkflow } from '../jobs/actions/useSubmitWorkflow';
import { BATCH_LIST_WIDTH, useBatchesUi } from './batchesUiStore';
import { BatchDetail } from './detail/BatchDetail';
import { BatchListPane } from './list/BatchListPane';
import { useBatchShortcuts } from './useBatchShortcuts';
import { useBatchUpdates } from './useBatchUpdates';

/** Detail pane with nothing open: what goes here and how to get it there. */
function NoBatchOpen() {
  return (
    <div className="flex h-full items-center justify-center p-8 text-center" data-testid="no-batch-open">
      <div className="max-w-xs text-xs leading-relaxed text-muted">
        <p className="mb-2 text-sm font-medium text-fg">No batch open</p>
        <p>Pick a batch to see where each of its submissions stands and every output of its jobs.</p>
        <p className="mt-3 text-faint">
          <kbd className="font-mono">↑</kbd>/<kbd className="font-mono">↓</kbd> move ·{' '}
          <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">Esc</kbd> closes
        </p>
      </div>
    </div>
  );
}

/** The Batches screen: the list and the open batch side by side, the divider between them remembered. */
export function BatchesView({ profileId }: { profileId: string }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const enterProfile = useBatchesUi((state) => state.enterProfile);
  const openBatchId = useBatchesUi((state) => state.openBatchId);
  const openBatch = useBatchesUi((state) => state.openBatch);
  const listWidth = useBatchesUi((state) => state.listWidth);
  const setListWidth = useBatchesUi((state) => state.setListWidth);
  const list = useQuery(batchListQuery(loupe, profileId));
  const submitter = useSubmitWorkflow();
  const submitStatus = submitter.mutation.status;
  useBatchUpdates(profileId, openBatchId);
  useBatchShortcuts(list.data ?? []);

  useEffect(() => enterProfile(profileId), [profileId, enterProfile]);
  // A submit is recorded as a batch of one before it is sent, and refused ones stay in the record too.
  useEffect(() => {
    if (submitStatus === 'success' || submitStatus === 'error') {
      void client.invalidateQueries({ queryKey: batchKeys.list(profileId), exact: true });
    }
  }, [submitStatus, client, profileId]);

  return (
    <div className="flex h-full min-w-0">
      <SubmitDropZone onFile={submitter.submit} />
      <div className="h-full min-w-72 shrink-0" style={{ width: listWidth, maxWidth: 'calc(100% - 22rem)' }}>
        <BatchListPane list={list} submitter={submitter} />
      </div>
      <PaneSplitter
        label="Resize the batch list"
        width={listWidth}
        min={BATCH_LIST_WIDTH.min}
        max={BATCH_LIST_WIDTH.max}
        onResize={setListWidth}
        onReset={() => setListWidth(BATCH_LIST_WIDTH.initial)}
      />
      <div className="h-full min-w-0 flex-1 bg-panel">
        {openBatchId === null ? (
          <NoBatchOpen />
        ) : (
          <BatchDetail
            key={openBatchId}
            profileId={profileId}
            batchId={openBatchId}
            onClose={() => openBatch(null)}
          />
        )}
      </div>
    </div>
  );
}
