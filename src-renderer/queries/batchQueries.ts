// Query options for batches: the active profile's list and one batch with its items and outputs. Both are
// read from Loupe's own record, so a read is cheap. jobs.updates makes them live (features/batches/
// useBatchUpdates.ts); while a batch is unfinished a slow poll backs that up (rule 4: polling is the truth).
import { queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../src-preload/buildApi';
import type { BatchDetail, BatchSummary } from '../../src-shared/contract';
import { LoupeCallError, unwrap } from '../lib/callError';
import { batchKeys } from './batchKeys';

/** How often an unfinished batch is read again, and the list while any batch in it is unfinished. */
export const UNFINISHED_POLL_MS = { batch: 5_000, list: 15_000 } as const;

export function isBatchNotFound(error: unknown): boolean {
  return error instanceof LoupeCallError && error.code === 'batch_not_found';
}

export const batchListQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: batchKeys.list(profileId),
    queryFn: async (): Promise<BatchSummary[]> => (await unwrap(loupe.batches.list({ profileId }))).batches,
    refetchInterval: (query) =>
      query.state.data?.some((batch) => !batch.finished) === true ? UNFINISHED_POLL_MS.list : false,
  });

export const batchQuery = (loupe: LoupeApi, profileId: string, batchId: string) =>
  queryOptions({
    queryKey: batchKeys.batch(profileId, batchId),
    queryFn: (): Promise<BatchDetail> => unwrap(loupe.batches.get({ profileId, batchId })),
    // A batch that is gone stays gone: asking again would only delay saying so.
    retry: (failures, error) => !isBatchNotFound(error) && failures < 2,
    refetchInterval: (query) =>
      query.state.data !== undefined && !query.state.data.finished && !isBatchNotFound(query.state.error)
        ? UNFINISHED_POLL_MS.batch
        : false,
  });
