import type { JobLogResult, JobSnapshot } from '../../../../../src-shared/contract';

type NoLog = Extract<JobLogResult, { state: 'none' }>;

/** Where else to look for what happened: only tabs this job shows (Error only when it has an error). */
export function whereElse(job: Pick<JobSnapshot, 'error' | 'outputsCount'>): string | null {
  if (job.error !== null) return 'The Error tab says what went wrong.';
  if (job.outputsCount > 0) return 'What it made is on the Outputs tab.';
  return null;
}

/** Each "no log" answer in words: why there is none and whether one will come. */
export const NO_LOG_WORDS: Record<NoLog['reason'], { title: string; body: string }> = {
  'not-captured': {
    title: 'This service keeps no job logs',
    // Loupe knows this from the job itself (it carries no logs link): nothing was asked, nothing answered.
    body:
      'The local proxy and the managed service keep no log for any job; only serverless deployments ' +
      'capture them, so Loupe does not ask for one.',
  },
  'not-yet': {
    title: 'The log is not ready yet',
    body: 'The service writes the log when the job ends. Loupe reads it again then, on its own.',
  },
  final: {
    title: 'This job has no log',
    body:
      'It ended without one: the platform may have stopped its worker, the job may be older than log ' +
      'capture, or the service withheld it. It will not appear later.',
  },
  'not-supported': {
    title: 'This service cannot serve logs',
    body: 'Its version has no log endpoint. Newer builds of the service offer one.',
  },
};
