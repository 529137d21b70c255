// The steps a recorded Router run takes, each one conditional UPDATE: marked sent (synced, just before each send),
// admitted to the queue with its handle, moved along the queue, answered, refused or lost, asked to cancel, its
// media saved. An UPDATE that matches no row means the run is missing or in the wrong state, and says which.
import { StoreError } from './errors';
import { stateList } from './outbox';
import { toJson } from './rowCodec';
import {
  CANCEL_ASKED,
  CANCEL_ASKED_WHILE_RUNNING,
  type QueueLinks,
  type RouterRunRow,
  type StoredMedia,
  type StoredRunMeta,
  type StoredRunState,
} from './routerRunRow';
import {
  durableTransaction,
  prepare,
  writeTransaction,
  type Db,
  type SqlParams,
  type Statement,
} from './sqlite';

export interface CompletedAnswer {
  output: unknown;
  meta: StoredRunMeta;
  requestId: string | null;
  media: readonly StoredMedia[];
}

export interface AdmittedRun {
  state: 'in_queue' | 'in_progress';
  queueRequestId: string;
  queuePosition: number | null;
  links: QueueLinks;
  meta: StoredRunMeta;
  requestId: string | null;
}

export interface RunOutcome {
  /** `sent` keeps a run whose answer was lost sendable again under its key. */
  state: 'failed' | 'cancelled' | 'sent';
  error: Record<string, unknown>;
  meta?: StoredRunMeta | null;
  requestId?: string | null;
}

/** From these a run may be sent (again) under its own key. */
const SENDABLE: readonly StoredRunState[] = ['pending', 'sent', 'failed'];
const LIVE_QUEUE: readonly StoredRunState[] = ['in_queue', 'in_progress'];

export abstract class RouterRunSteps {
  private readonly toSent;
  private readonly addAttemptsStmt;
  private readonly toCompleted;
  private readonly toAdmitted;
  private readonly toQueueProgress;
  private readonly toOutcome;
  private readonly toCancelRequested;
  private readonly setMediaStmt;

  constructor(
    protected readonly db: Db,
    private readonly now: () => Date,
  ) {
    this.toSent = prepare<{ id: string; at: string }>(
      db,
      `UPDATE router_runs SET state = 'sent', attempts = attempts + 1, error = NULL, updated_at = :at
         WHERE id = :id AND state IN (${stateList(SENDABLE)})`,
    );
    this.addAttemptsStmt = prepare<{ id: string; extra: number }>(
      db,
      'UPDATE router_runs SET attempts = attempts + :extra WHERE id = :id',
    );
    this.toCompleted = prepare<{
      id: string;
      output: string;
      meta: string;
      credits: number | null;
      request_id: string | null;
      media: string;
      at: string;
    }>(
      db,
      `UPDATE router_runs SET state = 'completed', output = :output, meta = :meta, credits_used = :credits,
         request_id = COALESCE(:request_id, request_id), media = :media, error = NULL, queue_position = NULL,
         updated_at = :at WHERE id = :id`,
    );
    this.toAdmitted = prepare<{
      id: string;
      state: string;
      queue_request_id: string;
      position: number | null;
      links: string;
      meta: string;
      request_id: string | null;
      at: string;
    }>(
      db,
      `UPDATE router_runs SET state = :state, queue_request_id = :queue_request_id, queue_position = :position,
         queue_links = :links, meta = :meta, request_id = COALESCE(:request_id, request_id), error = NULL,
         updated_at = :at WHERE id = :id AND state IN (${stateList(['pending', 'sent', ...LIVE_QUEUE])})`,
    );
    this.toQueueProgress = prepare<{ id: string; state: string; position: number | null; at: string }>(
      db,
      // A run seen in progress after a cancel was asked had reached its provider: it may be charged.
      `UPDATE router_runs SET state = :state, queue_position = :position, updated_at = :at,
         cancel_requested = CASE WHEN cancel_requested > 0 AND :state = 'in_progress'
           THEN ${CANCEL_ASKED_WHILE_RUNNING} ELSE cancel_requested END
         WHERE id = :id AND state IN (${stateList(LIVE_QUEUE)})`,
    );
    this.toOutcome = prepare<{
      id: string;
      state: string;
      error: string;
      meta: string | null;
      credits: number | null;
      request_id: string | null;
      at: string;
    }>(
      db,
      `UPDATE router_runs SET state = :state, error = :error, meta = COALESCE(:meta, meta),
         credits_used = COALESCE(:credits, credits_used), request_id = COALESCE(:request_id, request_id),
         queue_position = NULL, updated_at = :at WHERE id = :id`,
    );
    this.toCancelRequested = prepare<{ id: string; level: number; at: string }>(
      db,
      'UPDATE router_runs SET cancel_requested = MAX(cancel_requested, :level), updated_at = :at WHERE id = :id',
    );
    this.setMediaStmt = prepare<{ id: string; media: string; at: string }>(
      db,
      'UPDATE router_runs SET media = :media, updated_at = :at WHERE id = :id',
    );
  }

