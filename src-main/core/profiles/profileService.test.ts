import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { CredentialVault } from './credentialVault';
import { ProfileError } from './errors';
import {
  ProfileService,
  type DemoEndpoint,
  type ProfileChange,
  type ProfileCommands,
} from './profileService';
import { FakeKeychain } from './testing/fakeKeychain';

let dir: TempDir;
let store: LoupeStore;
let keychain: FakeKeychain;
let demo: DemoEndpoint | null;
let service: ProfileService;
let ids = 0;

function build(): ProfileService {
  return new ProfileService({
    store,
    vault: new CredentialVault(keychain),
    demoEndpoint: () => demo,
    newId: () => `id-${++ids}`,
  });
}

beforeEach(() => {
  dir = makeTempDir('loupe-profiles-');
  store = openStore(dir.file('loupe.db'));
  keychain = new FakeKeychain();
  demo = null;
  service = build();
});
afterEach(() => {
  store.close();
  dir.remove();
});

async function reopen(): Promise<void> {
  store.close();
  store = openStore(dir.file('loupe.db'));
  service = build();
  await Promise.resolve();
}

describe('built-in profiles', () => {
  it('a fresh store has the local proxy and the Demo, nothing active yet', async () => {
    expect(await service.list()).toEqual([
      {
        id: 'local',
        name: 'Local proxy',
        surface: 'self-hosted',
        baseUrl: 'http://127.0.0.1:8189',
        hasCredential: false,
        sendPartnerKey: false,
        builtIn: 'local',
      },
      {
        id: 'demo',
        name: 'Demo',
        surface: 'serverless',
        baseUrl: null,
        hasCredential: false,
        sendPartnerKey: false,
        builtIn: 'demo',
      },
    ]);
    expect(await service.active()).toBeNull();
  });

  it('the Demo address and key come from the running simulator', async () => {
    await expect(service.resolveConnection('demo')).rejects.toMatchObject({ code: 'demo_not_running' });
    demo = { baseUrl: 'http://127.0.0.1:40123', credential: 'demo-key' };
    expect(await service.get('demo')).toMatchObject({
      baseUrl: 'http://127.0.0.1:40123',
      hasCredential: true,
    });
    expect(await service.resolveConnection('demo')).toMatchObject({
      baseUrl: 'http://127.0.0.1:40123',
      routerBaseUrl: 'http://127.0.0.1:40123',
      credential: { secret: 'demo-key', origins: ['http://127.0.0.1:40123'] },
    });
    expect(await service.readCredential('demo')).toEqual({
      secret: 'demo-key',
      origins: ['http://127.0.0.1:40123'],
    });
    await expect(service.setCredential('demo', 'x')).rejects.toMatchObject({ code: 'built_in_readonly' });
  });

  it('the Demo cannot be removed or re-addressed, but can be renamed', async () => {
    await expect(service.remove('demo')).rejects.toMatchObject({ code: 'built_in_readonly' });
    await expect(service.update('demo', { baseUrl: 'http://x.example' })).rejects.toMatchObject({
      code: 'built_in_readonly',
    });
    expect((await service.update('demo', { name: 'Playground' })).profile).toMatchObject({
      name: 'Playground',
    });
    await expect(service.update('demo', { name: 'P' }, { secret: 'x' })).rejects.toMatchObject({
      code: 'built_in_readonly',
    });
  });

  it('a removed local proxy stays removed after reopening', async () => {
    await service.remove('local');
    await reopen();
    expect((await service.list()).map((p) => p.id)).toEqual(['demo']);
  });
});

