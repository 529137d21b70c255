// Test support for the Batches screen: batches, items and outputs with sensible defaults, and a fake host
// (the jobs fake, so jobs.updates can be pushed) whose batches.list and batches.get answer from batches the
// test can change as it goes.
import type {
  BatchCounts,
  BatchDetail,
  BatchItem,
  BatchOutput,
  BatchSummary,
  CallName,
  JobSnapshot,
} from '../../../../src-shared/contract';
import { rowPictureOf } from '../../../../src-shared/contract';
import { summaryOf } from '../../../queries/jobCache';
import type { Answer } from '../../../test/fakeHost';
import { fakeJobsHost, jobSnapshot, type FakeJobsOptions } from '../../../test/fakeJobsHost';

export const ASSET_BASE = '/asset-bytes/cap/';

export function batchOutput(patch: Partial<BatchOutput> & { assetId: string; jobId: string }): BatchOutput {
  return {
    nodeId: '9',
    name: `${patch.assetId}.png`,
    type: 'image',
    contentType: 'image/png',
    sizeBytes: 1024,
    hash: `blake3:${'ab'.repeat(32)}`,
    ...patch,
  };
}

/** An item whose job exists, as Loupe last saw it. */
export function createdItem(position: number, job: JobSnapshot): BatchItem {
  return {
    id: `item-${job.id}`,
    values: [],
    position,
    submission: 'created',
    submitError: null,
    attempts: 1,
    jobId: job.id,
    job: summaryOf(job),
  };
}

/** An item with no job yet (or refused). */
export function waitingItem(
  position: number,
  submission: Exclude<BatchItem['submission'], 'created'>,
  submitError: string | null = null,
): BatchItem {
  return {
    id: `item-${position}`,
    values: [],
    position,
    submission,
    submitError,
    attempts: submission === 'pending' ? 0 : 1,
    jobId: null,
    job: null,
  };
}

/** The counts the host would give for these items. */
export function countsOf(items: readonly BatchItem[]): BatchCounts {
  const counts: BatchCounts = { submitting: 0, submitFailed: 0, jobs: {} };
  for (const item of items) {
    if (item.submission === 'failed') counts.submitFailed += 1;
    else if (item.submission !== 'created') counts.submitting += 1;
    else if (item.job?.goneAt != null) counts.gone = (counts.gone ?? 0) + 1;
    else {
      const status = item.job?.status ?? 'unknown';
      counts.jobs[status] = (counts.jobs[status] ?? 0) + 1;
    }
  }
  return counts;
}

/** A batch from its items and outputs; counts, item count and whether it is finished follow from them. */
export function batchDetail(
  patch: Partial<BatchDetail> & { id: string; items: BatchItem[]; outputs?: BatchOutput[] },
): BatchDetail {
  const outputs = patch.outputs ?? [];
  const finished = patch.items.every(
    (item) =>
      item.submission === 'failed' ||
      (item.job !== null && ['succeeded', 'failed', 'canceled', 'expired'].includes(item.job.status)),
  );
  return {
    name: `Batch ${patch.id}`,
    createdAt: '2025-01-01T11:00:00.000Z',
    itemCount: patch.items.length,
    counts: countsOf(patch.items),
    outputsCount: outputs.length,
    thumbnail: rowPictureOf(outputs),
    finished,
    axes: [],
    zip: false,
    ...patch,
    outputs,
  };
}

export function summaryOfBatch(batch: BatchDetail): BatchSummary {
  const { items: _items, outputs: _outputs, ...summary } = batch;
  return summary;
}

export interface FakeBatchesOptions extends FakeJobsOptions {
  batches: BatchDetail[];
}

/** The jobs fake, plus batches.list / batches.get over `batches` (newest first) and the asset route base. */
export function fakeBatchesHost(options: FakeBatchesOptions) {
  const batches = new Map(options.batches.map((batch) => [batch.id, batch]));
  const answers: Partial<Record<CallName, Answer>> = {
    'batches.list': () => ({
      ok: true,
      value: {
        batches: [...batches.values()]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map(summaryOfBatch),
      },
    }),
    'batches.get': (args) => {
      const { batchId } = args as { batchId: string };
      const batch = batches.get(batchId);
      return batch
        ? { ok: true, value: batch }
        : { ok: false, error: { code: 'batch_not_found', message: `There is no batch ${batchId}.` } };
    },
    'assets.base': () => ({ ok: true, value: { base: ASSET_BASE } }),
  };
  const host = fakeJobsHost({ ...options, overrides: { ...answers, ...options.overrides } });
  return {
    ...host,
    batches,
    /** Changes (or adds) a batch on the host: what batches.list and batches.get answer next. */
    setBatch: (batch: BatchDetail) => batches.set(batch.id, batch),
    removeBatch: (batchId: string) => batches.delete(batchId),
  };
}

export type FakeBatchesHost = ReturnType<typeof fakeBatchesHost>;

export { jobSnapshot };
