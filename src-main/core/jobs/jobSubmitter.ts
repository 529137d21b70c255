// jobs.submit and jobs.retry, written before they are sent (ARCHITECTURE rule 6). The submission and its
// fresh Idempotency-Key go into the store's outbox (a batch of one) in a durable commit, the item is marked
// sent (durably) just before the POST, and the job is recorded with the workflow it ran. An unknown outcome
// is never resent under a new key: the old one stays claimed on the service, so Loupe looks for the job
// (submissionReconciler.ts) and otherwise reports "maybe created". After a crash, `resume` takes up what the
// record says may have left (submissionResumer.ts).
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import type { JobSnapshot } from '../../../src-shared/contracts/jobs';
import { ApiError, SubmitJobBodySchema, validateRequest, type SubmitJobBody } from '../api';
import { DomainError } from '../errors';
import { idempotencyKeySchema, type BatchItemRow, type LoupeStore } from '../store';
import type { JobWatcher } from '../watch/jobWatcher';
import type { LocalHistory } from '../jobSources/localHistory';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import type { SubmissionReconciler } from './submissionReconciler';
import { readWire, type WireJob } from '../jobSources/wireJob';

export interface SubmitRequest {
  workflow: Record<string, unknown>;
  labels?: Record<string, string>;
  fileName?: string;
  /** The job this submission retries (the attempts chain). */
  retryOf?: string;
  /**
   * The caller's own key (the CLI's --idempotency-key), for a caller that may run the same submission again:
   * a key already in the outbox takes up that item instead of sending a second job. Fresh when absent.
   */
  idempotencyKey?: string;
}

export interface JobSubmitterDeps {
  profileId: string;
  api: ServiceJobs;
  store: LoupeStore;
  history: LocalHistory;
  watcher: JobWatcher;
  reconciler: SubmissionReconciler;
  newId: () => string;
  now: () => number;
}

const jsonBody = z.record(z.string(), z.json());

/** What became of one item's send: its job, a refusal (null: the record itself was unreadable), or no answer. */
export type ItemOutcome =
  | { kind: 'created'; job: JobSnapshot }
  | { kind: 'failed'; error: ApiError | null }
  | { kind: 'unknown'; error: ApiError };

type Outcome =
  | { kind: 'created'; wire: WireJob }
  | { kind: 'unknown'; error: ApiError }
  | { kind: 'failed'; error: ApiError };

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'the request failed';
}

function batchName(request: SubmitRequest): string {
  if (request.retryOf !== undefined) return `Retry of ${request.retryOf}`;
  return request.fileName === undefined ? 'Workflow submitted from Loupe' : `Submitted: ${request.fileName}`;
}

export class JobSubmitter {
  constructor(private readonly deps: JobSubmitterDeps) {}

  async submit(request: SubmitRequest): Promise<JobSnapshot> {
    const { store, profileId, newId } = this.deps;
    const labels =
      request.labels !== undefined && Object.keys(request.labels).length > 0 ? request.labels : undefined;
    // Checked before the intent is written: a body the service would refuse is never recorded as sent.
    const body: SubmitJobBody = validateRequest(
      SubmitJobBodySchema,
      { workflow: request.workflow, ...(labels === undefined ? {} : { metadata: labels }) },
      'invalid_request',
    );
    const idempotencyKey = request.idempotencyKey ?? newId();
    if (!idempotencyKeySchema.safeParse(idempotencyKey).success)
      throw new DomainError('invalid_request', 'An idempotency key is 1 to 255 characters.');
    const earlier = request.idempotencyKey === undefined ? null : this.earlierItem(idempotencyKey, body);
    if (earlier?.jobId != null) return this.track(await this.deps.api.read(earlier.jobId), request);
    // A definite refusal released the key on the service (spec, Idempotency-Key rule 4): it may go again.
    if (earlier?.state === 'failed') store.batchItems.requeue(earlier.id, idempotencyKey);
    const item =
      earlier ??
      store.batches.create({ id: newId(), profileId, name: batchName(request) }, [
        { id: newId(), idempotencyKey, request: jsonBody.parse(body) },
      ]).items[0];
    if (item === undefined) throw new Error('the outbox returned no item for the submission');

    const sentAtMs = this.deps.now();
    const outcome = await this.send(item.id, body, idempotencyKey, request, labels);
    if (outcome.kind === 'failed') throw outcome.error;
    const wire =
      outcome.kind === 'created'
        ? outcome.wire
        : await this.reconcile(outcome.error, item.id, request, labels, sentAtMs);
    return this.track(wire, request);
  }

