// jobs.submit and jobs.retry, written before they are sent (ARCHITECTURE rule 6). The submission and its
// fresh Idempotency-Key go into the store's outbox (a batch of one) in a durable commit, the item is marked
// sent (durably) just before the POST, and the job is recorded with the workflow it ran (itemSender.ts). A
// submission whose job may exist is never resent under a new key: Loupe looks for the job
// (submissionReconciler.ts) and otherwise reports what it knows. After a crash, `resume` takes up what the
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
import { readWire, type WireJob } from '../jobSources/wireJob';
import {
  describeError,
  itemRequestOf,
  type ItemRequest,
  type ItemSender,
  type SendOutcome,
  type SubmitRequest,
} from './itemSender';

export type { SubmitRequest } from './itemSender';

export interface JobSubmitterDeps {
  profileId: string;
  api: ServiceJobs;
  store: LoupeStore;
  history: LocalHistory;
  watcher: JobWatcher;
  sender: ItemSender;
  newId: () => string;
  now: () => number;
}

const jsonBody = z.record(z.string(), z.json());

/**
 * What became of one item's send: its job; its job exists but is not found yet (`created-unread`); a refusal
 * (null: the record itself was unreadable); or no answer.
 */
export type ItemOutcome =
  | { kind: 'created'; job: JobSnapshot }
  | { kind: 'created-unread'; error: ApiError }
  | { kind: 'failed'; error: ApiError | null }
  | { kind: 'unknown'; error: ApiError };

/** A retry whose workflow was changed first: the change, applied to the job's API workflow. */
export interface RetryChanges {
  change: (workflow: Record<string, unknown>) => Record<string, unknown>;
}

function batchName(request: SubmitRequest): string {
  if (request.batchName !== undefined) return request.batchName;
  if (request.retryOf !== undefined) return `Retry of ${request.retryOf}`;
  return request.fileName === undefined ? 'Workflow submitted from Loupe' : `Submitted: ${request.fileName}`;
}

export class JobSubmitter {
  /**
   * Submissions and retries under way: until each has handed its job to the watcher, it is work that keeps the
   * profile's runtime (profileJobs.ts hasWork). Sends, looks and resumes are not counted here: they only run
   * inside a batch run or the resume at start, which count as work already.
   */
  private underWay = 0;

  constructor(private readonly deps: JobSubmitterDeps) {}

  /** Whether a submission is on its way (its job not yet followed by the watcher). */
  busy(): boolean {
    return this.underWay > 0;
  }

  /** Counts `work` as under way from this moment (synchronously) until it settles. */
  private async counted<T>(work: () => Promise<T>): Promise<T> {
    this.underWay += 1;
    try {
      return await work();
    } finally {
      this.underWay -= 1;
    }
  }

  submit(request: SubmitRequest): Promise<JobSnapshot> {
    return this.counted(() => this.submitNow(request));
  }

