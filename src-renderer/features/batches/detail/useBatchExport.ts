// batches.export from the batch's page: main writes every output (named from the item's values) and the two
// manifests into a folder: one the user picks in Electron, a new one under Downloads/Loupe in the browser
// shell. It can take a while for a big batch, so the button says so while it runs.
import { useMutation } from '@tanstack/react-query';
import type { CallResultValue } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';

export type BatchExportResult = CallResultValue<'batches.export'>;

export function useBatchExport(profileId: string, batchId: string) {
  const loupe = useLoupe();
  return useMutation({
    mutationKey: ['batch-export', profileId, batchId],
    mutationFn: (): Promise<BatchExportResult> => unwrap(loupe.batches.export({ profileId, batchId })),
  });
}
