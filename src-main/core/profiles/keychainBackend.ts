// The OS keychain behind a three-method interface, so the vault can be tested with a backend that is
// missing or failing, and the real one can be swapped per platform.
import { AsyncEntry } from '@napi-rs/keyring';

export interface KeychainBackend {
  /** The stored secret, or null when there is none. Rejects when the keychain cannot be reached. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(account: string): Promise<boolean>;
}

export const keychainService = 'loupe';

/**
 * The system keychain through @napi-rs/keyring (macOS Keychain, Windows Credential Manager, the Secret
 * Service on Linux). On Linux it is pinned to the Secret Service: the library would otherwise fall back to
 * the kernel keyring, which forgets everything at logout, and a credential that silently vanishes is worse
 * than being told the keychain is unavailable.
 */
export function systemKeychain(service = keychainService): KeychainBackend {
  const entry = (account: string) => new AsyncEntry(service, account, { linux: { store: 'secret-service' } });
  return {
    get: (account) => entry(account).getPassword(),
    set: (account, secret) => entry(account).setPassword(secret),
    delete: (account) => entry(account).deletePassword(),
  };
}
