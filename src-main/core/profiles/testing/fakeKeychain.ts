// Test support: an in-memory KeychainBackend that can be switched to "unavailable" (every call rejects, as
// the real one does without a Secret Service) and records every secret it was handed.
import type { KeychainBackend } from '../keychainBackend';

export class FakeKeychain implements KeychainBackend {
  readonly entries = new Map<string, string>();
  /** Every secret ever passed to `set`, probe tokens included. */
  readonly received: string[] = [];

  constructor(public available = true) {}

  get(account: string): Promise<string | null> {
    return this.gate(() => this.entries.get(account) ?? null);
  }

  set(account: string, secret: string): Promise<void> {
    return this.gate(() => {
      this.received.push(secret);
      this.entries.set(account, secret);
    });
  }

  delete(account: string): Promise<boolean> {
    return this.gate(() => this.entries.delete(account));
  }

  private gate<T>(fn: () => T): Promise<T> {
    if (!this.available) {
      return Promise.reject(new Error('Platform failure: DBus error: no Secret Service on this session bus'));
    }
    return Promise.resolve(fn());
  }
}
