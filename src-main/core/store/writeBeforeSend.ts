// The one way to send an outbox item (a batch item or an upload): mark it sent on disk, then send, then
// record the outcome. A send that throws is an unknown outcome, never a failure: the request may have arrived,
// and only a resend with the same idempotency key (or a reconcile) can tell.
import type { OutboxFailure } from './outbox';

export type SendOutcome<Created> = Created | OutboxFailure;

export interface OutboxTable<Row, Created> {
  markSent(id: string): Row;
  markResult(id: string, result: SendOutcome<Created>): Row;
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return 'the request ended without an answer';
}

export async function sendWithIntent<Row, Created>(
  table: OutboxTable<Row, Created>,
  id: string,
  send: (row: Row) => Promise<SendOutcome<Created>>,
): Promise<Row> {
  // Durable before `send` runs: after a crash from here on the row reads `sent`, meaning "may have arrived".
  const sent = table.markSent(id);
  let outcome: SendOutcome<Created>;
  try {
    outcome = await send(sent);
  } catch (error) {
    outcome = { outcome: 'unknown', error: describe(error) };
  }
  return table.markResult(id, outcome);
}
