import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListBesideDetail, type PaneLayout } from '../../components/jobs/ListBesideDetail';
import { NothingOpen } from '../../components/jobs/NothingOpen';
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

const BATCH_PANES: PaneLayout = {
  label: 'Resize the batch list',
  limits: BATCH_LIST_WIDTH,
  listMinWidth: 'min-w-72',
  detailRoom: '22rem',
};

function NoBatchOpen() {
  return (
    <NothingOpen
      testId="no-batch-open"
      title="No batch open"
      hint={
        <>
          <kbd className="font-mono">↑</kbd>/<kbd className="font-mono">↓</kbd> move ·{' '}
          <kbd className="font-mono">Enter</kbd> opens · <kbd className="font-mono">Esc</kbd> closes
        </>
      }
    >
      Pick a batch to see where each of its submissions stands and every output of its jobs.
    </NothingOpen>
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
  const submitter = useSubmitWorkflow(profileId);
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
      <ListBesideDetail
        layout={BATCH_PANES}
        width={listWidth}
        onResize={setListWidth}
        list={<BatchListPane list={list} submitter={submitter} />}
      >
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
      </ListBesideDetail>
    </div>
  );
}