  private async submitNow(request: SubmitRequest): Promise<JobSnapshot> {
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
    const item: ItemRequest = { body, request, labels };
    const earlier = request.idempotencyKey === undefined ? null : this.earlierItem(idempotencyKey, body);
    if (earlier?.jobId != null) return this.track(await this.deps.api.read(earlier.jobId), request);
    if (earlier !== null && earlier.state === 'created') {
      // Its job exists (a 2xx arrived) and was not found yet: look again, never send it twice.
      const found = await this.deps.sender.locate(earlier.id, item, Date.parse(earlier.updatedAt));
      if (found === null) throw answerLostError(idempotencyKey, earlier.lastError);
      return this.track(found, request);
    }
    // A definite refusal released the key on the service (spec, Idempotency-Key rule 4): it may go again.
    if (earlier?.state === 'failed') store.batchItems.requeue(earlier.id, idempotencyKey);
    const row =
      earlier ??
      store.batches.create({ id: newId(), profileId, name: batchName(request) }, [
        { id: newId(), idempotencyKey, request: jsonBody.parse(body) },
      ]).items[0];
    if (row === undefined) throw new Error('the outbox returned no item for the submission');

    const sentAtMs = this.deps.now();
    const outcome = await this.deps.sender.send(row.id, idempotencyKey, item);
    if (outcome.kind === 'failed') throw outcome.error;
    if (outcome.kind === 'created') return this.track(outcome.wire, request);
    const found = await this.deps.sender.locate(row.id, item, sentAtMs);
    if (found !== null) return this.track(found, request);
    throw outcome.kind === 'created-unread'
      ? answerLostError(idempotencyKey, describeError(outcome.error))
      : unknownOutcome(outcome.error, idempotencyKey);
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
   * An item whose job is known to exist (`created` without an id) is only looked for.
   */
  async resume(item: BatchItemRow, mayResend: boolean): Promise<'created' | 'unknown' | 'failed'> {
    const request = itemRequestOf(item);
    if (request === null) {
      this.abandonUnreadable(item);
      return 'failed';
    }
    const lastSentMs = Date.parse(item.updatedAt);
    if (item.state === 'created') {
      const found = await this.deps.sender.locate(item.id, request, lastSentMs);
      if (found === null) return 'unknown';
      this.track(found, request.request);
      return 'created';
    }
    if (!mayResend) {
      if (item.state === 'pending') {
        this.deps.store.batchItems.abandon(
          item.id,
          'not sent: Loupe stopped before sending it, too long ago to send it now. Submit it again if you still want it.',
        );
        return 'failed';
      }
      const found = await this.deps.sender.locate(item.id, request, lastSentMs);
      if (found === null) {
        if (item.state === 'sent') {
          this.deps.sender.settle(item.id, {
            outcome: 'unknown',
            error:
              'Loupe stopped before the service answered, and could not find the job it may have created.',
          });
        }
        return 'unknown';
      }
      this.track(found, request.request);
      return 'created';
    }
    const outcome = await this.sendItem(item);
    return outcome.kind === 'created-unread' ? 'unknown' : outcome.kind;
  }

  /**
   * Sends one recorded item under its own key (a planned batch's item, or one taken up after a crash), and
   * follows up a lost answer as `submit` does. A refusal comes back with its error, so the batch runner can
   * tell a full queue (wait, then send again under the same key: the service released it) from a failure.
   */
  async sendItem(item: BatchItemRow, options: { alreadyMarkedSent?: boolean } = {}): Promise<ItemOutcome> {
    const request = itemRequestOf(item);
    if (request === null) {
      this.abandonUnreadable(item);
      return { kind: 'failed', error: null };
    }
    const sentAtMs = item.state === 'pending' ? this.deps.now() : Date.parse(item.updatedAt);
    const outcome: SendOutcome = await this.deps.sender.send(
      item.id,
      item.idempotencyKey,
      request,
      options.alreadyMarkedSent,
    );
    if (outcome.kind === 'failed') return outcome;
    if (outcome.kind === 'created')
      return { kind: 'created', job: this.track(outcome.wire, request.request) };
    const found = await this.deps.sender.locate(item.id, request, sentAtMs);
    if (found !== null) return { kind: 'created', job: this.track(found, request.request) };
    return outcome;
  }

  /**
   * Looks again for the job of an item whose answer was lost (created without an id, or unknown): never a
   * send. `created` once found; otherwise the item stays as it is.
   */
  async locateItem(item: BatchItemRow): Promise<ItemOutcome> {
    const request = itemRequestOf(item);
    const lost = new ApiError({
      kind: 'maybe-created',
      status: 0,
      code: item.state === 'created' ? 'answer_lost' : 'outcome_unknown',
      message: item.lastError ?? 'The answer to this submission was lost.',
    });
    if (request === null) return { kind: 'unknown', error: lost };
    const found = await this.deps.sender.locate(item.id, request, Date.parse(item.updatedAt));
    if (found !== null) return { kind: 'created', job: this.track(found, request.request) };
    return item.state === 'created'
      ? { kind: 'created-unread', error: lost }
      : { kind: 'unknown', error: lost };
  }

  private abandonUnreadable(item: BatchItemRow): void {
    if (item.state === 'created' || item.state === 'failed') return;
    this.deps.store.batchItems.abandon(item.id, 'not sent: the recorded request could not be read');
  }

  /**
   * Re-submits a job's API workflow under a new key, linked to it so the list shows both attempts; with
   * `changed`, its inputs changed first (Run again with changes), recorded under a name that says so.
   */
  retry(jobId: string, changed?: RetryChanges): Promise<JobSnapshot> {
    return this.counted(() => this.retryNow(jobId, changed));
  }

  private async retryNow(jobId: string, changed?: RetryChanges): Promise<JobSnapshot> {
    const read = await this.retryWorkflow(jobId);
    const workflow = changed === undefined ? read : changed.change(read);
    const original = this.deps.watcher.wireOf(jobId) ?? this.deps.history.one(jobId)?.wire ?? null;
    const labels = original === null ? {} : readWire(original).metadata;
    return this.submit({
      workflow,
      labels,
      retryOf: jobId,
      ...(changed === undefined ? {} : { batchName: `Run again with changes: ${jobId}` }),
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

/** The 2xx arrived (the job exists) but its answer was lost, and the job has not been found yet. */
function answerLostError(idempotencyKey: string, reason: string | null): ApiError {
  return new ApiError({
    kind: 'maybe-created',
    status: 0,
    code: 'answer_lost',
    message:
      'The service accepted the submission, so the job exists, but its answer was lost' +
      (reason === null ? '' : ` (${reason})`) +
      '. Loupe keeps looking for the job and shows it in the list once found; do not submit it again.',
    details: { idempotencyKey },
  });
}
