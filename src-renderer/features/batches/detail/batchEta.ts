// When the batch will be done, from the throughput seen so far: items finished ÷ time elapsed, applied to
// the items left. It says nothing until two items have finished (one is no rate), and "—" while sending is
// paused (nothing is moving, so any time would be made up). Time spent paused is in the elapsed time, so the
// first estimate after a resume runs long and settles as items finish.
import type { BatchCounts } from '../../../../src-shared/contract';

/** Items finished before an estimate is given. */
export const ETA_MIN_FINISHED = 2;

export type BatchEta = { kind: 'hidden' } | { kind: 'paused' } | { kind: 'left'; ms: number };

export interface EtaInput {
  finished: number;
  total: number;
  elapsedMs: number;
  paused: boolean;
}

/** Items that will not change any more: a job in a final state, or a submission the service refused. */
export function finishedItems(counts: BatchCounts): number {
  const jobs = counts.jobs;
  return (
    (jobs.succeeded ?? 0) +
    (jobs.failed ?? 0) +
    (jobs.canceled ?? 0) +
    (jobs.expired ?? 0) +
    counts.submitFailed
  );
}

export function batchEta({ finished, total, elapsedMs, paused }: EtaInput): BatchEta {
  const remaining = total - finished;
  if (remaining <= 0 || finished < ETA_MIN_FINISHED || elapsedMs <= 0) return { kind: 'hidden' };
  if (paused) return { kind: 'paused' };
  return { kind: 'left', ms: (remaining * elapsedMs) / finished };
}