  /** Any profile's run by id. */
  abstract get(id: string): RouterRunRow | null;

  /** Synced before the request leaves: from here on, after a crash, the run "may have arrived". */
  markSent(id: string): RouterRunRow {
    return durableTransaction(this.db, () => {
      if (this.toSent.run({ id, at: this.at() }).changes === 0) throw this.cannot(id, 'send');
      return this.require(id);
    });
  }

  /** Sends the retry policy made on its own (each left under the same key). */
  addAttempts(id: string, extra: number): void {
    if (extra > 0) this.addAttemptsStmt.run({ id, extra });
  }

  recordCompleted(id: string, answer: CompletedAnswer): RouterRunRow {
    return this.write(this.toCompleted, {
      id,
      output: toJson(answer.output ?? null),
      meta: toJson(answer.meta),
      credits: answer.meta.creditsUsed,
      request_id: answer.requestId,
      media: toJson(answer.media),
      at: this.at(),
    });
  }

  recordAdmitted(id: string, admitted: AdmittedRun): RouterRunRow {
    return this.write(
      this.toAdmitted,
      {
        id,
        state: admitted.state,
        queue_request_id: admitted.queueRequestId,
        position: admitted.queuePosition,
        links: toJson(admitted.links),
        meta: toJson(admitted.meta),
        request_id: admitted.requestId,
        at: this.at(),
      },
      'record the admission of',
    );
  }

  /** A status read of a run still in the queue; a run that has moved on (completed, cancelled) is left alone. */
  recordQueueProgress(id: string, state: 'in_queue' | 'in_progress', position: number | null): boolean {
    return this.toQueueProgress.run({ id, state, position, at: this.at() }).changes > 0;
  }

  recordOutcome(id: string, outcome: RunOutcome): RouterRunRow {
    return this.write(this.toOutcome, {
      id,
      state: outcome.state,
      error: toJson(outcome.error),
      meta: outcome.meta === undefined || outcome.meta === null ? null : toJson(outcome.meta),
      credits: outcome.meta?.creditsUsed ?? null,
      request_id: outcome.requestId ?? null,
      at: this.at(),
    });
  }

  /** `whileRunning`: Loupe last saw the run in progress when the Router took the ask (its 202). */
  markCancelRequested(id: string, whileRunning: boolean): RouterRunRow {
    const level = whileRunning ? CANCEL_ASKED_WHILE_RUNNING : CANCEL_ASKED;
    return this.write(this.toCancelRequested, { id, level, at: this.at() });
  }

  setMedia(id: string, media: readonly StoredMedia[]): RouterRunRow {
    return this.write(this.setMediaStmt, { id, media: toJson(media), at: this.at() });
  }

  /** Told of each run written (the library makes entries of its saved media); set once by the store. */
  onWritten: ((row: RouterRunRow) => void) | null = null;

  private write<P extends SqlParams>(statement: Statement<P>, params: P, step = 'update'): RouterRunRow {
    const row = writeTransaction(this.db, () => {
      if (statement.run(params).changes === 0) throw this.cannot(String(params['id']), step);
      return this.require(String(params['id']));
    });
    this.onWritten?.(row);
    return row;
  }

  protected require(id: string): RouterRunRow {
    const row = this.get(id);
    if (row === null) throw new StoreError('not_found', `There is no Router run with id ${id}.`, { key: id });
    return row;
  }

  protected cannot(id: string, step: string): StoreError {
    const row = this.get(id);
    if (row === null)
      return new StoreError('not_found', `There is no Router run with id ${id}.`, { key: id });
    return new StoreError('conflict', `Cannot ${step} Router run ${id}: it is ${row.state}.`, {
      table: 'router_runs',
      key: id,
      state: row.state,
    });
  }

  protected at(): string {
    return this.now().toISOString();
  }
}
