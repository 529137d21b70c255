// Where profile credentials live: the OS keychain (service `loupe`, account = profile id). When the keychain
// cannot be used, a credential is kept in this process's memory for the session, and only when the user has
// agreed to that (Element Desktop's rule: ask before falling back). A credential is never written to disk by
// Loupe itself: not to the store, not to a file, not to a log.
//
// Each secret is kept together with the origins it was given for (ARCHITECTURE rule 10), in the same
// keychain entry, so nothing that can change a profile's address can also widen where its key may go.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CredentialError } from './errors';
import type { KeychainBackend } from './keychainBackend';
import { hasControlCharacter } from './profileSchemas';

export type VaultStatus = { available: true } | { available: false; reason: string };
export type CredentialStorage = 'keychain' | 'session';

export interface SetCredentialOptions {
  /** The user agreed to keep the credential in memory until Loupe quits if the keychain is unavailable. */
  allowSessionOnly?: boolean;
}

/** Accepts 1–4096 characters without line breaks or other control characters; messages never echo the value. */
export const secretSchema = z
  .string({ error: 'The credential must be text.' })
  .min(1, 'Enter the credential.')
  .max(4096, 'The credential is longer than 4096 characters; check that you copied only the key.')
  .refine((secret) => !hasControlCharacter(secret), {
    message: 'The credential contains a line break or another control character; copy it again without it.',
  });

/**
 * The probe's own account, new for each probe: the keychain is shared by every Loupe on the machine (the app, the
 * CLI, a second launch), and two probes on one account read back each other's token and took the keychain for
 * broken, after which this process sent its requests without their keys.
 */
const probeAccountPrefix = '__loupe_keychain_probe__';

/** A stored secret and the origins it may be sent to; `origins` null: saved before origins were kept. */
export interface StoredCredential {
  secret: string;
  origins: readonly string[] | null;
}

const envelopeSchema = z.strictObject({
  loupe: z.literal(1),
  secret: z.string().min(1),
  origins: z.array(z.string().min(1).max(2100)).max(8),
});

function encode(secret: string, origins: readonly string[]): string {
  return JSON.stringify({ loupe: 1, secret, origins });
}

