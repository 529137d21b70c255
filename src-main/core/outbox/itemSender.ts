// Sends one recorded outbox item under its own Idempotency-Key and records what became of it, as
// core/api/writeOutcome.ts decides: a job; a job whose answer was lost (a 2xx arrived, so it exists: recorded
// `created` without an id, then looked for, never failed and never sent again); a refusal or a request that
// never left (`failed`: the key is free again); or no way to tell (`unknown`: looked for, resent only under
// the same key). Shared by jobs.submit, the batch runner and the resumer, so all three decide alike.
import { z } from 'zod';
import { ApiError, SubmitJobBodySchema, type SubmitJobBody } from '../api';
import type { WriteOutcome } from '../api/writeOutcome';
import { isStoreError, type BatchItemResult, type BatchItemRow, type LoupeStore } from '../store';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import type { WireJob } from '../jobSources/wireJob';
import type { PartnerKeyPolicy } from './partnerKey/partnerKeyPolicy';
import type { SubmissionReconciler } from './submissionReconciler';

export interface SubmitRequest {
  workflow: Record<string, unknown>;
  labels?: Record<string, string>;
  fileName?: string;
  /** The job this submission retries (the attempts chain). */
  retryOf?: string;
  /** The outbox record's name, when the default (from retryOf or fileName) would not say what it is. */
  batchName?: string;
  /**
   * The caller's own key (the CLI's --idempotency-key), for a caller that may run the same submission again:
   * a key already in the outbox takes up that item instead of sending a second job. Fresh when absent.
   */
  idempotencyKey?: string;
}

/** An item's recorded request, read back: what goes on the wire and what the job is recorded with. */
export interface ItemRequest {
  body: SubmitJobBody;
  request: SubmitRequest;
  labels: Record<string, string> | undefined;
}

/** What one send came to. `created-unread`: the job exists, its id is not known yet. */
export type SendOutcome =
  | { kind: 'created'; wire: WireJob }
  | { kind: 'created-unread'; error: ApiError }
  | { kind: 'unknown'; error: ApiError }
  | { kind: 'failed'; error: ApiError };

export interface ItemSenderDeps {
  profileId: string;
  api: ServiceJobs;
  store: LoupeStore;
  reconciler: SubmissionReconciler;
  /** Whether a workflow goes with the profile's key for partner nodes; never, when absent. */
  partnerKey?: Pick<PartnerKeyPolicy, 'wants'>;
}

const jsonBody = z.record(z.string(), z.json());

export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'the request failed';
}

/** The item's request as recorded; null when the record cannot be read (it is then abandoned, never sent). */
export function itemRequestOf(item: BatchItemRow): ItemRequest | null {
  const parsed = SubmitJobBodySchema.safeParse(item.request);
  if (!parsed.success) return null;
  const body = parsed.data;
  const labels =
    body.metadata !== undefined && Object.keys(body.metadata).length > 0 ? body.metadata : undefined;
  return {
    body,
    labels,
    request: {
      workflow: body.workflow,
      ...(labels === undefined ? {} : { labels }),
      // The item's next attempt after a failed job: recorded as that job's retry, so the chain shows it.
      ...(item.retryOfJob === null ? {} : { retryOf: item.retryOfJob }),
    },
  };
}

export class ItemSender {
  constructor(private readonly deps: ItemSenderDeps) {}

  /**
   * One POST under the item's key, marked sent on disk before it leaves (a batch runner marks a burst in one
   * commit first and says so), and its outcome recorded.
   */
  async send(
    itemId: string,
    idempotencyKey: string,
    item: ItemRequest,
    alreadyMarkedSent = false,
  ): Promise<SendOutcome> {
    const { store } = this.deps;
    // Decided now, for this send; the record keeps the request as it was, without any key.
    const partnerKey = (await this.deps.partnerKey?.wants(item.body.workflow)) === true;
    // Durable before the request leaves: after a crash from here on the item reads `sent` ("may have arrived").
    if (!alreadyMarkedSent) store.batchItems.markSent(itemId);
    let result: WriteOutcome<WireJob>;
    try {
      result = await this.deps.api.submit(item.body, idempotencyKey, partnerKey ? { partnerKey } : {});
    } catch (error) {
      // Only a body refused before sending throws here: nothing left.
      const refused =
        error instanceof ApiError ? error : ApiError.invalidRequest('invalid_request', describeError(error));
      this.settle(itemId, { outcome: 'failed', error: `not sent: ${describeError(refused)}` });
      return { kind: 'failed', error: refused };
    }
    switch (result.kind) {
      case 'created': {
        const wire = result.value;
        // The job, the workflow it ran and the item's answer reach the disk in one commit: a sender killed
        // between them leaves neither half. Not forced to disk (the mark before sending was): if a power cut
        // loses it, the item reads `sent`, is resent under its key, refused as a reused key, and its job found.
        store.transaction(() => {
          this.recordWithin(wire, item);
          this.settle(itemId, { outcome: 'created', jobId: wire.id });
        });
        return { kind: 'created', wire };
      }
      case 'created-unread':
        // The 2xx says the job exists; only its id is missing. Never failed, never sent again.
        this.settle(itemId, { outcome: 'created', jobId: null, error: describeError(result.error) });
        return { kind: 'created-unread', error: result.error };
      case 'refused':
      case 'not-sent':
        this.settle(itemId, {
          outcome: 'failed',
          error: `${result.kind === 'not-sent' ? 'not sent: ' : ''}${describeError(result.error)}`,
        });
        return { kind: 'failed', error: result.error };
      case 'unknown':
        this.settle(itemId, { outcome: 'unknown', error: describeError(result.error) });
        return { kind: 'unknown', error: result.error };
    }
  }

  /**
   * Looks for the job an item's submission made (its answer was lost, or may never have come) and records it
   * as the item's job. Null when it cannot be told for sure: the item keeps its state, and is looked for
   * again later, never sent under a new key.
   */
  async locate(itemId: string, item: ItemRequest, sentAtMs: number): Promise<WireJob | null> {
    const found = await this.deps.reconciler.find(item.request.workflow, sentAtMs).catch(() => null);
    if (found === null) return null;
    const { store } = this.deps;
    store.durable(() => {
      this.recordWithin(found, item);
      const row = store.batchItems.get(itemId);
      if (row?.state === 'created') store.batchItems.attachJob(itemId, found.id);
      else this.settle(itemId, { outcome: 'created', jobId: found.id });
    });
    return found;
  }

  /** Durable: the job and the workflow it ran (for a later retry) are on disk before anyone is told. */
  record(wire: WireJob, item: Pick<ItemRequest, 'request' | 'labels'>): void {
    this.deps.store.durable(() => this.recordWithin(wire, item));
  }

  /**
   * Records an item's outcome. Another sender (a second Loupe on the same data) may have recorded it first:
   * its record stands, and this one is dropped rather than thrown into the batch's run.
   */
  settle(itemId: string, result: BatchItemResult): void {
    try {
      this.deps.store.batchItems.markResult(itemId, result);
    } catch (error) {
      if (!isStoreError(error) || error.code !== 'conflict') throw error;
    }
  }

  private recordWithin(wire: WireJob, item: Pick<ItemRequest, 'request' | 'labels'>): void {
    const { request, labels } = item;
    this.deps.store.jobs.recordSubmittedWithin(this.deps.profileId, {
      jobId: wire.id,
      status: wire.status,
      workflow: jsonBody.parse(request.workflow),
      snapshot: wire,
      ...(labels === undefined ? {} : { labels }),
      ...(request.retryOf === undefined ? {} : { retryOf: request.retryOf }),
    });
  }
}
