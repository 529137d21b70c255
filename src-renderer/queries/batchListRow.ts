// The list's row of a batch follows what a read of that batch itself said. The open batch is read again as its
// jobs move and every 5 s while unfinished; the list only every 15 s, or when a job of this window's
// jobs.updates moves its counts. A batch another process sends (the CLI, on the same record) moves none of
// those, so its row lagged the page beside it: "0 outputs" in the list while the page showed ten.
import type { QueryClient } from '@tanstack/react-query';
import type { BatchDetail, BatchSummary } from '../../src-shared/contract';
import { batchKeys } from './batchKeys';

/** A batch's list row from a read of the batch: a BatchDetail is its BatchSummary and more. */
export function summaryOfDetail(batch: BatchDetail): BatchSummary {
  const { axes: _axes, zip: _zip, items: _items, outputs: _outputs, ...summary } = batch;
  return summary;
}

function sameRow(a: BatchSummary, b: BatchSummary): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Writes the batch's row into its profile's list when the batch was read after the list was (`readAt`, the
 * batch query's dataUpdatedAt) and the row says something else; a list not loaded, without the batch, or read
 * since is left alone.
 */
export function followBatchInList(
  client: QueryClient,
  profileId: string,
  batch: BatchDetail,
  readAt: number,
): void {
  const key = batchKeys.list(profileId);
  const list = client.getQueryState<BatchSummary[]>(key);
  if (list?.data === undefined || list.dataUpdatedAt > readAt) return;
  const row = summaryOfDetail(batch);
  const index = list.data.findIndex((listed) => listed.id === batch.id);
  const listed = list.data[index];
  if (listed === undefined || sameRow(listed, row)) return;
  client.setQueryData<BatchSummary[]>(
    key,
    list.data.map((each, i) => (i === index ? row : each)),
  );
}
