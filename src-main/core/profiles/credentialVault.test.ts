// The vault's rules, with an injected backend (available, unavailable, failing mid-session).
import { describe, expect, it } from 'vitest';
import { CredentialVault, unavailableRetryMs } from './credentialVault';
import { CredentialError } from './errors';
import { FakeKeychain } from './testing/fakeKeychain';

const here = ['https://api.example'];

describe('CredentialVault with a keychain', () => {
  it('stores in the keychain and reads back, has, clears', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    expect(await vault.probe()).toEqual({ available: true });
    expect(keychain.entries.size).toBe(0); // the probe entry is cleaned up
    expect(await vault.setCredential('p', 'sk-1', here)).toBe('keychain');
    expect(await vault.readCredential('p')).toEqual({ secret: 'sk-1', origins: here });
    expect(await vault.storageOf('p')).toBe('keychain');
    await vault.clearCredential('p');
    expect(await vault.hasCredential('p')).toBe(false);
    expect(keychain.entries.has('p')).toBe(false);
  });

  it('two Loupes probing one keychain at the same moment both find it usable, and leave nothing behind', async () => {
    // The app, the CLI and a second launch share the machine's keychain; their probes interleave.
    const keychain = new FakeKeychain();
    const vaults = [
      new CredentialVault(keychain),
      new CredentialVault(keychain),
      new CredentialVault(keychain),
    ];
    await expect(Promise.all(vaults.map((vault) => vault.probe()))).resolves.toEqual([
      { available: true },
      { available: true },
      { available: true },
    ]);
    expect(keychain.entries.size).toBe(0);
    // So a credential saved by one is read by another, not skipped as if the keychain were not there.
    await vaults[0]?.setCredential('p', 'sk-1', here);
    await expect(vaults[1]?.readCredential('p')).resolves.toEqual({ secret: 'sk-1', origins: here });
  });

  it.each([
    ['', 'Enter the credential.'],
    ['x'.repeat(4097), 'longer than 4096'],
    ['sk-abc\n', 'line break'],
    ['sk-\r\nabc', 'line break'],
    ['sk-\u0000abc', 'control character'],
  ])('rejects a bad secret without echoing it (%#)', async (secret, message) => {
    const vault = new CredentialVault(new FakeKeychain());
    const error = await vault.setCredential('p', secret, here).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredentialError);
    expect((error as CredentialError).code).toBe('invalid_secret');
    expect((error as CredentialError).message).toContain(message);
    if (secret.length > 0) expect((error as CredentialError).message).not.toContain(secret.trim());
  });

  it('accepts exactly 4096 characters', async () => {
    const vault = new CredentialVault(new FakeKeychain());
    expect(await vault.setCredential('p', 'k'.repeat(4096), here)).toBe('keychain');
  });
});

