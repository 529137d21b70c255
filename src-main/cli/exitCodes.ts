// The exit codes scripts can rely on. `jobs watch` and `jobs submit --wait` report the job's fate through
// them, so a shell can branch on the outcome without parsing output.
import type { JobStatus } from '../../src-shared/jobStatus';

export const exitCodes = {
  ok: 0,
  /** The command failed (the service refused, could not be reached, a file could not be written), or the job failed. */
  failed: 1,
  /** Bad arguments or input (nothing was sent); for a watched job: expired, or unknown to the service. */
  usage: 2,
  /**
   * Loupe could not tell what happened: a submission whose answer was lost and whose job could not be
   * found, or a watched job the service stopped answering about. Never taken for success or failure.
   */
  undetermined: 3,
  /**
   * Loupe's data file is damaged (or from a newer Loupe): nothing was done. `loupe store check` says what is
   * wrong; `loupe store start-fresh` (or the action the message names) moves it aside and starts again.
   */
  storeDamaged: 4,
  /** Loupe's data file cannot be written (read-only folder or file, full disk, I/O error): fix the disk. */
  storeUnavailable: 5,
  /** The watched job was canceled, or the user interrupted the command (128 + SIGINT, as shells do). */
  canceled: 130,
} as const;

export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];

/** How a terminal job maps onto an exit code. A status Loupe cannot read is never a success. */
export function exitCodeForJob(status: JobStatus): ExitCode {
  switch (status) {
    case 'succeeded':
      return exitCodes.ok;
    case 'failed':
      return exitCodes.failed;
    case 'canceled':
      return exitCodes.canceled;
    default:
      return exitCodes.usage;
  }
}
