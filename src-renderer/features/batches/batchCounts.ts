// A batch's items counted by where they stand, as the parts of its state bar and as words ("3 succeeded,
// 1 failed, 1 submitting"). Job states take the job palette (one colour per state, everywhere); items with
// no job yet are neutral, and refusals a paler red than a job that failed.
import type { BatchCounts, JobStatus } from '../../../src-shared/contract';
import { GONE_LABEL } from '../../components/jobs/goneWords';
import { STATUS_LOOK } from '../../components/jobs/jobStatusLook';

export type CountKey = JobStatus | 'submitting' | 'refused' | 'gone';

export interface CountPart {
  key: CountKey;
  count: number;
  /** "succeeded", "refused": reads after a number. */
  word: string;
  /** The bar segment's colour classes. */
  bar: string;
}

/** Finished first, then what is under way, then what has no job yet: the order words and bar share. */
const ORDER: readonly CountKey[] = [
  'succeeded',
  'failed',
  'refused',
  'canceled',
  'expired',
  'gone',
  'canceling',
  'running',
  'queued',
  'submitting',
  'unknown',
];

function partFor(key: CountKey, counts: BatchCounts): CountPart {
  if (key === 'submitting') {
    return { key, count: counts.submitting, word: 'submitting', bar: 'bg-faint/70' };
  }
  if (key === 'refused') {
    return { key, count: counts.submitFailed, word: 'refused', bar: 'bg-state-failed/45' };
  }
  if (key === 'gone') {
    // Settled like an ended job, but how it ended is unknown: the unknown colour, paler.
    return { key, count: counts.gone ?? 0, word: GONE_LABEL.toLowerCase(), bar: 'bg-state-unknown/60' };
  }
  const look = STATUS_LOOK[key];
  return {
    key,
    count: counts.jobs[key] ?? 0,
    word: look.label.toLowerCase(),
    bar: `${look.bar}${key === 'running' ? ' loupe-progress-moving' : ''}`,
  };
}

/** The non-empty parts, in the shared order. */
export function countParts(counts: BatchCounts): CountPart[] {
  return ORDER.map((key) => partFor(key, counts)).filter((part) => part.count > 0);
}

/** "3 succeeded, 1 failed, 1 submitting"; "no items" for an empty batch. */
export function countsInWords(counts: BatchCounts): string {
  const parts = countParts(counts);
  return parts.length === 0 ? 'no items' : parts.map((part) => `${part.count} ${part.word}`).join(', ');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? one : many}`;
}