  /**
   * The outbox item a caller's own key already names, when it is the same submission to this profile; a
   * key that named something else is refused before anything is sent.
   */
  private earlierItem(key: string, body: SubmitJobBody): BatchItemRow | null {
    const item = this.deps.store.batchItems.byKey(key);
    if (item === null) return null;
    const batch = this.deps.store.batches.get(item.batchId);
    if (batch?.profileId !== this.deps.profileId || !isDeepStrictEqual(item.request, jsonBody.parse(body))) {
      throw new DomainError(
        'idempotency_key_reuse',
        'This idempotency key was already used for a different submission. Use a new key for a new submission.',
        { details: { idempotencyKey: key } },
      );
    }
    return item;
  }

  /**
   * Takes up an item a previous run of Loupe recorded but did not see answered (submissionResumer.ts).
   * `mayResend`: its key is still within the service's lifetime, so a resend cannot create a second job: the
   * service refuses a key it has seen. Otherwise Loupe only looks for the job the first request may have made.
   */
  async resume(item: BatchItemRow, mayResend: boolean): Promise<'created' | 'unknown' | 'failed'> {
    const parsed = SubmitJobBodySchema.safeParse(item.request);
    if (!parsed.success) {
      this.deps.store.batchItems.abandon(item.id, 'not sent: the recorded request could not be read');
      return 'failed';
    }
    const body = parsed.data;
    const labels =
      body.metadata !== undefined && Object.keys(body.metadata).length > 0 ? body.metadata : undefined;
    const request: SubmitRequest = { workflow: body.workflow, ...(labels === undefined ? {} : { labels }) };
    const lastSentMs = Date.parse(item.updatedAt);
    if (!mayResend) {
      if (item.state === 'pending') {
        this.deps.store.batchItems.abandon(
          item.id,
          'not sent: Loupe stopped before sending it, too long ago to send it now. Submit it again if you still want it.',
        );
        return 'failed';
      }
      const found = await this.deps.reconciler.find(request.workflow, lastSentMs).catch(() => null);
      if (found === null) {
        if (item.state === 'sent') {
          this.deps.store.batchItems.markResult(item.id, {
            outcome: 'unknown',
            error:
              'Loupe stopped before the service answered, and could not find the job it may have created.',
          });
        }
        return 'unknown';
      }
      this.record(found, request, labels);
      this.deps.store.batchItems.markResult(item.id, { outcome: 'created', jobId: found.id });
      this.track(found, request);
      return 'created';
    }
    return (await this.sendItem(item)).kind;
  }

  /**
   * Sends one recorded item under its own key (a planned batch's item, or one taken up after a crash), and
   * follows up a lost answer as `submit` does. A refusal comes back with its error, so the batch runner can
   * tell a full queue (wait, then send again under the same key: the service released it) from a failure.
   */
  async sendItem(item: BatchItemRow, options: { alreadyMarkedSent?: boolean } = {}): Promise<ItemOutcome> {
    const parsed = SubmitJobBodySchema.safeParse(item.request);
    if (!parsed.success) {
      this.deps.store.batchItems.abandon(item.id, 'not sent: the recorded request could not be read');
      return { kind: 'failed', error: null };
    }
    const body = parsed.data;
    const labels =
      body.metadata !== undefined && Object.keys(body.metadata).length > 0 ? body.metadata : undefined;
    const request: SubmitRequest = {
      workflow: body.workflow,
      ...(labels === undefined ? {} : { labels }),
      // The item's next attempt after a failed job: recorded as that job's retry, so the chain shows it.
      ...(item.retryOfJob === null ? {} : { retryOf: item.retryOfJob }),
    };
    const sentAtMs = item.state === 'pending' ? this.deps.now() : Date.parse(item.updatedAt);
    const outcome = await this.send(
      item.id,
      body,
      item.idempotencyKey,
      request,
      labels,
      options.alreadyMarkedSent,
    );
    if (outcome.kind === 'failed') return { kind: 'failed', error: outcome.error };
    if (outcome.kind === 'created') {
      return { kind: 'created', job: this.track(outcome.wire, request) };
    }
    try {
      const found = await this.reconcile(outcome.error, item.id, request, labels, sentAtMs);
      return { kind: 'created', job: this.track(found, request) };
    } catch {
      return { kind: 'unknown', error: outcome.error };
    }
  }

