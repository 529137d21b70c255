import type { JobStatus } from '../../../src-shared/contract';

export interface StatusLook {
  label: string;
  /** The dot and the bar: one colour per state, everywhere it appears (ARCHITECTURE.md, "The look"). */
  dot: string;
  text: string;
  bar: string;
  chip: string;
}

export const STATUS_LOOK: Record<JobStatus, StatusLook> = {
  queued: {
    label: 'Queued',
    dot: 'bg-state-queued',
    text: 'text-state-queued',
    bar: 'bg-state-queued',
    chip: 'border-state-queued/50 bg-state-queued/10',
  },
  running: {
    label: 'Running',
    dot: 'bg-state-running',
    text: 'text-state-running',
    bar: 'bg-state-running',
    chip: 'border-state-running/50 bg-state-running/10',
  },
  canceling: {
    label: 'Canceling',
    dot: 'bg-state-canceled animate-pulse',
    text: 'text-state-canceled',
    bar: 'bg-state-canceled',
    chip: 'border-state-canceled/50 bg-state-canceled/10',
  },
  canceled: {
    label: 'Canceled',
    dot: 'bg-state-canceled',
    text: 'text-state-canceled',
    bar: 'bg-state-canceled',
    chip: 'border-state-canceled/50 bg-state-canceled/10',
  },
  succeeded: {
    label: 'Succeeded',
    dot: 'bg-state-succeeded',
    text: 'text-state-succeeded',
    bar: 'bg-state-succeeded',
    chip: 'border-state-succeeded/50 bg-state-succeeded/10',
  },
  failed: {
    label: 'Failed',
    dot: 'bg-state-failed',
    text: 'text-state-failed',
    bar: 'bg-state-failed',
    chip: 'border-state-failed/50 bg-state-failed/10',
  },
  expired: {
    label: 'Expired',
    dot: 'bg-state-expired',
    text: 'text-state-expired',
    bar: 'bg-state-expired',
    chip: 'border-state-expired/50 bg-state-expired/10',
  },
  unknown: {
    label: 'Unknown',
    dot: 'bg-state-unknown',
    text: 'text-state-unknown',
    bar: 'bg-state-unknown',
    chip: 'border-state-unknown/50 bg-state-unknown/10',
  },
};

/** A status the contract does not list (a newer host) is looked up as unknown, never as anything else. */
export function statusLook(status: string): StatusLook {
  return Object.hasOwn(STATUS_LOOK, status) ? STATUS_LOOK[status as JobStatus] : STATUS_LOOK.unknown;
}
