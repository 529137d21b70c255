// Credentials against the real Secret Service (gnome-keyring on a private D-Bus session): run under
// `sh scripts/with-keyring.sh`. Without it, the real-keychain part is skipped and the unavailable path is
// still tested with an injected backend. A canary credential must never reach the store's files (database,
// WAL, shared memory), any profile result, or the console.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { CredentialVault } from './credentialVault';
import { systemKeychain, type KeychainBackend } from './keychainBackend';
import { ProfileService } from './profileService';
import type { ProfileInput } from './profileSchemas';
import { filesContaining } from './testing/diskScan';
import { FakeKeychain } from './testing/fakeKeychain';

const underKeyringWrapper = process.env['LOUPE_KEYRING_READY'] === '1';

let dir: TempDir;
let store: LoupeStore;
let logged: string[];
const canary = `canary-${randomUUID()}`;

beforeEach(() => {
  dir = makeTempDir('loupe-keychain-');
  store = openStore(dir.file('loupe.db'));
  logged = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.message} ${String(arg.stack)}` : String(arg)))
          .join(' '),
      );
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  store.close();
  dir.remove();
});

async function expectCanaryNowhere(service: ProfileService, profileId: string): Promise<void> {
  // While the store is open the WAL holds the latest writes; check it and the database and -shm.
  expect(filesContaining(dir.path, canary)).toEqual([]);
  const results = [
    await service.list(),
    await service.get(profileId),
    await service.active(),
    await service.credentialState(profileId),
  ];
  expect(JSON.stringify(results)).not.toContain(canary);
  expect(logged.join('\n')).not.toContain(canary);
  store.close();
  expect(filesContaining(dir.path, canary)).toEqual([]);
}

/** A profile service over this test's store, its vault on `keychain`, with one profile created in it. */
async function serviceWithProfile(keychain: KeychainBackend, input: ProfileInput) {
  const service = new ProfileService({ store, vault: new CredentialVault(keychain) });
  return { service, profile: await service.create(input) };
}

describe.skipIf(!underKeyringWrapper)('with the real Secret Service', () => {
  it('is available', async () => {
    expect(await new CredentialVault(systemKeychain()).probe()).toEqual({ available: true });
  });

  it('is available to several Loupes probing it at once (the app, the CLI, a second launch)', async () => {
    const vaults = Array.from({ length: 6 }, () => new CredentialVault(systemKeychain()));
    const found = await Promise.all(vaults.map((vault) => vault.probe()));
    expect(found).toEqual(vaults.map(() => ({ available: true })));
  });

  it('sets, reads back in main (from the keychain, not memory), and clears', async () => {
    const { service, profile } = await serviceWithProfile(systemKeychain(), {
      name: 'Real',
      surface: 'managed',
      baseUrl: 'https://m.example',
    });
    expect(await service.setCredential(profile.id, canary)).toBe('keychain');
    expect((await service.readCredential(profile.id))?.secret).toBe(canary);

    // A new vault has no session memory: what it reads comes from the keychain.
    const fresh = new ProfileService({ store, vault: new CredentialVault(systemKeychain()) });
    expect(await fresh.readCredential(profile.id)).toEqual({
      secret: canary,
      origins: ['https://m.example'],
    });
    expect((await fresh.get(profile.id)).hasCredential).toBe(true);

    await fresh.clearCredential(profile.id);
    expect(await new CredentialVault(systemKeychain()).readCredential(profile.id)).toBeNull();
  });

  it('never lets the canary reach the store files, results or logs', async () => {
    const { service, profile } = await serviceWithProfile(systemKeychain(), {
      name: 'Canary',
      surface: 'serverless',
      baseUrl: 'https://d.example',
    });
    await service.setActive(profile.id);
    await service.setCredential(profile.id, canary);
    // Churn the store so the WAL holds plenty of fresh pages next to the credential's lifetime.
    await service.update(profile.id, { name: 'Canary 2' });
    store.jobs.upsertSnapshot(profile.id, { id: 'j1', status: 'running' });
    await expect(service.setCredential(profile.id, `${canary}\n`)).rejects.toMatchObject({
      code: 'invalid_secret',
    });
    expect((await service.get(profile.id)).hasCredential).toBe(true);
    await expectCanaryNowhere(service, profile.id);
    await new CredentialVault(systemKeychain()).clearCredential(profile.id);
  });

  it('remove clears the credential from the keychain', async () => {
    const { service, profile } = await serviceWithProfile(systemKeychain(), {
      name: 'Gone',
      surface: 'managed',
      baseUrl: 'https://m.example',
    });
    await service.setCredential(profile.id, canary);
    await service.remove(profile.id);
    expect(await new CredentialVault(systemKeychain()).readCredential(profile.id)).toBeNull();
  });
});

const OFFLINE: ProfileInput = { name: 'Offline', surface: 'managed', baseUrl: 'https://m.example' };

describe('with the keychain unavailable', () => {
  it('without consent: a typed error, and nothing anywhere', async () => {
    const keychain = new FakeKeychain(false);
    const { service, profile } = await serviceWithProfile(keychain, OFFLINE);
    const error = await service.setCredential(profile.id, canary).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'keychain_unavailable', details: { canKeepForSession: true } });
    expect(JSON.stringify(error)).not.toContain(canary);
    expect(String(error)).not.toContain(canary);
    expect(await service.hasCredential(profile.id)).toBe(false);
    await expectCanaryNowhere(service, profile.id);
  });

  it('with consent: kept for this session only, usable by main, and nothing on disk', async () => {
    const keychain = new FakeKeychain(false);
    const { service, profile } = await serviceWithProfile(keychain, OFFLINE);
    expect(await service.setCredential(profile.id, canary, { allowSessionOnly: true })).toBe('session');
    expect(await service.credentialState(profile.id)).toMatchObject({
      hasCredential: true,
      storage: 'session',
    });
    expect((await service.resolveConnection(profile.id)).credential?.secret).toBe(canary);
    expect(keychain.received.join('\n')).not.toContain(canary);
    await expectCanaryNowhere(service, profile.id);

    // The next session (a new vault over the same file) has no credential.
    store = openStore(dir.file('loupe.db'));
    const next = new ProfileService({ store, vault: new CredentialVault(keychain) });
    expect(await next.hasCredential(profile.id)).toBe(false);
  });
});
