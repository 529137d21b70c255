// The Demo server's seeded sweep, recorded as one of the Demo profile's batches, so the Batches screen shows a
// finished sweep (a contact sheet, two failures to retry) before the user has run anything. It is recorded as
// Loupe records its own: every item created with its job, every job as one Loupe submitted, with the workflow
// and labels it went with (a retry sends the item's request again). The Demo server lives in memory, so each
// launch seeds new jobs: a batch recorded for an earlier launch names jobs that no longer exist, and is replaced.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { batchIdSchema } from '../../../src-shared/contracts/batches';
import { SubmitJobBodySchema, validateRequest } from '../api';
import { jobSnapshotSchema, type JsonObject, type LoupeStore } from '../store';
import { itemValuesSchema } from '../store/batchItemsTable';

/** What a Demo launcher says about the batch its server seeded: plain data, checked before it is recorded. */
export interface DemoSeededBatch {
  id: string;
  name: string;
  axes: ReadonlyArray<{ kind: string; source: string; length: number }>;
  items: ReadonlyArray<{
    /** 0-based; the items come in position order. */
    position: number;
    jobId: string;
    /** The item's values on the axes (`3.seed` = 2, `3.cfg` = 7): they lay out the contact sheet. */
    values: ReadonlyArray<{ target: string; value: unknown }>;
    workflow: Readonly<Record<string, unknown>>;
    labels: Readonly<Record<string, string>>;
    /** The job as the service returned it. */
    job: Readonly<Record<string, unknown>>;
  }>;
}

const seededItemSchema = z.object({
  position: z.number().int().nonnegative(),
  jobId: z.string().min(1),
  values: itemValuesSchema,
  workflow: z.record(z.string(), z.json()),
  labels: z.record(z.string(), z.string()),
  job: jobSnapshotSchema,
});

const seededBatchSchema = z.object({
  id: batchIdSchema,
  name: z.string().min(1).max(200),
  axes: z.array(z.object({ kind: z.string(), source: z.string(), length: z.number().int().nonnegative() })),
  items: z
    .array(seededItemSchema)
    // The store numbers items in the order they are written, so the order must be the positions'.
    .refine((items) => items.every((item, index) => item.position === index), 'items out of position order')
    .refine((items) => items.every((item) => item.job.id === item.jobId), 'an item’s job is another job'),
});
type SeededBatch = z.output<typeof seededBatchSchema>;

export type DemoBatchOutcome = 'recorded' | 'unchanged' | 'replaced';

/** Records the seeded batch for `profileId`, unless it is already recorded with these very jobs. */
export function recordDemoBatch(
  store: LoupeStore,
  profileId: string,
  seeded: DemoSeededBatch,
): DemoBatchOutcome {
  const batch = seededBatchSchema.parse(seeded);
  const existing = store.batches.get(batch.id);
  if (existing !== null) {
    const jobIds = store.batchItems.listForBatch(batch.id).rows.map((item) => item.jobId);
    const sameJobs =
      existing.profileId === profileId &&
      jobIds.length === batch.items.length &&
      batch.items.every((item, index) => jobIds[index] === item.jobId);
    if (sameJobs) return 'unchanged';
    forgetBatch(store, existing.profileId, batch.id);
  }
  record(store, profileId, batch);
  return existing === null ? 'recorded' : 'replaced';
}

/** The old batch, its items, and the rows of the jobs they named (those jobs died with the old server). */
function forgetBatch(store: LoupeStore, profileId: string, batchId: string): void {
  const items = store.batchItems.listForBatch(batchId).rows;
  store.transaction(() => {
    for (const item of items) {
      for (const jobId of [item.jobId, item.retryOfJob])
        if (jobId !== null) store.jobs.remove(profileId, jobId);
    }
    store.batches.remove(batchId);
  });
}

function record(store: LoupeStore, profileId: string, batch: SeededBatch): void {
  const entries = batch.items.map((item) => {
    const request: JsonObject = { workflow: item.workflow, metadata: item.labels };
    // The check every planned batch passes: a body the service would refuse is never recorded as sendable.
    validateRequest(SubmitJobBodySchema, request, 'invalid_request');
    return { item, intent: { id: randomUUID(), idempotencyKey: randomUUID(), request, values: item.values } };
  });
  const plan = { workflowFile: null, axes: batch.axes, zip: false, repeat: null, window: null };
  store.batches.create(
    { id: batch.id, profileId, name: batch.name, plan },
    entries.map(({ intent }) => intent),
  );
  for (const { item, intent } of entries) {
    const { jobId, job, workflow, labels } = item;
    store.jobs.recordSubmitted(profileId, { jobId, status: job.status, workflow, labels, snapshot: job });
    // The outbox's own steps, as if Loupe had sent it: pending, sent, then created with its job.
    store.batchItems.markSent(intent.id);
    store.batchItems.markResult(intent.id, { outcome: 'created', jobId });
  }
}
