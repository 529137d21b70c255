// A keychain that lives exactly as long as this process. For a connection given by the environment (the
// CLI's LOUPE_BASE_URL and LOUPE_API_KEY): core reads the key through the same vault as a saved profile's,
// bound to the same origins, but it is never written to the OS keychain or to disk.
import type { KeychainBackend } from './keychainBackend';

export function processKeychain(): KeychainBackend {
  const entries = new Map<string, string>();
  return {
    get: (account) => Promise.resolve(entries.get(account) ?? null),
    set: (account, secret) => {
      entries.set(account, secret);
      return Promise.resolve();
    },
    delete: (account) => Promise.resolve(entries.delete(account)),
  };
}
