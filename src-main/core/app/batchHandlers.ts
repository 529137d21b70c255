// The contract's batches.* entries, answered from Loupe's own record of the active profile's batches
// (core/batches).
import type { BatchReader } from '../batches';
import type { CallHandlers } from '../rpc/dispatcher';

type BatchNames = Extract<keyof CallHandlers, `batches.${string}`>;
export type BatchHandlers = Pick<CallHandlers, BatchNames>;

export function createBatchHandlers(batches: BatchReader): BatchHandlers {
  return {
    'batches.list': () => batches.list(),
    'batches.get': ({ batchId }) => batches.get(batchId),
  };
}
