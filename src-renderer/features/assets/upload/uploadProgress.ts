// Main's view of each upload batch, kept in React Query (rule 8): read once with uploads.list, then kept
// fresh by uploads.progress (a snapshot, then the files that changed). Files that end with an asset make the
// assets list stale, so it shows them.
import { queryOptions, useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { UploadBatch, UploadProgressEvent } from '../../../../src-shared/contract';
import { LoupeCallError, unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { useTransportState } from '../../../transport/transportState';
import { knownAssetKeys } from '../assetListQueries';

export const uploadBatchKey = (profileId: string, batchId: string) =>
  ['uploads', profileId, 'batch', batchId] as const;

export const uploadBatchQuery = (loupe: LoupeApi, profileId: string, batchId: string) =>
  queryOptions({
    queryKey: uploadBatchKey(profileId, batchId),
    queryFn: async (): Promise<UploadBatch> => {
      const { batches } = await unwrap(loupe.uploads.list({ profileId }));
      const batch = batches.find((b) => b.batchId === batchId);
      if (batch === undefined) {
        throw new LoupeCallError({ code: 'not_found', message: 'Loupe no longer holds this upload.' });
      }
      return batch;
    },
    // The stream keeps it fresh; reading again would only race it.
    staleTime: Infinity,
  });

function apply(client: QueryClient, event: UploadProgressEvent, profileId: string): void {
  const files = event.type === 'snapshot' ? event.batch.files : event.files;
  if (event.type === 'snapshot') {
    client.setQueryData(uploadBatchKey(profileId, event.batch.batchId), event.batch);
  } else {
    const changed = new Map(event.files.map((file) => [file.fileId, file]));
    client.setQueryData<UploadBatch>(uploadBatchKey(profileId, event.batchId), (old) =>
      old === undefined
        ? old
        : {
            ...old,
            files: old.files.map((file) => changed.get(file.fileId) ?? file),
            summary: event.summary,
            finished: event.finished,
          },
    );
  }
  const madeAssets = files.some(
    (file) => file.outcome?.kind === 'uploaded' || file.outcome?.kind === 'deduplicated',
  );
  if (madeAssets) {
    void client.invalidateQueries({ queryKey: knownAssetKeys.profile(profileId) }, { cancelRefetch: false });
  }
}

/** Main's batches by id (those it has answered for so far), with a progress stream open for each. */
export function useUploadBatches(batchIds: readonly string[], profileId: string): Map<string, UploadBatch> {
  const loupe = useLoupe();
  const client = useQueryClient();
  const transport = useTransportState((state) => state.state);
  const joined = batchIds.join(',');
  const ids = useMemo(() => (joined === '' ? [] : joined.split(',')), [joined]);

  useEffect(() => {
    if (transport !== 'connected') return;
    const subscriptions = ids.map((batchId) =>
      loupe.uploads.progress({ profileId, batchId }, { onEvent: (event) => apply(client, event, profileId) }),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [ids, loupe, client, profileId, transport]);

  const results = useQueries({ queries: ids.map((batchId) => uploadBatchQuery(loupe, profileId, batchId)) });
  const batches = new Map<string, UploadBatch>();
  for (const result of results) if (result.data !== undefined) batches.set(result.data.batchId, result.data);
  return batches;
}
