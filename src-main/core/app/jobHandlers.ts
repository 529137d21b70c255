// The contract's jobs.* entries, answered by the active profile's jobs (core/jobs) and its watcher
// (core/watch).
import type { ActiveJobs } from '../jobs';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';
import { toContractError } from '../rpc/toContractError';

type JobNames = Extract<keyof CallHandlers | keyof StreamHandlers, `jobs.${string}`>;
export type JobHandlers = Pick<CallHandlers & StreamHandlers, JobNames>;

export function createJobHandlers(
  jobs: ActiveJobs,
  logError: (message: string, error: unknown) => void = console.error,
): JobHandlers {
  const ended = (error: Error | undefined) =>
    error === undefined ? undefined : toContractError(error, (e) => logError('jobs.watch failed', e));
  return {
    'jobs.list': async (args) => (await jobs.service()).list(args),
    'jobs.get': async ({ jobId }) => (await jobs.service()).get(jobId),
    'jobs.outputs': async ({ jobId, offset, limit }) => (await jobs.service()).outputs(jobId, offset, limit),
    'jobs.logs': async ({ jobId }) => (await jobs.service()).logs(jobId),
    'jobs.workflow': async ({ jobId }) => (await jobs.service()).workflow(jobId),
    'jobs.submit': async (args) => (await jobs.service()).submit(args),
    'jobs.cancel': async ({ jobId }) => (await jobs.service()).cancel(jobId),
    'jobs.retry': async ({ jobId }) => (await jobs.service()).retry(jobId),
    'jobs.watch': ({ jobId, live }, sink) =>
      jobs.watch(jobId, { live, emit: (event) => sink.emit(event), end: (error) => sink.end(ended(error)) }),
    'jobs.updates': (_args, sink) => jobs.updates((rows) => sink.emit({ jobs: rows })),
  };
}
