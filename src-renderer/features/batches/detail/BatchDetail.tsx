import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LinkButton } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { LoadingOrError } from '../../../components/LoadingOrError';
import { StaleDataNote } from '../../../components/StaleDataNote';
import { errorText } from '../../../components/errorText';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { batchKeys } from '../../../queries/batchKeys';
import { followBatchInList } from '../../../queries/batchListRow';
import { batchQuery, isBatchNotFound } from '../../../queries/batchQueries';
import { useBatchesUi } from '../batchesUiStore';
import { hasSheetAxes } from '../contactSheet/sheetAxes';
import { useOpenInJobs } from '../useOpenInJobs';
import { BatchActivity } from './BatchActivity';
import { BatchFailures } from './BatchFailures';
import { BatchHeader } from './BatchHeader';
import { BatchItemsTable, type ItemSelection } from './BatchItemsTable';
import { BatchOutputs } from './BatchOutputs';
import { ExportButton, ExportOutcome } from './ExportBatch';
import { useBatchExport } from './useBatchExport';

interface BatchDetailProps {
  profileId: string;
  batchId: string;
  onClose: () => void;
}

/** The batch is not in Loupe's record (any more): say so, drop it from the list, offer to close. */
function BatchGone({ error, onClose }: { error: unknown; onClose: () => void }) {
  const text = errorText(error);
  return (
    <div className="m-4 rounded border border-line bg-raised p-3" data-testid="batch-gone">
      <p className="text-sm font-medium text-fg">This batch is no longer here</p>
      <InlineError
        className="mt-1"
        message={visibleText(text.message)}
        nextStep="Loupe’s record for this profile has no batch with this id: it may have been removed, or the record was reset. Pick another batch from the list."
        code={text.code}
        actions={<LinkButton onClick={onClose}>Close</LinkButton>}
      />
    </div>
  );
}

/** One batch: its header, its items (each job a click away) and its outputs (on its axes, or every one). */
export function BatchDetail({ profileId, batchId, onClose }: BatchDetailProps) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const query = useQuery(batchQuery(loupe, profileId, batchId));
  const openInJobs = useOpenInJobs(profileId);
  const exporting = useBatchExport(profileId, batchId);
  const gone = isBatchNotFound(query.error);
  // Which item a failure's number asked to see; the nonce brings a second click on it into view again.
  const [selection, setSelection] = useState<ItemSelection | null>(null);
  const selectItem = useCallback(
    (itemId: string) => setSelection((last) => ({ itemId, nonce: (last?.nonce ?? 0) + 1 })),
    [],
  );
  const outputsView = useBatchesUi((state) => state.outputsView);
  const items = query.data?.items;
  const sheetShown = useMemo(
    () => outputsView === 'sheet' && items !== undefined && hasSheetAxes(items),
    [outputsView, items],
  );

  // The list may still show the batch that vanished: read it again.
  useEffect(() => {
    if (gone) void client.invalidateQueries({ queryKey: batchKeys.list(profileId) });
  }, [gone, client, profileId]);

  // The list's row says what this read of the batch says (its counts, outputs, picture), not an older read.
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (query.data !== undefined) followBatchInList(client, profileId, query.data, readAt);
  }, [query.data, readAt, client, profileId]);

  const batch = query.data;
  if (gone) return <BatchGone error={query.error} onClose={onClose} />;
  if (!batch) return <LoadingOrError query={query} doing="read this batch" loading="Loading the batch…" />;
  return (
    <section
      aria-label="Batch detail"
      data-testid="batch-detail"
      data-batch-id={batch.id}
      data-batch-detail=""
      className="flex h-full min-w-0 flex-col"
    >
      <BatchHeader
        batch={batch}
        onClose={onClose}
        actions={<ExportButton exporting={exporting} outputsCount={batch.outputsCount} />}
      >
        <BatchActivity profileId={profileId} batch={batch} />
        <ExportOutcome exporting={exporting} />
      </BatchHeader>
      {query.isError ? <StaleDataNote error={query.error} onRetry={() => void query.refetch()} /> : null}
      <BatchFailures
        profileId={profileId}
        batch={batch}
        batchReadAt={query.dataUpdatedAt}
        onSelectItem={selectItem}
      />
      {/* The contact sheet wants the height: its rows are pictures, and every item is in it anyway. */}
      <BatchItemsTable
        items={batch.items}
        onOpenJob={openInJobs}
        selection={selection}
        className={sheetShown ? 'max-h-[20%]' : 'max-h-[35%]'}
      />
      <BatchOutputs batch={batch} profileId={profileId} onOpenJob={openInJobs} />
    </section>
  );
}
