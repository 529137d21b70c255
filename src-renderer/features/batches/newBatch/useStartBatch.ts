// Start: main records every item with its own key before any is sent (rule 6), then sends them in the
// background. Once it answers, the batch is Loupe's record like any other: the screen closes and the Batches
// screen opens on it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchSending, CallArgs } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { desktopNotifier } from '../../../lib/desktopNotifier';
import { useLoupe } from '../../../lib/loupeContext';
import { batchKeys } from '../../../queries/batchKeys';
import { useBatchesUi } from '../batchesUiStore';
import { keepSending } from '../detail/batchSending';
import { useNewBatch } from './newBatchStore';

/** What the screen decides; the batch goes to the profile the hook was given. */
export type StartArgs = Omit<CallArgs<'batches.start'>, 'profileId'>;

export function useStartBatch(profileId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['batches', profileId, 'start'],
    mutationFn: (args: StartArgs): Promise<BatchSending> =>
      unwrap(loupe.batches.start({ ...args, profileId })),
    // Asked while the Start click is fresh, as browsers want: the batch's end is worth a notice.
    onMutate: () => void desktopNotifier().requestPermission(),
    onSuccess: (sending) => {
      // No call reads where sending stands: this answer is what the batch's controls show first.
      keepSending(client, profileId, sending);
      void client.invalidateQueries({ queryKey: batchKeys.list(profileId), exact: true });
      useBatchesUi.getState().showBatch(profileId, sending.batchId);
      useNewBatch.getState().closeNewBatch();
    },
  });
}
