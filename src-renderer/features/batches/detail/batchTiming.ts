// How long a batch and its items have taken, read from the batch record alone. A job row says when the job
// was created; when it ended is read from `completedAt` where a row carries one (a job snapshot does; the
// batch's rows may not). Loupe's `observedAt` is never taken for the end: a job that ended while Loupe was
// closed would read as having run until Loupe next looked, and that number would be a lie.
import { parseTime } from '../../../../src-shared/format';
import { isTerminalJobStatus } from '../../../../src-shared/jobStatus';

/** What the timing reads of a job row. */
export interface JobTimes {
  status: string;
  createdAt: string | null;
  completedAt?: string | null | undefined;
}

/** What the Time column says of an item. */
export type ItemTime =
  /** No job yet, or a job with no creation time or a status Loupe cannot read. */
  | { kind: 'none' }
  /** Queued or running: the cell counts up from `sinceMs`. */
  | { kind: 'running'; sinceMs: number }
  /** Created to completed. */
  | { kind: 'took'; ms: number }
  /** Finished, but the row does not say when. */
  | { kind: 'ended' };

const UNDER_WAY: ReadonlySet<string> = new Set(['queued', 'running', 'canceling']);

/** When a job ended, in ms; null while it runs or when its row does not say. */
export function jobEndedAt(job: JobTimes): number | null {
  return isTerminalJobStatus(job.status) ? parseTime(job.completedAt) : null;
}

export function itemTime(job: JobTimes | null): ItemTime {
  const created = parseTime(job?.createdAt);
  if (job === null || created === null) return { kind: 'none' };
  if (UNDER_WAY.has(job.status)) return { kind: 'running', sinceMs: created };
  if (!isTerminalJobStatus(job.status)) return { kind: 'none' };
  const ended = jobEndedAt(job);
  return ended === null ? { kind: 'ended' } : { kind: 'took', ms: Math.max(0, ended - created) };
}

/**
 * Whether any item has a time to show (a job running, or one whose row says when it ended): without one, the
 * Time column would be a column of dashes.
 */
export function anyItemTime(items: readonly { job: JobTimes | null }[]): boolean {
  return items.some((item) => {
    const kind = itemTime(item.job).kind;
    return kind === 'running' || kind === 'took';
  });
}

/** How long the batch has run: counting up while unfinished, its whole span once finished (when known). */
export type BatchElapsed =
  | { kind: 'running'; sinceMs: number }
  | { kind: 'took'; ms: number }
  /** Finished, but no item's row says when its job ended (or the batch has no creation time). */
  | { kind: 'unknown' };

interface TimedBatch {
  createdAt: string;
  finished: boolean;
  items: readonly { job: JobTimes | null }[];
}

/**
 * Running: since Loupe recorded the batch, counted on Loupe's clock (the "created … ago" beside it is too).
 * Finished: its first job's creation to its last job's end, both the service's times: Loupe's record of the
 * batch against the service's end would mix two clocks (a service clock ahead reads longer than the batch has
 * existed), and a batch recorded after its jobs ran (the Demo's seeded sweep) would read 0 ms.
 */
export function batchElapsed(batch: TimedBatch): BatchElapsed {
  const created = parseTime(batch.createdAt);
  if (created === null) return { kind: 'unknown' };
  if (!batch.finished) return { kind: 'running', sinceMs: created };
  let first: number | null = null;
  let latest: number | null = null;
  for (const item of batch.items) {
    const started = parseTime(item.job?.createdAt);
    const ended = item.job === null ? null : jobEndedAt(item.job);
    if (started !== null && (first === null || started < first)) first = started;
    if (ended !== null && (latest === null || ended > latest)) latest = ended;
  }
  if (first === null || latest === null) return { kind: 'unknown' };
  return { kind: 'took', ms: Math.max(0, latest - first) };
}
