// A key belongs to the origins it was given for (ARCHITECTURE rule 10): an update that points a profile at
// another origin takes the key away unless it brings a new one, a Router address removed narrows the key,
// and a key saved before origins were kept is bound to the profile's address the first time it is read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { CredentialVault } from './credentialVault';
import { ProfileService } from './profileService';
import { FakeKeychain } from './testing/fakeKeychain';

let dir: TempDir;
let store: LoupeStore;
let keychain: FakeKeychain;
let service: ProfileService;

beforeEach(() => {
  dir = makeTempDir('loupe-origins-');
  store = openStore(dir.file('loupe.db'));
  keychain = new FakeKeychain();
  service = new ProfileService({ store, vault: new CredentialVault(keychain), newId: () => 'p1' });
});
afterEach(() => {
  store.close();
  dir.remove();
});

async function studio(routerBaseUrl?: string) {
  const profile = await service.create({
    name: 'Studio',
    surface: 'managed',
    baseUrl: 'https://api.example/mount',
    ...(routerBaseUrl === undefined ? {} : { routerBaseUrl }),
  });
  await service.setCredential(profile.id, 'sk-studio');
  return profile.id;
}

describe('a key and the origins it was given for', () => {
  it('is bound to the base URL and the Router origin when the key is set', async () => {
    const id = await studio('https://router.example');
    expect(await service.readCredential(id)).toEqual({
      secret: 'sk-studio',
      origins: ['https://api.example', 'https://router.example'],
    });
  });

  it.each([
    ['a new base host', { baseUrl: 'https://evil.example' }],
    ['a new base port', { baseUrl: 'https://api.example:8443/mount' }],
    ['http instead of https', { baseUrl: 'http://api.example/mount' }],
    ['a Router address added', { routerBaseUrl: 'https://collector.example' }],
  ])('goes when the update adds an origin: %s', async (_case, patch) => {
    const id = await studio();
    const { profile, credentialDropped } = await service.update(id, patch);
    expect(credentialDropped).toBe(true);
    expect(profile.hasCredential).toBe(false);
    expect(await service.readCredential(id)).toBeNull();
    expect(keychain.entries.has(id)).toBe(false);
  });

  it('goes when only the Router origin changes', async () => {
    const id = await studio('https://router.example');
    const { credentialDropped } = await service.update(id, { routerBaseUrl: 'https://router.evil.example' });
    expect(credentialDropped).toBe(true);
    expect(await service.readCredential(id)).toBeNull();
  });

  it('stays when the origin stays: a new mount prefix, a new name, a new surface', async () => {
    const id = await studio();
    const { profile, credentialDropped } = await service.update(id, {
      baseUrl: 'https://api.example/other-mount',
      name: 'Renamed',
      surface: 'serverless',
    });
    expect(credentialDropped).toBe(false);
    expect(profile.hasCredential).toBe(true);
    expect(await service.readCredential(id)).toEqual({
      secret: 'sk-studio',
      origins: ['https://api.example'],
    });
  });

  it('narrows to what remains when the Router address is removed', async () => {
    const id = await studio('https://router.example');
    const { credentialDropped } = await service.update(id, { routerBaseUrl: null });
    expect(credentialDropped).toBe(false);
    expect(await service.readCredential(id)).toEqual({
      secret: 'sk-studio',
      origins: ['https://api.example'],
    });
  });

  it('is replaced, bound to the new origin, when the same update brings a new key', async () => {
    const id = await studio();
    const { profile, credentialDropped } = await service.update(
      id,
      { baseUrl: 'https://new.example' },
      { secret: 'sk-new' },
    );
    expect(credentialDropped).toBe(false);
    expect(profile.hasCredential).toBe(true);
    expect(await service.readCredential(id)).toEqual({ secret: 'sk-new', origins: ['https://new.example'] });
  });

  it('changes nothing when the keychain refuses the new key', async () => {
    const id = await studio();
    keychain.available = false;
    await expect(
      service.update(id, { baseUrl: 'https://new.example' }, { secret: 'sk-new' }),
    ).rejects.toMatchObject({ code: 'keychain_unavailable' });
    keychain.available = true;
    expect((await service.get(id)).baseUrl).toBe('https://api.example/mount');
    // A new vault, since this one remembers the keychain failed until it is asked to look again.
    expect(await new CredentialVault(keychain).readCredential(id)).toEqual({
      secret: 'sk-studio',
      origins: ['https://api.example'],
    });
  });

  it('binds a key saved by an earlier Loupe to the address the profile has, once', async () => {
    const profile = await service.create({ name: 'Old', surface: 'managed', baseUrl: 'https://old.example' });
    keychain.entries.set(profile.id, 'sk-bare');
    expect(await service.readCredential(profile.id)).toEqual({
      secret: 'sk-bare',
      origins: ['https://old.example'],
    });
    expect(JSON.parse(keychain.entries.get(profile.id) ?? '')).toMatchObject({
      origins: ['https://old.example'],
    });
    const { credentialDropped } = await service.update(profile.id, { baseUrl: 'https://evil.example' });
    expect(credentialDropped).toBe(true);
  });
});
