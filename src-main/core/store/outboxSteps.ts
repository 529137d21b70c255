// The steps both write-before-send tables (batch items and uploads) take, in one place: mark sent (durable),
// record a result, requeue under a new key. Each step is one conditional UPDATE; an UPDATE that matches no
// row means the row is missing or in the wrong state, and says which.
import { z } from 'zod';
import {
  awaitingStates,
  boundedError,
  sendableStates,
  stateList,
  transitionError,
  type OutboxState,
} from './outbox';
import { durableTransaction, prepare, writeTransaction, type Db, type Statement } from './sqlite';

export type OutboxTable = 'batch_items' | 'uploads';

const keySchema = z.string().min(1).max(255);

export class OutboxSteps<Row extends { state: OutboxState }> {
  private readonly toSent: Statement<{ id: string; at: string }>;
  private readonly toPending: Statement<{ id: string; key: string; at: string }>;
  private readonly toAbandoned: Statement<{ id: string; error: string; at: string }>;

  constructor(
    private readonly db: Db,
    private readonly table: OutboxTable,
    private readonly now: () => Date,
    private readonly read: (id: string) => Row | null,
  ) {
    this.toSent = prepare(
      db,
      `UPDATE ${table} SET state = 'sent', attempts = attempts + 1, updated_at = :at
         WHERE id = :id AND state IN (${stateList(sendableStates)})`,
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

  /** Durable before it returns: call it right before the request leaves (and again before a resend). */
  markSent(id: string): Row {
    return durableTransaction(this.db, () => {
      if (this.toSent.run({ id, at: this.stamp() }).changes === 0) {
        throw transitionError(this.table, id, this.read(id)?.state ?? null, 'mark as sent', sendableStates);
      }
      return this.require(id);
    });
  }

  /**
   * Records what came back, through the table's own UPDATE (which must only match awaiting states). Not
   * forced to disk: if this write is lost the row reads `sent`, and a resend with the same key is safe.
   */
  recordResult(id: string, update: (at: string) => number): Row {
    return writeTransaction(this.db, () => {
      if (update(this.stamp()) === 0) {
        throw transitionError(
          this.table,
          id,
          this.read(id)?.state ?? null,
          'record a result for',
          awaitingStates,
        );
      }
      return this.require(id);
    });
  }

  /** Puts a failed row back in the queue under a new key (the old key names the failed attempt). */
  requeue(id: string, newIdempotencyKey: string): Row {
    const key = keySchema.parse(newIdempotencyKey);
    return durableTransaction(this.db, () => {
      if (this.toPending.run({ id, key, at: this.stamp() }).changes === 0) {
        throw transitionError(this.table, id, this.read(id)?.state ?? null, 'requeue', ['failed']);
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
        throw transitionError(this.table, id, this.read(id)?.state ?? null, 'abandon', sendableStates);
      }
      return this.require(id);
    });
  }

  require(id: string): Row {
    const row = this.read(id);
    if (row === null) throw transitionError(this.table, id, null, 'read', []);
    return row;
  }

  private stamp(): string {
    return this.now().toISOString();
  }
}