  /**
   * One POST under the item's key, written before it leaves. A refusal of the key itself (422
   * idempotency_key_reuse) arrives as maybe-created (the http layer's retry policy): an earlier request with
   * the key reached the service, so it is an unknown outcome, never a failure that could be sent again.
   */
  private async send(
    itemId: string,
    body: SubmitJobBody,
    idempotencyKey: string,
    request: SubmitRequest,
    labels: Record<string, string> | undefined,
    alreadyMarkedSent = false,
  ): Promise<Outcome> {
    const { store } = this.deps;
    // Durable before the request leaves: after a crash from here on the item reads `sent` ("may have arrived").
    // A batch runner marks a burst of items in one commit first (markSentAll) and says so.
    if (!alreadyMarkedSent) store.batchItems.markSent(itemId);
    let wire: WireJob;
    try {
      wire = await this.deps.api.submit(body, idempotencyKey);
    } catch (error) {
      if (error instanceof ApiError && error.kind !== 'maybe-created') {
        store.batchItems.markResult(itemId, { outcome: 'failed', error: describe(error) });
        return { kind: 'failed', error };
      }
      // maybe-created (a key already presented too), or anything that is not an answer: the job may exist.
      store.batchItems.markResult(itemId, { outcome: 'unknown', error: describe(error) });
      return { kind: 'unknown', error: unknownOutcome(error, idempotencyKey) };
    }
    // The job, the workflow it ran and the item's answer reach the disk in one commit: a sender killed
    // between them leaves neither half (one fsync instead of two, too).
    store.durable(() => {
      this.recordWithin(wire, request, labels);
      store.batchItems.markResult(itemId, { outcome: 'created', jobId: wire.id });
    });
    return { kind: 'created', wire };
  }

  /** Re-submits a job's API workflow under a new key, linked to it so the list shows both attempts. */
  async retry(jobId: string): Promise<JobSnapshot> {
    const workflow = await this.retryWorkflow(jobId);
    const original = this.deps.watcher.wireOf(jobId) ?? this.deps.history.one(jobId)?.wire ?? null;
    const labels = original === null ? {} : readWire(original).metadata;
    return this.submit({ workflow, labels, retryOf: jobId });
  }

  private async reconcile(
    error: ApiError,
    itemId: string,
    request: SubmitRequest,
    labels: Record<string, string> | undefined,
    sentAtMs: number,
  ): Promise<WireJob> {
    const found = await this.deps.reconciler.find(request.workflow, sentAtMs).catch(() => null);
    if (found === null) throw error;
    this.record(found, request, labels);
    this.deps.store.batchItems.markResult(itemId, { outcome: 'created', jobId: found.id });
    return found;
  }

  /** Durable: the job and the workflow it ran (for a later retry) are on disk before anyone is told. */
  private record(wire: WireJob, request: SubmitRequest, labels: Record<string, string> | undefined): void {
    this.deps.store.durable(() => this.recordWithin(wire, request, labels));
  }

  /** The same, inside the caller's durable transaction. */
  private recordWithin(
    wire: WireJob,
    request: SubmitRequest,
    labels: Record<string, string> | undefined,
  ): void {
    this.deps.store.jobs.recordSubmittedWithin(this.deps.profileId, {
      jobId: wire.id,
      status: wire.status,
      workflow: jsonBody.parse(request.workflow),
      snapshot: wire,
      ...(labels === undefined ? {} : { labels }),
      ...(request.retryOf === undefined ? {} : { retryOf: request.retryOf }),
    });
  }

  private track(wire: WireJob, request: SubmitRequest): JobSnapshot {
    const { watcher, history } = this.deps;
    const snapshot = watcher.track(wire, history.facts(wire.id));
    if (request.retryOf !== undefined) watcher.relink(request.retryOf, history.facts(request.retryOf));
    return snapshot;
  }

  private async retryWorkflow(jobId: string): Promise<Record<string, unknown>> {
    try {
      const document = await this.deps.api.jobs.workflow(jobId);
      if (document.format === 'api') return document.workflow;
    } catch (error) {
      // The service may no longer have it (retention); what Loupe sent is the next best source.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
    const sent = this.deps.history.workflowOf(jobId);
    if (sent !== null) return sent;
    throw new DomainError(
      'retry_needs_api_workflow',
      "This job's workflow is only available in the editor's own format, which the service cannot run. " +
        'Open it in the editor, export it in API format, and submit that file.',
    );
  }
}

function unknownOutcome(error: unknown, idempotencyKey: string): ApiError {
  const original = error instanceof ApiError ? error : null;
  return new ApiError({
    kind: 'maybe-created',
    status: original?.status ?? 0,
    code: 'outcome_unknown',
    message:
      'The service did not confirm the submission, and Loupe could not find the job it may have created. ' +
      'Check the job list before submitting again: the same workflow may already be running.',
    details: { idempotencyKey, originalCode: original?.code ?? null },
    retryAfterMs: original?.retryAfterMs ?? null,
    ...(original === null ? {} : { cause: original }),
  });
}
