// Uploads that were in flight when Loupe last stopped: main brings them back in uploads.list as finished
// batches whose files failed as `interrupted`. The tray shows each as a card of its own (read by main, like
// a paths upload), so the user can resume them or dismiss them for good. The card is the page's (uploadsStore);
// the batch it shows is main's, so it is the card's plan in React Query (uploadPlans.ts).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { UploadBatch } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { dismissUploads } from './dismissUploads';
import { newUploadId } from './pageUpload';
import { planOf, recordBatch } from './uploadPlans';
import { isInterruptedOutcome } from './uploadView';
import { useUploads, type LocalUpload } from './uploadsStore';

const interruptedKey = (profileId: string) => ['uploads', profileId, 'interrupted'] as const;

const interruptedQuery = (loupe: LoupeApi, profileId: string) =>
  queryOptions({
    queryKey: interruptedKey(profileId),
    queryFn: async (): Promise<UploadBatch[]> => {
      const { batches } = await unwrap(loupe.uploads.list({ profileId }));
      return batches.filter((batch) => batch.files.some((file) => isInterruptedOutcome(file.outcome)));
    },
    // Main restores them once at start; later changes arrive on each card's progress stream.
    staleTime: Infinity,
  });

function cardFor(batch: UploadBatch): LocalUpload {
  return {
    id: newUploadId(),
    profileId: batch.profileId,
    startedAt: Date.parse(batch.createdAt),
    options: batch.options,
    mode: 'paths',
    files: [],
    leftOut: [],
    problem: null,
    interrupted: true,
  };
}

/** Puts the active profile's interrupted uploads into the tray, once each. */
export function useInterruptedUploads(profileId: string): void {
  const loupe = useLoupe();
  const client = useQueryClient();
  const { data } = useQuery(interruptedQuery(loupe, profileId));
  useEffect(() => {
    if (data === undefined) return;
    const { uploads, add } = useUploads.getState();
    const shown = new Set(uploads.flatMap((upload) => planOf(client, upload.id).batchIds));
    for (const batch of [...data].reverse()) {
      if (batch.profileId !== profileId || shown.has(batch.batchId)) continue;
      const card = cardFor(batch);
      // The plan first: the card never shows without the batch it stands for.
      recordBatch(client, card.id, batch.batchId, []);
      add(card);
    }
  }, [data, profileId, client]);
}

/** Dismisses an interrupted card for good: main settles its files, so they are not offered again. */
export function useForgetInterrupted(): (upload: LocalUpload) => Promise<void> {
  const loupe = useLoupe();
  const client = useQueryClient();
  return async (upload) => {
    const { batchIds } = planOf(client, upload.id);
    await Promise.all(
      batchIds.map((batchId) => loupe.uploads.forget({ profileId: upload.profileId, batchId })),
    );
    dismissUploads(client, [upload.id]);
    await client.invalidateQueries({ queryKey: interruptedKey(upload.profileId) });
  };
}
