// The steps both write-before-send tables (batch items and uploads) take, in one place: mark sent (durable),
// record a result, requeue under a new key, abandon. Each table extends OutboxSteps and adds only what is its
// own: the intent it records, the columns a created outcome fills in, and its reads. Each step is one
// conditional UPDATE; an UPDATE that matches no row means the row is missing or in the wrong state, and says
// which.
import {
  awaitingStates,
  boundedError,
  idempotencyKeySchema,
  sendableStates,
  stateList,
  transitionError,
  type OutboxFailure,
  type OutboxState,
} from './outbox';
import {
  durableTransaction,
  prepare,
  writeTransaction,
  type Db,
  type SqlParams,
  type Statement,
} from './sqlite';

type OutboxTableName = 'batch_items' | 'uploads';

/**
 * The columns a created outcome fills in, each with where its value comes from. Written through COALESCE, so
 * a null keeps what the row already has (a hash known from the intent, say).
 */
type CreatedColumns<Created> = Readonly<Record<string, (created: Created) => string | null>>;

export abstract class OutboxSteps<
  Row extends { state: OutboxState },
  Created extends { outcome: 'created' },
> {
  private readonly toSent: Statement<{ id: string; at: string }>;
  private readonly toSentIfUnchanged: Statement<{ id: string; state: string; seen: string; at: string }>;
  private readonly toResult: Statement<SqlParams>;
  private readonly toPending: Statement<{ id: string; key: string; at: string }>;
  private readonly toAbandoned: Statement<{ id: string; error: string; at: string }>;

  constructor(
    protected readonly db: Db,
    private readonly table: OutboxTableName,
    private readonly now: () => Date,
    private readonly createdColumns: CreatedColumns<Created>,
  ) {
    this.toSent = prepare(
      db,
      `UPDATE ${table} SET state = 'sent', attempts = attempts + 1, updated_at = :at
         WHERE id = :id AND state IN (${stateList(sendableStates)})`,
    );
    this.toSentIfUnchanged = prepare(
      db,
      `UPDATE ${table} SET state = 'sent', attempts = attempts + 1, updated_at = :at
         WHERE id = :id AND state = :state AND updated_at = :seen AND state IN (${stateList(sendableStates)})`,
    );
    const filled = Object.keys(createdColumns).map((column) => `${column} = COALESCE(:${column}, ${column})`);
    this.toResult = prepare(
      db,
      `UPDATE ${table} SET state = :state, ${filled.join(', ')}, last_error = :last_error, updated_at = :at
         WHERE id = :id AND state IN (${stateList(awaitingStates)})`,
    );
    this.toPending = prepare(
      db,
      `UPDATE ${table} SET state = 'pending', idempotency_key = :key, last_error = NULL, updated_at = :at
         WHERE id = :id AND state = 'failed'`,
    );
    this.toAbandoned = prepare(
      db,
      `UPDATE ${table} SET state = 'failed', last_error = :error, updated_at = :at
         WHERE id = :id AND state IN (${stateList(sendableStates)})`,
    );
  }

  abstract get(id: string): Row | null;

  /** Durable before it returns: call it right before the request leaves (and again before a resend). */
  markSent(id: string): Row {
    return durableTransaction(this.db, () => {
      if (this.toSent.run({ id, at: this.stamp() }).changes === 0) {
        throw transitionError(this.table, id, this.get(id)?.state ?? null, 'mark as sent', sendableStates);
      }
      return this.require(id);
    });
  }

  /**
   * Marks several rows sent in one durable commit (one fsync for a burst of sends), each only if it still
   * stands exactly as the caller read it (its state and its last write): a row another sender marked or
   * answered meanwhile is left out. Only the returned ids may be sent.
   */
  markSentAll(rows: readonly { id: string; state: OutboxState; updatedAt: string }[]): Set<string> {
    return durableTransaction(this.db, () => {
      const marked = new Set<string>();
      for (const row of rows) {
        const params = { id: row.id, state: row.state, seen: row.updatedAt, at: this.stamp() };
        if (this.toSentIfUnchanged.run(params).changes > 0) marked.add(row.id);
      }
      return marked;
    });
  }

  /**
   * Records what came back (only from an awaiting state). Not forced to disk: if this write is lost the row
   * reads `sent`, and a resend with the same key is safe: the service de-duplicates it.
   */
  markResult(id: string, result: Created | OutboxFailure): Row {
    const created = result.outcome === 'created' ? result : null;
    const filled: Record<string, string | null> = {};
    for (const [column, valueOf] of Object.entries(this.createdColumns))
      filled[column] = created === null ? null : valueOf(created);
    // A created outcome may still say what was lost on the way (its answer), for the person reading it.
    const note: unknown = 'error' in result ? result.error : undefined;
    const lastError = typeof note === 'string' ? boundedError(note) : null;
    return writeTransaction(this.db, () => {
      const params = { ...filled, id, state: result.outcome, last_error: lastError, at: this.stamp() };
      if (this.toResult.run(params).changes === 0) {
        throw transitionError(
          this.table,
          id,
          this.get(id)?.state ?? null,
          'record a result for',
          awaitingStates,
        );
      }
      return this.require(id);
    });
  }

  /** Puts a failed row back in the queue under a new key (the old key names the failed attempt). */
  requeue(id: string, newIdempotencyKey: string): Row {
    const key = idempotencyKeySchema.parse(newIdempotencyKey);
    return durableTransaction(this.db, () => {
      if (this.toPending.run({ id, key, at: this.stamp() }).changes === 0) {
        throw transitionError(this.table, id, this.get(id)?.state ?? null, 'requeue', ['failed']);
      }
      return this.require(id);
    });
  }

  /**
   * Gives up on an unfinished row (the user dismissed it, or a newer attempt replaced it): it reads `failed`
   * with the reason, so it is not offered for resuming again. A later attempt needs a new key (`requeue`).
   */
  abandon(id: string, reason: string): Row {
    return writeTransaction(this.db, () => {
      if (this.toAbandoned.run({ id, error: boundedError(reason), at: this.stamp() }).changes === 0) {
        throw transitionError(this.table, id, this.get(id)?.state ?? null, 'abandon', sendableStates);
      }
      return this.require(id);
    });
  }

  protected require(id: string): Row {
    const row = this.get(id);
    if (row === null) throw transitionError(this.table, id, null, 'read', []);
    return row;
  }

  protected stamp(): string {
    return this.now().toISOString();
  }
}
