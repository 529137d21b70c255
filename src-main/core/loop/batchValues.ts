// The batch of several items a job ran an item of, with that item's values on the batch's axes: what made
// this job differ from its neighbours, shown beside a comparison and offered first when varying it.
import type { BatchItemValue } from '../../../src-shared/contracts/batches';
import type { LoupeStore } from '../store';

export interface JobBatchValues {
  batchId: string;
  name: string;
  values: BatchItemValue[];
}

export function batchValuesOf(store: LoupeStore, profileId: string, jobId: string): JobBatchValues | null {
  const batchId = store.batchItems.severalItemBatchOf(profileId, jobId);
  if (batchId === null) return null;
  const batch = store.batches.get(batchId);
  if (batch === null || batch.profileId !== profileId) return null;
  const item = store.batchItems.listForBatch(batchId).rows.find((row) => row.jobId === jobId);
  return { batchId, name: batch.name, values: item?.values ?? [] };
}
