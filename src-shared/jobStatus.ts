// Job statuses, the one list (job-and-asset-api.md "States and transitions"). The service's seven, and the
// contract's eighth, 'unknown': a status Loupe cannot read, shown as such and never taken for done
// (ARCHITECTURE rule 5).

/** What the service sends. */
export const SERVICE_JOB_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'canceling',
  'canceled',
  'failed',
  'expired',
] as const;
export type ServiceJobStatus = (typeof SERVICE_JOB_STATUSES)[number];

/** What the contract carries: the service's statuses, in the order a person reads them, and 'unknown'. */
export const JOB_STATUSES = [
  'queued',
  'running',
  'canceling',
  'canceled',
  'succeeded',
  'failed',
  'expired',
  'unknown',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses after which nothing changes; 'unknown' is not one of them. */
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'canceled', 'failed', 'expired'];

export function isTerminalJobStatus(status: string | null | undefined): boolean {
  return (
    status !== null && status !== undefined && (TERMINAL_JOB_STATUSES as readonly string[]).includes(status)
  );
}
