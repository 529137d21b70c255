// The contract's jobs.* entries, each made on the profile it names: answered by that profile's runtime
// (core/jobs: its jobs service and its watcher), whatever profile the window shows.
import type { ProfileRuntimes } from './profileRuntimes';
import type { CallHandlers, StreamHandlers } from '../rpc/dispatcher';
import { toContractError } from '../rpc/toContractError';

/** jobs.compare, jobs.recipe and jobs.runWithChanges are the creative loop's (core/loop). */
type JobNames = Exclude<
  Extract<keyof CallHandlers | keyof StreamHandlers, `jobs.${string}`>,
  'jobs.compare' | 'jobs.recipe' | 'jobs.runWithChanges'
>;
export type JobHandlers = Pick<CallHandlers & StreamHandlers, JobNames>;

export function createJobHandlers(
  runtimes: ProfileRuntimes,
  logError: (message: string, error: unknown) => void = console.error,
): JobHandlers {
  const ended = (error: Error | undefined) =>
    error === undefined ? undefined : toContractError(error, (e) => logError('jobs.watch failed', e));
  const service = async (profileId: string) => (await runtimes.runtime(profileId)).service;
  return {
    'jobs.list': async ({ profileId, ...args }) => (await service(profileId)).list(args),
    'jobs.get': async ({ profileId, jobId }) => (await service(profileId)).get(jobId),
    'jobs.outputs': async ({ profileId, jobId, offset, limit }) =>
      (await service(profileId)).outputs(jobId, offset, limit),
    'jobs.logs': async ({ profileId, jobId }) => (await service(profileId)).logs(jobId),
    'jobs.workflow': async ({ profileId, jobId }) => (await service(profileId)).workflow(jobId),
    'jobs.submit': async ({ profileId, ...args }) => (await service(profileId)).submit(args),
    'jobs.cancel': async ({ profileId, jobId }) => (await service(profileId)).cancel(jobId),
    'jobs.retry': async ({ profileId, jobId }) => (await service(profileId)).retry(jobId),
    'jobs.watch': ({ profileId, jobId, live }, sink) =>
      runtimes.watch(profileId, jobId, {
        live,
        emit: (event) => sink.emit(event),
        end: (error) => sink.end(ended(error)),
      }),
    'jobs.updates': ({ profileId }, sink) => runtimes.updates(profileId, (rows) => sink.emit({ jobs: rows })),
  };
}
