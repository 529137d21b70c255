import { jobIdSchema } from '../../../../src-shared/contract';
import { isGone, isTerminalStatus } from '../../../queries/jobQueries';

/** What the rules read of a job: its status, and whether the service said it no longer knows it. */
export interface CommandTarget {
  status: string;
  goneAt?: string | null;
}

/**
 * Cancel makes sense while a job waits or runs; an unknown state may still be running, so it is offered,
 * unless the service said it no longer knows the job (a cancel would only be answered 404).
 */
export function canCancel(job: CommandTarget): boolean {
  if (isGone(job)) return false;
  return job.status === 'queued' || job.status === 'running' || job.status === 'unknown';
}

/**
 * Retry re-submits a finished job's workflow as a new attempt; a job the service forgot (its proxy restarted)
 * may never have ended, and running it again is what its owner wants next.
 */
export function canRetry(job: CommandTarget): boolean {
  return isTerminalStatus(job.status) || isGone(job);
}

/**
 * The CLI command that follows this job, or null when the id is not one the CLI accepts. Only ids made of
 * characters no shell interprets get here, so pasting the command can never run anything else.
 */
export function cliWatchCommand(jobId: string): string | null {
  return jobIdSchema.safeParse(jobId).success ? `loupe jobs watch ${jobId}` : null;
}
