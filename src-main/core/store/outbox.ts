// The vocabulary shared by the two write-before-send tables (batch items and uploads).
//
//   pending  the intent is on disk; the request has certainly not left
//   sent     marked (durably) just before the request left; after a crash this means "may have arrived"
//   unknown  the request left and no answer came back (network error, timeout): reconcile, then resend
//            with the same idempotency key
//   created  the service accepted it (the job or asset id is recorded)
//   failed   the service rejected it; a retry is a new attempt with a new key (`requeue`)
import { z } from 'zod';
import { StoreError } from './errors';

export const outboxStateSchema = z.enum(['pending', 'sent', 'unknown', 'created', 'failed']);
export type OutboxState = z.infer<typeof outboxStateSchema>;

/** The service refuses an Idempotency-Key that is empty or over 255 characters: so does the disk, first. */
export const idempotencyKeySchema = z.string().min(1).max(255);

/** States from which a request may (again) leave: a resend after an unknown outcome reuses the key. */
export const sendableStates: readonly OutboxState[] = ['pending', 'sent', 'unknown'];
/** States in which an answer (or the lack of one) can be recorded. */
export const awaitingStates: readonly OutboxState[] = ['sent', 'unknown'];

export type OutboxFailure =
  | { outcome: 'failed'; error: string }
  /** The request may or may not have been accepted. */
  | { outcome: 'unknown'; error: string };

/**
 * `IN (...)` list for a fixed set of states; the values are our own constants, never user input. Shared by the
 * outbox tables and router_runs so every state list in SQL is quoted one way.
 */
export function stateList(states: readonly string[]): string {
  return states.map((state) => `'${state}'`).join(', ');
}

/** Error texts come from the network and from servers: keep what is stored bounded. */
export function boundedError(error: string): string {
  return error.length > 2000 ? `${error.slice(0, 2000)}…` : error;
}

/** The error for an outbox step attempted on a missing row or from the wrong state. */
export function transitionError(
  table: string,
  id: string,
  currentState: OutboxState | null,
  step: string,
  allowed: readonly OutboxState[],
): StoreError {
  if (currentState === null) {
    return new StoreError('not_found', `There is no ${table} row with id ${id}.`, { table, key: id });
  }
  return new StoreError(
    'conflict',
    `Cannot ${step} ${table} row ${id}: it is ${currentState}, and this step needs ${allowed.join(' or ')}.`,
    { table, key: id, state: currentState },
  );
}
