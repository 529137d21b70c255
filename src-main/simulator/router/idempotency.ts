// Router idempotency is record-and-replay, unlike v2's (NOTES.md Part B, "Limits"): the first answer after
// dispatch is recorded for 24 hours per workspace, and a repeat of the key is answered from the record.
// Refusals before dispatch never claim the key, which is how they "release" it.
import { createHash } from 'node:crypto';
import { retryAfterSeconds, routerError, withHeaders, type Answer } from './answer';

const RECORD_TTL_MS = 24 * 60 * 60 * 1000;

type Entry =
  | { state: 'in_flight'; fingerprint: string; etaAt: number }
  | { state: 'done'; fingerprint: string; answer: Answer; expiresAt: number };

export type Lookup = { kind: 'fresh' } | { kind: 'answered'; answer: Answer };

/** What makes two calls "the same call": route, model, provider parameters and the exact body bytes. */
export function fingerprintOf(parts: readonly string[], body: Buffer): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\n');
  return hash.update(body).digest('hex');
}

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  private entry(owner: string, key: string): Entry | undefined {
    const id = `${owner}\n${key}`;
    const found = this.entries.get(id);
    if (found?.state === 'done' && found.expiresAt <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return found;
  }

  /** Answer a repeated key from the record, or report that the call is new. */
  lookup(owner: string, key: string, fingerprint: string): Lookup {
    const found = this.entry(owner, key);
    if (!found) return { kind: 'fresh' };
    if (found.fingerprint !== fingerprint) {
      const detail =
        'this Idempotency-Key was used for a different request and its answer cannot be replayed; use a new key';
      return { kind: 'answered', answer: routerError(409, 'invalid_input', detail) };
    }
    if (found.state === 'in_flight') {
      const detail =
        'the original call with this Idempotency-Key is still running; retry after Retry-After with the same key';
      const retryAfter = retryAfterSeconds(found.etaAt - this.now());
      return {
        kind: 'answered',
        answer: routerError(409, 'concurrency_limit_exceeded', detail, { 'retry-after': retryAfter }),
      };
    }
    return { kind: 'answered', answer: withHeaders(found.answer, { 'idempotent-replayed': 'true' }) };
  }

  /** Mark the key as taken at dispatch; `etaMs` feeds Retry-After for a repeat that arrives meanwhile. */
  claim(owner: string, key: string, fingerprint: string, etaMs: number): void {
    this.entries.set(`${owner}\n${key}`, { state: 'in_flight', fingerprint, etaAt: this.now() + etaMs });
  }

  /** Record the answer to replay. The live response carried `Idempotent-Replayed: false`; replays say true. */
  record(owner: string, key: string, fingerprint: string, answer: Answer): void {
    this.entries.set(`${owner}\n${key}`, {
      state: 'done',
      fingerprint,
      answer,
      expiresAt: this.now() + RECORD_TTL_MS,
    });
  }
}