describe('CredentialVault without a keychain', () => {
  it('reports why, refuses without consent with a typed error that says what to do', async () => {
    const keychain = new FakeKeychain(false);
    const vault = new CredentialVault(keychain);
    expect(await vault.probe()).toEqual({
      available: false,
      reason: expect.stringContaining('Secret Service') as string,
    });
    const error = await vault.setCredential('p', 'canary-1', here).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'keychain_unavailable',
      details: { canKeepForSession: true, reason: expect.stringContaining('DBus') as string },
    });
    expect((error as Error).message).toMatch(/try again, or allow Loupe to keep the credential in memory/);
    expect((error as Error).message).not.toContain('canary-1');
    expect(await vault.hasCredential('p')).toBe(false);
  });

  it('keeps the credential for the session only with consent, and never hands it to the keychain', async () => {
    const keychain = new FakeKeychain(false);
    const vault = new CredentialVault(keychain);
    expect(await vault.setCredential('p', 'canary-2', here, { allowSessionOnly: true })).toBe('session');
    expect(await vault.readCredential('p')).toEqual({ secret: 'canary-2', origins: here });
    expect(await vault.storageOf('p')).toBe('session');
    expect(keychain.received.join('\n')).not.toContain('canary-2');
    // A new vault is a new session: the credential is gone.
    expect(await new CredentialVault(keychain).hasCredential('p')).toBe(false);
    await vault.clearCredential('p');
    expect(await vault.hasCredential('p')).toBe(false);
  });

  it('falls back the same way when the keychain fails after a good probe', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    await vault.probe();
    keychain.available = false;
    await expect(vault.setCredential('p', 'canary-3', here)).rejects.toMatchObject({
      code: 'keychain_unavailable',
    });
    expect(await vault.probe()).toMatchObject({ available: false });
    expect(await vault.setCredential('p', 'canary-3', here, { allowSessionOnly: true })).toBe('session');
    keychain.available = true;
    expect(await vault.probe({ refresh: true })).toEqual({ available: true });
    expect(await vault.setCredential('p', 'canary-4', here)).toBe('keychain');
    expect(await vault.storageOf('p')).toBe('keychain');
  });

  it('a keychain read that fails is a typed error, not a missing credential, every time', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    await vault.setCredential('p', 'sk', here);
    keychain.available = false;
    await expect(vault.readCredential('p')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    // The next reads meet the remembered "unavailable", not the keychain: still an error, never "no key".
    for (let read = 0; read < 3; read += 1) {
      const error = await vault.readCredential('p').catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'keychain_unavailable', details: { canKeepForSession: true } });
      expect((error as Error).message).toMatch(/nothing was sent\. Unlock or start the keychain/);
    }
  });

  it('a keychain unavailable from the start is an error on reading too, and the session copy still reads', async () => {
    const vault = new CredentialVault(new FakeKeychain(false));
    await expect(vault.readCredential('p')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await vault.setCredential('s', 'sk-session', here, { allowSessionOnly: true });
    expect(await vault.readCredential('s')).toEqual({ secret: 'sk-session', origins: here });
    expect(vault.isSessionOnly('s')).toBe(true);
  });

  it('tries the keychain again once "unavailable" is old, not on every read before that', async () => {
    const keychain = new FakeKeychain();
    let now = 1_000;
    const vault = new CredentialVault(keychain, { now: () => now });
    await vault.setCredential('p', 'sk', here);
    keychain.available = false;
    await expect(vault.readCredential('p')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    keychain.available = true; // unlocked
    now += unavailableRetryMs - 1;
    const probesBefore = keychain.received.length;
    await expect(vault.readCredential('p')).rejects.toMatchObject({ code: 'keychain_unavailable' });
    expect(keychain.received.length).toBe(probesBefore); // not probed yet
    now += 1;
    expect(await vault.readCredential('p')).toEqual({ secret: 'sk', origins: here });
    expect(await vault.probe()).toEqual({ available: true });
  });

  it('rebinding with the keychain unavailable leaves the entry as it is', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    await vault.setCredential('p', 'sk', ['https://api.example', 'https://router.example']);
    keychain.available = false;
    await vault.rebind('p', here);
    keychain.available = true;
    expect(JSON.parse(keychain.entries.get('p') ?? '')).toMatchObject({
      origins: ['https://api.example', 'https://router.example'],
    });
  });
});

describe('CredentialVault keeps each secret with the origins it was given for', () => {
  it('writes the origins into the same keychain entry as the secret', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    await vault.setCredential('p', 'sk-1', ['https://api.example', 'https://router.example']);
    expect(JSON.parse(keychain.entries.get('p') ?? '')).toEqual({
      loupe: 1,
      secret: 'sk-1',
      origins: ['https://api.example', 'https://router.example'],
    });
  });

  it.each([
    ['a bare secret saved by an earlier Loupe', 'sk-legacy'],
    ['a secret that merely looks like JSON', '{"loupe":1,"secret":"x"}'],
  ])('reads %s as a bare secret, bound to nothing yet', async (_what, stored) => {
    const keychain = new FakeKeychain();
    keychain.entries.set('p', stored);
    expect(await new CredentialVault(keychain).readCredential('p')).toEqual({
      secret: stored,
      origins: null,
    });
  });

  it('rebinds a secret to fewer origins in place, and does nothing without one', async () => {
    const keychain = new FakeKeychain();
    const vault = new CredentialVault(keychain);
    await vault.rebind('none', here);
    expect(keychain.entries.has('none')).toBe(false);
    await vault.setCredential('p', 'sk-1', ['https://api.example', 'https://router.example']);
    await vault.rebind('p', here);
    expect(await vault.readCredential('p')).toEqual({ secret: 'sk-1', origins: here });
  });
});
