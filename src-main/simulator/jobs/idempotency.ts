// Idempotency-Key for job submission, exactly per the spec's six rules: single use, no replay;
// claimed only by a request that reaches submission; released when submission definitively fails
// without a job; kept claimed when the outcome is unknown; 24-hour lifetime. Keys are per owner.

export const idempotencyKeyLifetimeMs = 24 * 60 * 60 * 1000;
const maxKeyLength = 255;

export type KeyHeader = { ok: true; key: string | null } | { ok: false; message: string };

/** The proxy refuses an empty key or one over 255 characters with 400 invalid_request. */
export function readKeyHeader(value: string | string[] | undefined): KeyHeader {
  if (value === undefined) return { ok: true, key: null };
  if (Array.isArray(value)) return { ok: false, message: 'Send one Idempotency-Key header.' };
  if (value.trim() === '') return { ok: false, message: 'Idempotency-Key must not be empty.' };
  if (value.length > maxKeyLength)
    return { ok: false, message: `Idempotency-Key must be at most ${maxKeyLength} characters.` };
  return { ok: true, key: value };
}

interface KeyRecord {
  owner: string;
  key: string;
  claimedAt: number;
  state: 'claimed' | 'released';
  jobIds: string[];
  /** Later requests refused with idempotency_key_reuse. */
  reuseRejections: number;
}

export interface KeySnapshot {
  owner: string;
  key: string;
  state: 'claimed' | 'released';
  claimedAt: string;
  expiresAt: string;
  jobsCreated: number;
  jobIds: string[];
  reuseRejections: number;
}

export class IdempotencyRegistry {
  private readonly records = new Map<string, KeyRecord>();

  constructor(private readonly now: () => number) {}

  private id(owner: string, key: string): string {
    return `${owner}\u0000${key}`;
  }

  /** Claim the key for one submission. False means the key is already taken (reject with reuse). */
  claim(owner: string, key: string): boolean {
    const id = this.id(owner, key);
    const existing = this.records.get(id);
    const live =
      existing && existing.state === 'claimed' && this.now() - existing.claimedAt < idempotencyKeyLifetimeMs;
    if (live) {
      existing.reuseRejections += 1;
      return false;
    }
    this.records.set(id, {
      owner,
      key,
      claimedAt: this.now(),
      state: 'claimed',
      jobIds: existing?.jobIds ?? [],
      reuseRejections: existing?.reuseRejections ?? 0,
    });
    return true;
  }

  /** The submission failed definitively without creating a job: a retry with this key may proceed. */
  release(owner: string, key: string): void {
    const record = this.records.get(this.id(owner, key));
    if (record) record.state = 'released';
  }

  recordJob(owner: string, key: string, jobId: string): void {
    this.records.get(this.id(owner, key))?.jobIds.push(jobId);
  }

  snapshot(): KeySnapshot[] {
    return [...this.records.values()].map((r) => ({
      owner: r.owner,
      key: r.key,
      state: r.state,
      claimedAt: new Date(r.claimedAt).toISOString(),
      expiresAt: new Date(r.claimedAt + idempotencyKeyLifetimeMs).toISOString(),
      jobsCreated: r.jobIds.length,
      jobIds: [...r.jobIds],
      reuseRejections: r.reuseRejections,
    }));
  }

  reset(): void {
    this.records.clear();
  }
}
