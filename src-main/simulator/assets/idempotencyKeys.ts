// Upload Idempotency-Keys (spec: single use, 24 hours, per account). A key is claimed when the request arrives,
// so two concurrent uploads with one key cannot both mint; it is released again if the upload fails without
// minting, so a client may retry an upload that was refused (too large, bad field, hash mismatch, dropped).

const LIFETIME_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export type KeyClaim = { ok: true; release: () => void } | { ok: false; reason: 'invalid' | 'reused' };

export class IdempotencyKeys {
  private readonly claimedAt = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  claim(owner: string, key: string): KeyClaim {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) return { ok: false, reason: 'invalid' };
    const slot = `${owner}\n${key}`;
    const nowMs = this.now();
    const previous = this.claimedAt.get(slot);
    if (previous !== undefined && nowMs - previous < LIFETIME_MS) return { ok: false, reason: 'reused' };
    this.claimedAt.set(slot, nowMs);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        if (this.claimedAt.get(slot) === nowMs) this.claimedAt.delete(slot);
      },
    };
  }

  clear(): void {
    this.claimedAt.clear();
  }
}
