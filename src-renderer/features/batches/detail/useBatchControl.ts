// Pause, resume, cancel and the window, through batches.control. Its answer is where sending now stands: kept
// under the batch (batchSending.ts) so the controls show it. A cancel stops jobs and a resume sends items, so
// the batch and the list's counts are read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchSending, CallArgs } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { batchKeys } from '../../../queries/batchKeys';
import { keepSending } from './batchSending';

export type ControlRequest = Omit<CallArgs<'batches.control'>, 'profileId' | 'batchId'>;

export function useBatchControl(profileId: string, batchId: string) {
  const loupe = useLoupe();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ControlRequest): Promise<BatchSending> =>
      unwrap(loupe.batches.control({ ...request, profileId, batchId })),
    onSuccess: (sending) => {
      keepSending(client, profileId, sending);
      void client.invalidateQueries({ queryKey: batchKeys.batch(profileId, batchId), exact: true });
      void client.invalidateQueries({ queryKey: batchKeys.list(profileId), exact: true });
    },
  });
}
