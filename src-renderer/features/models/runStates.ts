// Where a Router run stands, in words and in the one colour per state the whole app uses (a run in the
// queue is grey like a queued job, in progress is blue, completed green, failed red, cancelled amber).
import type { RouterRunState } from '../../../src-shared/contracts/models';
import { STATUS_LOOK, type StatusLook } from '../../components/jobs/jobStatusLook';

export const UNFINISHED_STATES: readonly RouterRunState[] = ['pending', 'sent', 'in_queue', 'in_progress'];

export function isUnfinished(state: RouterRunState): boolean {
  return UNFINISHED_STATES.includes(state);
}

/** A queued run can be asked to stop while the Router still holds it. */
export function isCancellable(state: RouterRunState, mode: 'sync' | 'queued'): boolean {
  return mode === 'queued' && (state === 'in_queue' || state === 'in_progress' || state === 'sent');
}

const RUN_LOOK: Record<RouterRunState, { label: string; look: StatusLook }> = {
  pending: { label: 'Waiting to send', look: STATUS_LOOK.queued },
  sent: { label: 'Sent', look: STATUS_LOOK.running },
  in_queue: { label: 'In queue', look: STATUS_LOOK.queued },
  in_progress: { label: 'In progress', look: STATUS_LOOK.running },
  completed: { label: 'Completed', look: STATUS_LOOK.succeeded },
  failed: { label: 'Failed', look: STATUS_LOOK.failed },
  cancelled: { label: 'Cancelled', look: STATUS_LOOK.canceled },
};

/** An unknown state (a newer host) reads as unknown, violet, never as done. */
export function runLook(state: string): { label: string; look: StatusLook } {
  return Object.hasOwn(RUN_LOOK, state)
    ? RUN_LOOK[state as RouterRunState]
    : { label: 'Unknown', look: STATUS_LOOK.unknown };
}
