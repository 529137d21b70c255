import { jobIdSchema } from '../../../../src-shared/contract';
import { isTerminalStatus } from '../../../queries/jobQueries';

/** Cancel makes sense while a job waits or runs; an unknown state may still be running, so it is offered. */
export function canCancel(status: string): boolean {
  return status === 'queued' || status === 'running' || status === 'unknown';
}

/** Retry re-submits a finished job's workflow as a new attempt. */
export function canRetry(status: string): boolean {
  return isTerminalStatus(status);
}

/**
 * The CLI command that follows this job, or null when the id is not one the CLI accepts. Only ids made of
 * characters no shell interprets get here, so pasting the command can never run anything else.
 */
export function cliWatchCommand(jobId: string): string | null {
  return jobIdSchema.safeParse(jobId).success ? `loupe jobs watch ${jobId}` : null;
}
