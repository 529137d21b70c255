// Two batches for the screen's tests. "kites" (older) has six items in every state an item can be in: a job
// that succeeded with two outputs, a running one with one so far, and items waiting, sending, of unknown
// outcome and refused. "dunes" (newer) is one finished job with no outputs.
import type { BatchDetail, BatchOutput, JobOutput, JobSnapshot } from '../../../../src-shared/contract';
import { batchDetail, batchOutput, createdItem, jobSnapshot, waitingItem } from './fakeBatches';

export const KITE_OUTPUTS = [
  batchOutput({ jobId: 'job-kite-1', assetId: 'kite-a', name: 'kite_0001.png' }),
  batchOutput({ jobId: 'job-kite-1', assetId: 'kite-b', name: 'kite_0002.png' }),
  batchOutput({ jobId: 'job-kite-2', assetId: 'kite-c', name: 'kite_0003.png', hash: null }),
];

/** A job's own outputs out of a batch's. */
export function outputsOf(jobId: string, outputs: readonly BatchOutput[]): JobOutput[] {
  return outputs.filter((output) => output.jobId === jobId).map(({ jobId: _jobId, ...output }) => output);
}

export const KITE_JOBS = {
  done: jobSnapshot({
    id: 'job-kite-1',
    status: 'succeeded',
    submittedByUs: true,
    outputs: outputsOf('job-kite-1', KITE_OUTPUTS),
  }),
  running: jobSnapshot({
    id: 'job-kite-2',
    status: 'running',
    rawStatus: 'running',
    submittedByUs: true,
    outputs: outputsOf('job-kite-2', KITE_OUTPUTS),
  }),
};

/** The kites batch with its running job as given (so a test can move it on). */
export function kites(running: JobSnapshot = KITE_JOBS.running, outputs = KITE_OUTPUTS): BatchDetail {
  return batchDetail({
    id: 'kites',
    // A bidi override in a name is shown, not obeyed.
    name: 'Kites \u202Egnp.exe',
    createdAt: '2025-01-01T11:05:00.000Z',
    items: [
      createdItem(0, KITE_JOBS.done),
      createdItem(1, running),
      waitingItem(2, 'pending'),
      waitingItem(3, 'sent'),
      waitingItem(4, 'unknown'),
      waitingItem(5, 'failed', 'The service queue is full.'),
    ],
    outputs,
  });
}

export const DUNES_JOB = jobSnapshot({ id: 'job-dune-1', status: 'succeeded', submittedByUs: true });

export const DUNES: BatchDetail = batchDetail({
  id: 'dunes',
  name: 'Submitted: dunes.json',
  createdAt: '2025-01-01T11:10:00.000Z',
  items: [createdItem(0, DUNES_JOB)],
});

export const SAMPLE_JOBS = [KITE_JOBS.done, KITE_JOBS.running, DUNES_JOB];
