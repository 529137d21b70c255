import type { JobLogResult } from '../../../../../src-shared/contract';

type NoLog = Extract<JobLogResult, { state: 'none' }>;

/** Each "no log" answer in words: why there is none and whether one will come. */
export const NO_LOG_WORDS: Record<NoLog['reason'], { title: string; body: string }> = {
  'not-captured': {
    title: 'This service keeps no job logs',
    body:
      'The local proxy and the managed service answer "no log" for every job; only serverless ' +
      'deployments capture them. The error tab and the outputs still say what happened.',
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
