// Where main's sending of a batch stands: read with batches.sending when a batch opens (and again every few
// seconds while it is unfinished, as sending ends by itself), and replaced at once by every answer that
// carries it (batches.start, batches.control, batches.retryFailed), so the controls never wait on a read.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { batchWaitWords } from '../../../../src-shared/batchWait';
import type { BatchSending, BatchSummary } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { batchKeys } from '../../../queries/batchKeys';

/** How often an unfinished batch's sending state is read again (it ends by itself when all is sent). */
const SENDING_POLL_MS = 5_000;

export const sendingKey = (profileId: string, batchId: string) =>
  [...batchKeys.batch(profileId, batchId), 'sending'] as const;

/** Keeps an answer that says where sending stands. */
export function keepSending(client: QueryClient, profileId: string, sending: BatchSending): void {
  client.setQueryData<BatchSending>(sendingKey(profileId, sending.batchId), sending);
}

/** Where sending stands; undefined only until the first read answers. */
export function useBatchSending(
  profileId: string,
  batchId: string,
  finished = false,
): BatchSending | undefined {
  const loupe = useLoupe();
  return useQuery<BatchSending>({
    queryKey: sendingKey(profileId, batchId),
    queryFn: () => unwrap(loupe.batches.sending({ profileId, batchId })),
    refetchInterval: finished ? false : SENDING_POLL_MS,
  }).data;
}

export interface SendingChoices {
  /** What main last said; null when it has not been asked in this session. */
  state: BatchSending['state'] | null;
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  window: boolean;
  /** Queued or running jobs a cancel stops. */
  liveJobs: number;
  /** Where sending stands, in words; null when not known or nothing is left to say. */
  words: string | null;
}

function stateWords(sending: BatchSending | undefined, toSend: number, finished: boolean): string | null {
  const state = sending?.state ?? null;
  if (finished || state === null) return null;
  if (state === 'canceled') return 'Canceled';
  if (state === 'paused') return sending?.reason == null ? 'Paused' : `Paused: ${sending.reason}`;
  // Another Loupe (the CLI, another window) sends it: this one only follows.
  if (state === 'elsewhere') return sending?.reason ?? 'Sent by another Loupe';
  // The answer kept may be older than the last send: with nothing left to send, it has all gone.
  if (toSend === 0) return 'All sent';
  if (state !== 'sending') return 'Not sending';
  // Holding back for now: said with why, so a locked keychain or a full queue is not taken for a stall.
  return sending?.waiting == null ? 'Sending' : batchWaitWords(sending.waiting, Date.now());
}

/**
 * Which controls make sense. Resume is offered while items wait to be sent and sending is paused, idle, or
 * not known (main starts idle after a relaunch; a resume of a batch already sending only keeps its window,
 * so offering it when unsure is harmless). A canceled batch sends nothing more until its failures are
 * retried, so it offers neither. Pause only while something is left to send: an answer kept from the start
 * still says "sending" after the last item went.
 */
export function sendingChoices(sending: BatchSending | undefined, batch: BatchSummary): SendingChoices {
  const state = sending?.state ?? null;
  const toSend = batch.counts.submitting;
  const liveJobs = (batch.counts.jobs.queued ?? 0) + (batch.counts.jobs.running ?? 0);
  const canceled = state === 'canceled';
  // Sent by another process: its sender decides; a second one here would only be refused.
  const elsewhere = state === 'elsewhere';
  return {
    state,
    pause: state === 'sending' && toSend > 0,
    resume: !canceled && !elsewhere && state !== 'sending' && toSend > 0,
    cancel: !canceled && !batch.finished && toSend + liveJobs > 0,
    window: !canceled && !elsewhere && toSend > 0,
    liveJobs,
    words: stateWords(sending, toSend, batch.finished),
  };
}
