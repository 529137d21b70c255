// What a cell without a picture says instead: where its item stands, in a word or two and in the state's own
// colour (ARCHITECTURE.md, "The look"), so a sheet that is still running reads at a glance.
import type { BatchItem } from '../../../../src-shared/contract';
import { GONE_LABEL, goneWords } from '../../../components/jobs/goneWords';
import { statusLook } from '../../../components/jobs/jobStatusLook';
import { isGone } from '../../../queries/jobQueries';
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';

/** Enough of an error for three short lines in a cell; the whole message is on hover and in Jobs. */
const CELL_ERROR_CHARS = 90;

export interface CellState {
  /** A job status, or the submission's state before there is a job. */
  state: string;
  words: string;
  /** The text colour class. */
  tone: string;
  /** 0..1 while running, when the service says; null otherwise. */
  progress: number | null;
  /** A short reason (failed, refused), shown under the words. */
  reason: string | null;
  /** The whole reason, bounded, for the tooltip. */
  reasonTitle: string | null;
}

const NOT_SENT = { words: 'Not sent', tone: 'text-muted' };
const SUBMISSION_WORDS: Record<
  Exclude<BatchItem['submission'], 'created'>,
  { words: string; tone: string }
> = {
  pending: NOT_SENT,
  sent: { words: 'Sending', tone: 'text-muted' },
  unknown: { words: 'Outcome unknown', tone: 'text-muted' },
  failed: { words: 'Refused', tone: 'text-state-failed' },
};

function reasonOf(text: string | null | undefined): Pick<CellState, 'reason' | 'reasonTitle'> {
  if (!text) return { reason: null, reasonTitle: null };
  return {
    reason: visibleText(clipText(text, CELL_ERROR_CHARS)),
    reasonTitle: visibleText(clipText(text, SUMMARY_CHARS)),
  };
}

export function cellState(item: BatchItem): CellState {
  if (item.submission !== 'created') {
    const look = SUBMISSION_WORDS[item.submission];
    return {
      state: item.submission,
      ...look,
      progress: null,
      ...reasonOf(item.submission === 'failed' ? item.submitError : null),
    };
  }
  const job = item.job;
  if (job !== null && isGone(job)) {
    // Nothing more will come of it, unlike a job Loupe has not read yet: say so, with why on hover.
    const why = goneWords(job.goneAt ?? '', job.rawStatus);
    return {
      state: 'gone',
      words: GONE_LABEL,
      tone: 'text-muted',
      progress: null,
      reason: null,
      reasonTitle: why,
    };
  }
  const status = job?.status ?? 'unknown';
  const look = statusLook(status);
  const running = status === 'running' && job !== null;
  const progress = running ? job.progress : null;
  let words = look.label;
  if (progress !== null) words = `${look.label} ${Math.round(progress * 100)}%`;
  else if (status === 'queued' && job !== null && job.queuePosition !== null) {
    words = job.queuePosition === 0 ? 'Queued · next' : `Queued · ${job.queuePosition} ahead`;
  } else if (status === 'succeeded') words = 'Succeeded · no image';
  return {
    state: status,
    words,
    tone: look.text,
    progress,
    ...reasonOf(status === 'failed' ? job?.errorMessage : null),
  };
}
