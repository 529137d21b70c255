// Test support: a real store file with two profiles, a BatchReader on it, and helpers that record jobs and
// walk batch items through the outbox steps, so the reader is tested against rows the app really writes.
import Database from 'libsql';
import type { BatchSubmissionState } from '../../../../src-shared/contracts/batches';
import { DomainError } from '../../errors';
import { openStore, type LoupeStore } from '../../store';
import { makeTempDir } from '../../store/testing/tempDir';
import { BatchReader } from '../batchReader';

export interface ItemPlan {
  state: BatchSubmissionState;
  jobId?: string;
}

export interface BatchStoreFixture {
  store: LoupeStore;
  reader: BatchReader;
  /** Which profile the reader sees as active (null: none chosen). Starts as 'p'; 'q' also exists. */
  /** A job as the service would have described it, with outputs named in the service's order. */
  recordJob(profileId: string, jobId: string, status: string, assetIds?: string[]): void;
  /** Records a batch and walks each item through the outbox steps to the state it should end in. */
  recordBatch(profileId: string, batchId: string, plans: ItemPlan[]): void;
  /** Writes to the file behind the store's back, as another tool or a bad build would. */
  tamper(sql: string): void;
  close(): void;
}

export function openBatchStoreFixture(): BatchStoreFixture {
  const dir = makeTempDir('loupe-batches-');
  // Each write a second later, so batches have distinct creation times (the list is newest first).
  let tick = Date.parse('2025-03-01T10:00:00Z');
  const store = openStore(dir.file('loupe.db'), { now: () => new Date((tick += 1000)) });
  for (const id of ['p', 'q']) {
    store.profiles.insert({
      id,
      name: id.toUpperCase(),
      surface: 'serverless',
      baseUrl: `https://${id}.example.com`,
      routerBaseUrl: null,
      builtIn: null,
    });
  }
  const reader = new BatchReader({ store });

  return {
    store,
    reader,
    recordJob: (profileId, jobId, status, assetIds = []) => {
      store.jobs.recordSubmitted(profileId, {
        jobId,
        status,
        workflow: { '1': { class_type: 'SaveImage', inputs: {} } },
        snapshot: {
          id: jobId,
          status,
          created_at: '2025-03-01T09:00:00Z',
          outputs: assetIds.map((assetId, i) => ({
            id: assetId,
            node_id: '9',
            name: `${assetId}.png`,
            type: 'image',
            content_type: 'image/png',
            size_bytes: 100 + i,
            hash: null,
            url: `https://${profileId}.example.com/api/v2/assets/${assetId}/content`,
          })),
        },
      });
    },
    recordBatch: (profileId, batchId, plans) => {
      const { items } = store.batches.create(
        { id: batchId, profileId, name: `Batch ${batchId}` },
        plans.map((_, i) => ({ id: `${batchId}-i${i}`, idempotencyKey: `${batchId}-k${i}`, request: { i } })),
      );
      items.forEach((item, i) => {
        const plan = plans[i];
        if (plan === undefined || plan.state === 'pending') return;
        store.batchItems.markSent(item.id);
        if (plan.state === 'created') {
          store.batchItems.markResult(item.id, { outcome: 'created', jobId: plan.jobId ?? 'missing' });
        } else if (plan.state === 'failed') {
          store.batchItems.markResult(item.id, {
            outcome: 'failed',
            error: 'invalid_workflow: node 4 missing',
          });
        } else if (plan.state === 'unknown') {
          store.batchItems.markResult(item.id, { outcome: 'unknown', error: 'timeout' });
        }
      });
    },
    tamper: (sql) => {
      const db = new Database(dir.file('loupe.db'));
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    close: () => {
      store.close();
      dir.remove();
    },
  };
}

/** The DomainError `fn` throws; anything else it throws, or nothing, fails the test. */
export function failureOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
