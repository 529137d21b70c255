// One job kept live (ARCHITECTURE.md, rule 4: polling is the truth, the stream is a hint). React Query owns
// the job's entry, filled by jobs.get; jobs.watch events write into the same entry, and a snapshot older than
// the one held never replaces it. When the stream ends or says it is polling, this hook polls jobs.get itself
// until a new subscription carries it again. A finished job stops all of it and reads its log once more.
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { JobSnapshot } from '../../src-shared/contract';
import { useLoupe } from '../lib/loupeContext';
import { summaryOf, writeSnapshot } from '../queries/jobCache';
import { jobKeys } from '../queries/jobKeys';
import { hasSettled, jobQuery } from '../queries/jobQueries';
import { createFrameQueue, newestById } from './frameQueue';
import { jobFinishNotices } from './jobFinishNotices';
import { previewImage, type PreviewImage } from './previewImage';
import { useActiveProfileId } from './useActiveProfileId';
import { useDocumentVisible } from './useDocumentVisible';

/** connecting: waiting for the stream; live: the stream carries it; polling: Loupe asks on an interval;
 *  paused: the host is offline; finished: the job ended, nothing more to watch. */
export type LiveMode = 'connecting' | 'live' | 'polling' | 'paused' | 'finished';

export interface JobLiveOptions {
  pollIntervalMs?: number;
  /** The first wait before subscribing again after the stream ended; doubles while it keeps failing. */
  resubscribeMs?: number;
}

export interface JobLive {
  job: JobSnapshot | undefined;
  query: UseQueryResult<JobSnapshot>;
  mode: LiveMode;
  /** Why the mode is what it is, in words (from the host), when it said. */
  modeReason: string | null;
  pollIntervalMs: number;
  preview: PreviewImage | null;
}

export const POLL_INTERVAL_MS = 2_000;
const RESUBSCRIBE_MS = 3_000;
const RESUBSCRIBE_MAX_MS = 60_000;

interface StreamState {
  jobId: string | null;
  mode: LiveMode;
  reason: string | null;
}

export function useJobLive(jobId: string | null, options: JobLiveOptions = {}): JobLive {
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const resubscribeMs = options.resubscribeMs ?? RESUBSCRIBE_MS;
  const loupe = useLoupe();
  const client = useQueryClient();
  const profileId = useActiveProfileId();
  const visible = useDocumentVisible();
  const [stream, setStream] = useState<StreamState>({ jobId, mode: 'connecting', reason: null });
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failures = useRef(0);

  const streamMode = stream.jobId === jobId ? stream.mode : 'connecting';
  const polling = streamMode === 'polling';
  const query = useQuery({
    ...jobQuery(loupe, profileId ?? '', jobId ?? ''),
    enabled: profileId !== null && jobId !== null,
    refetchInterval: (q) => (polling && !hasSettled(q.state.data) ? pollIntervalMs : false),
    refetchIntervalInBackground: true,
  });
  const job = query.data;
  const terminal = hasSettled(job);
  // Subscribe only once the first read has said the job is still going: watching a finished job would make
  // main read it again just to find it finished.
  const known = job !== undefined;

  useEffect(() => {
    if (profileId === null || jobId === null || !known || terminal) return;
    let closed = false;
    let sawMode = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const setMode = (mode: LiveMode, reason: string | null) => setStream({ jobId, mode, reason });
    // At most one batch of snapshots per frame (frameQueue.ts): a burst of progress draws the job once.
    const snapshots = createFrameQueue<JobSnapshot>((jobs) => {
      for (const job of newestById(jobs)) writeSnapshot(client, profileId, job);
    });
    const subscription = loupe.jobs.watch(
      { profileId, jobId, live: visible },
      {
        onEvent: (event) => {
          if (closed) return;
          failures.current = 0;
          if (event.type === 'snapshot') {
            if (event.job.id === jobId) snapshots.push(event.job);
          } else if (event.type === 'preview') {
            const image = event.jobId === jobId ? previewImage(event) : null;
            if (image) setPreview(image);
          } else {
            sawMode = true;
            setMode(event.mode, event.reason);
          }
        },
        onEnd: (error) => {
          if (closed) return;
          // Carry on by polling at once (events may have been missed), and subscribe again later.
          setMode('polling', error?.message ?? null);
          void client.refetchQueries({ queryKey: jobKeys.job(profileId, jobId), exact: true });
          const delay = Math.min(RESUBSCRIBE_MAX_MS, resubscribeMs * 2 ** Math.min(failures.current, 5));
          failures.current += 1;
          retry = setTimeout(() => setAttempt((count) => count + 1), delay);
        },
      },
    );
    void subscription.ready.then((result) => {
      if (!closed && result.ok && !sawMode) setMode('live', null);
    });
    return () => {
      closed = true;
      clearTimeout(retry);
      snapshots.cancel();
      subscription.unsubscribe();
    };
  }, [loupe, client, profileId, jobId, known, terminal, visible, attempt, resubscribeMs]);

  // The moment the job ends: read its log once more (it is written at the end) and tell the finish notices.
  const seen = useRef<{ jobId: string; terminal: boolean } | null>(null);
  useEffect(() => {
    if (!job || profileId === null) return;
    const before = seen.current;
    seen.current = { jobId: job.id, terminal };
    jobFinishNotices.observe([summaryOf(job)]);
    if (terminal && before?.jobId === job.id && !before.terminal) {
      void client.invalidateQueries({ queryKey: jobKeys.logs(profileId, job.id), exact: true });
    }
  }, [client, job, profileId, terminal]);

  return {
    job,
    query,
    mode: terminal ? 'finished' : streamMode,
    modeReason: terminal || stream.jobId !== jobId ? null : stream.reason,
    pollIntervalMs,
    preview: preview?.jobId === jobId ? preview : null,
  };
}
