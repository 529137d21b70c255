// Signed storage URLs, like an object store's pre-signed GET: the token itself carries the authorization, so the
// storage route never looks at credentials. HMAC-SHA256 with a per-process random secret: a token minted by one
// simulator run is worthless to the next, and changing any byte of it breaks the signature.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface StorageGrant {
  /** The asset the URL was minted for (for the content type; the bytes come from the blob). */
  assetId: string;
  /** The blob's blake3 hex digest. */
  blobHex: string;
  contentType: string;
  /** Epoch milliseconds after which the URL is refused. */
  expiresAtMs: number;
}

export type TokenCheck =
  { ok: true; grant: StorageGrant } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

export const STORAGE_PATH_PREFIX = '/_storage/';

function isGrant(value: unknown): value is StorageGrant {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.assetId === 'string' &&
    typeof record.blobHex === 'string' &&
    typeof record.contentType === 'string' &&
    typeof record.expiresAtMs === 'number'
  );
}

export class StorageSigner {
  private readonly secret = randomBytes(32);

  sign(grant: StorageGrant): string {
    const payload = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string, nowMs: number): TokenCheck {
    const dot = token.indexOf('.');
    if (dot <= 0 || dot !== token.lastIndexOf('.')) return { ok: false, reason: 'malformed' };
    const payload = token.slice(0, dot);
    // Compare the text, not decoded bytes: Node's base64 decoder skips stray characters, so decoding first would
    // accept a tampered token that merely appends junk.
    const given = Buffer.from(token.slice(dot + 1), 'utf8');
    const expected = Buffer.from(this.mac(payload), 'utf8');
    // Check the signature before parsing, so a forged payload is never even interpreted.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'bad_signature' };
    }
    let grant: unknown;
    try {
      grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (!isGrant(grant)) return { ok: false, reason: 'malformed' };
    if (nowMs >= grant.expiresAtMs) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
