// Which job failures look transient: the platform lost the worker (out of memory, a crash, a panic) or an
// upstream service failed. Those may pass on a second attempt; a workflow error (a node raising on its
// inputs) fails the same way every time, so it is never retried automatically (NOTES "Errors": the only
// published job error code is node_execution_error; the v1 exception types name OOMError, PanicError,
// ServiceError; the simulator's platform kill is worker_lost).
const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  'worker_lost',
  'worker_died',
  'upstream_error',
  'timeout',
]);

/** Words in a node error that mean the platform, not the workflow, failed. */
const TRANSIENT_WORDS =
  /out of memory|\bOOM(Error)?\b|CUDA error|PanicError|ServiceError|DispatcherError|worker (died|stopped|was lost)|connection reset/i;

export function isTransientFailure(error: { code: string; message: string } | null): boolean {
  if (error === null) return false;
  if (TRANSIENT_CODES.has(error.code)) return true;
  return error.code === 'node_execution_error' && TRANSIENT_WORDS.test(error.message);
}