describe('profiles', () => {
  it('creates, updates and lists with field validation', async () => {
    const created = await service.create({
      name: 'Studio',
      surface: 'managed',
      baseUrl: 'https://api.example.com/',
      routerBaseUrl: 'https://router.example.com',
    });
    expect(created).toEqual({
      id: 'id-1',
      name: 'Studio',
      surface: 'managed',
      baseUrl: 'https://api.example.com',
      routerBaseUrl: 'https://router.example.com',
      hasCredential: false,
      sendPartnerKey: false,
    });
    const { profile: updated } = await service.update('id-1', { routerBaseUrl: null, surface: 'serverless' });
    expect(updated).not.toHaveProperty('routerBaseUrl');
    expect(updated.surface).toBe('serverless');
    expect((await service.list()).map((p) => p.id)).toEqual(['local', 'demo', 'id-1']);
  });

  it('reports every invalid field at once, and duplicate names', async () => {
    const error = await service
      .create({ name: '', surface: 'managed', baseUrl: 'https://u:p@h.example' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileError);
    expect((error as ProfileError).fields).toEqual({
      name: ['Give the profile a name.'],
      baseUrl: [
        "Remove the user name or password from the address; save the API key as the profile's credential.",
      ],
    });
    await expect(service.create({ name: 'local PROXY', surface: 'self-hosted' })).rejects.toMatchObject({
      code: 'invalid_profile',
      fields: { name: [expect.stringContaining('already exists')] },
    });
    await expect(service.update('nope', { name: 'x' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('finds a profile by name for the CLI', async () => {
    expect((await service.findByName('  LOCAL proxy '))?.id).toBe('local');
    expect(await service.findByName('nothing')).toBeNull();
  });

  it('the active profile persists across reopen and clears when its profile is removed', async () => {
    const studio = await service.create({ name: 'Studio', surface: 'self-hosted' });
    await service.setActive(studio.id);
    await reopen();
    expect((await service.active())?.id).toBe(studio.id);
    await service.remove(studio.id);
    expect(service.activeId()).toBeNull();
    await expect(service.setActive('missing')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('pinActive makes a profile active for this process only: the saved choice stays for the next one', async () => {
    const studio = await service.create({ name: 'Studio', surface: 'self-hosted' });
    const night = await service.create({ name: 'Night', surface: 'self-hosted' });
    await service.setActive(studio.id);
    const changes: Array<string | null> = [];
    service.onChange((change) => {
      if (change.kind === 'active') changes.push(change.profileId);
    });
    service.pinActive(night.id);
    expect(service.activeId()).toBe(night.id);
    expect(changes).toEqual([night.id]);
    expect(store.settings.activeProfileId()).toBe(studio.id);
    await reopen();
    expect(service.activeId()).toBe(studio.id);
    expect(() => service.pinActive('missing')).toThrow();
  });

  it('remove also clears the credential', async () => {
    const studio = await service.create({ name: 'Studio', surface: 'managed', baseUrl: 'https://a.example' });
    await service.setCredential(studio.id, 'sk-live-1');
    expect(keychain.entries.get(studio.id)).toContain('"secret":"sk-live-1"');
    expect((await service.get(studio.id)).hasCredential).toBe(true);
    await service.remove(studio.id);
    expect(keychain.entries.has(studio.id)).toBe(false);
    await expect(service.hasCredential(studio.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps the profile when the keychain refuses to delete its credential', async () => {
    const studio = await service.create({ name: 'Studio', surface: 'managed', baseUrl: 'https://a.example' });
    await service.setCredential(studio.id, 'sk-live-1');
    const failing = keychain.delete.bind(keychain);
    keychain.delete = () => Promise.reject(new Error('keychain is locked'));
    await expect(service.remove(studio.id)).rejects.toMatchObject({ code: 'keychain_unavailable' });
    expect((await service.list()).some((p) => p.id === studio.id)).toBe(true);
    keychain.delete = failing;
  });

  it('resolves a connection with the credential for main', async () => {
    const studio = await service.create({ name: 'S', surface: 'managed', baseUrl: 'https://a.example/m' });
    await service.setCredential(studio.id, 'sk-live-2');
    expect(await service.resolveConnection(studio.id)).toMatchObject({
      baseUrl: 'https://a.example/m',
      credential: { secret: 'sk-live-2', origins: ['https://a.example'] },
    });
  });

  it('tells listeners about every change, and a throwing listener does not break the write', async () => {
    const seen: ProfileChange[] = [];
    const errors: unknown[] = [];
    service = new ProfileService({
      store,
      vault: new CredentialVault(keychain),
      newId: () => 'n1',
      onListenerError: (error) => errors.push(error),
    });
    service.onChange(() => {
      throw new Error('listener bug');
    });
    const stop = service.onChange((change) => seen.push(change));
    await service.create({ name: 'A', surface: 'self-hosted' });
    await service.update('n1', { name: 'B' });
    await service.setActive('n1');
    await service.setCredential('n1', 'tok');
    await service.clearCredential('n1');
    await service.remove('n1');
    stop();
    await service.setActive('local');
    expect(seen).toEqual([
      { kind: 'created', profileId: 'n1' },
      { kind: 'updated', profileId: 'n1' },
      { kind: 'active', profileId: 'n1' },
      { kind: 'credential', profileId: 'n1' },
      { kind: 'credential', profileId: 'n1' },
      { kind: 'removed', profileId: 'n1' },
      { kind: 'active', profileId: null },
    ]);
    expect(errors).toHaveLength(8);
  });

  it('the renderer-facing commands cannot read a credential back', () => {
    expectTypeOf<ProfileCommands>().not.toHaveProperty('readCredential');
    expectTypeOf<ProfileCommands>().not.toHaveProperty('resolveConnection');
    expectTypeOf<ProfileCommands>().toHaveProperty('setCredential');
  });
});