/** What a keychain entry holds: the envelope, or (written by an earlier Loupe) the bare secret. */
function decode(stored: string): StoredCredential {
  let value: unknown = null;
  try {
    value = JSON.parse(stored);
  } catch {
    // A bare secret is not JSON.
  }
  const envelope = envelopeSchema.safeParse(value);
  return envelope.success
    ? { secret: envelope.data.secret, origins: envelope.data.origins }
    : { secret: stored, origins: null };
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : 'unknown error';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/**
 * How long an answer of "unavailable" stands before the keychain is tried again: a keychain unlocked or started
 * after a failure is found within this, without every request of a busy batch probing it.
 */
export const unavailableRetryMs = 15_000;

export interface CredentialVaultOptions {
  /** Milliseconds, for when an "unavailable" answer is old enough to probe again. */
  now?: () => number;
}

function unreadable(reason: string): CredentialError {
  return new CredentialError(
    'keychain_unavailable',
    "Loupe could not read this profile's key from the system keychain, so nothing was sent. Unlock or start " +
      'the keychain (on Linux, GNOME Keyring or KWallet providing the Secret Service); Loupe tries it again ' +
      'by itself.',
    { reason, canKeepForSession: true },
  );
}

export class CredentialVault {
  private status: VaultStatus | null = null;
  /** When `status` last became "unavailable" (on `now`'s clock), so it is probed again after a while. */
  private unavailableSince = 0;
  private readonly now: () => number;
  /** Secrets the user allowed to keep for this session only, while the keychain is unavailable. */
  private readonly session = new Map<string, StoredCredential>();
  /** Whether the keychain holds an entry per account, so listing profiles is not one keychain read each. */
  private readonly inKeychain = new Map<string, boolean>();

  constructor(
    private readonly backend: KeychainBackend,
    options: CredentialVaultOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Writes, reads back and deletes a probe entry. "Available" is kept until `refresh` or a keychain failure;
   * "unavailable" for `unavailableRetryMs`, then the keychain is tried again.
   */
  async probe(options: { refresh?: boolean } = {}): Promise<VaultStatus> {
    if (this.status !== null && options.refresh !== true && !this.unavailableIsOld()) return this.status;
    const token = randomBytes(16).toString('hex');
    const probeAccount = `${probeAccountPrefix}${token.slice(0, 12)}`;
    try {
      await this.backend.set(probeAccount, token);
      const readBack = await this.backend.get(probeAccount);
      await this.backend.delete(probeAccount);
      if (readBack === token) this.status = { available: true };
      else this.markUnavailable('The keychain did not return what was stored in it.');
    } catch (error) {
      this.markUnavailable(reasonOf(error));
    }
    return this.status ?? { available: false, reason: 'unknown' };
  }

  private unavailableIsOld(): boolean {
    return this.status?.available === false && this.now() - this.unavailableSince >= unavailableRetryMs;
  }

  /** Keeps `secret` for profile `id`, to be sent to `origins` only. */
  async setCredential(
    id: string,
    secret: string,
    origins: readonly string[],
    options: SetCredentialOptions = {},
  ): Promise<CredentialStorage> {
    const parsed = secretSchema.safeParse(secret);
    if (!parsed.success) {
      throw new CredentialError(
        'invalid_secret',
        parsed.error.issues[0]?.message ?? 'The credential is not valid.',
      );
    }
    if ((await this.probe()).available) {
      try {
        await this.backend.set(id, encode(parsed.data, origins));
        this.session.delete(id);
        this.inKeychain.set(id, true);
        return 'keychain';
      } catch (error) {
        this.markUnavailable(reasonOf(error));
      }
    }
    const status = await this.probe();
    if (options.allowSessionOnly !== true) {
      const reason = status.available ? 'unknown' : status.reason;
      throw new CredentialError(
        'keychain_unavailable',
        'The system keychain is not available, so Loupe cannot save this credential. Start your keychain ' +
          '(on Linux, GNOME Keyring or KWallet providing the Secret Service) and try again, or allow Loupe to ' +
          'keep the credential in memory until it quits.',
        { reason, canKeepForSession: true },
      );
    }
    this.session.set(id, { secret: parsed.data, origins: [...origins] });
    return 'session';
  }

  /**
   * Main process only: the secret and the origins it was given for, for building auth headers. Never send
   * it to the renderer. Null: the keychain holds none. A keychain that cannot be read throws
   * `keychain_unavailable` (never "none": a request sent without its key is refused, and reads as a bad key).
   */
  async readCredential(id: string): Promise<StoredCredential | null> {
    const kept = this.session.get(id);
    if (kept !== undefined) return kept;
    const status = await this.probe();
    if (!status.available) throw unreadable(status.reason);
    try {
      const stored = await this.backend.get(id);
      this.inKeychain.set(id, stored !== null);
      return stored === null ? null : decode(stored);
    } catch (error) {
      this.markUnavailable(reasonOf(error));
      throw unreadable(reasonOf(error));
    }
  }

  /**
   * Binds an existing secret to `origins` (narrower than before, or for the first time when it was saved
   * before origins were kept). Nothing happens when there is no secret.
   */
  async rebind(id: string, origins: readonly string[]): Promise<void> {
    // A keychain that cannot be read keeps the entry's wider origins until it can: harmless, as a key goes
    // only to an origin that both its entry and its profile name.
    const stored = await this.readCredential(id).catch((error: unknown) => {
      if (error instanceof CredentialError && error.code === 'keychain_unavailable') return null;
      throw error;
    });
    if (stored === null) return;
    const storage = await this.storageOf(id);
    await this.setCredential(id, stored.secret, origins, { allowSessionOnly: storage === 'session' });
  }

  /** Whether the profile's key is the session copy kept while the keychain was unavailable. */
  isSessionOnly(id: string): boolean {
    return this.session.has(id);
  }

  async storageOf(id: string): Promise<CredentialStorage | null> {
    if (this.session.has(id)) return 'session';
    const cached = this.inKeychain.get(id);
    if (cached !== undefined) return cached ? 'keychain' : null;
    if (!(await this.probe()).available) return null;
    try {
      const present = (await this.backend.get(id)) !== null;
      this.inKeychain.set(id, present);
      return present ? 'keychain' : null;
    } catch (error) {
      this.markUnavailable(reasonOf(error));
      return null;
    }
  }

  async hasCredential(id: string): Promise<boolean> {
    return (await this.storageOf(id)) !== null;
  }

  /** Forgets the credential everywhere it may be. With the keychain unavailable, only the session copy goes. */
  async clearCredential(id: string): Promise<void> {
    this.session.delete(id);
    this.inKeychain.set(id, false);
    if (!(await this.probe()).available) return;
    try {
      await this.backend.delete(id);
    } catch (error) {
      this.inKeychain.delete(id);
      this.markUnavailable(reasonOf(error));
      throw new CredentialError(
        'keychain_unavailable',
        'Loupe could not remove the credential from the system keychain. Unlock or start the keychain and try again.',
        { reason: reasonOf(error) },
      );
    }
  }

  private markUnavailable(reason: string): void {
    this.status = { available: false, reason };
    this.unavailableSince = this.now();
  }
}
