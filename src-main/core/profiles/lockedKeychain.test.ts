// A keychain that cannot be read (locked, its service stopped) after a key was saved in it: the profile's
// requests are not sent at all, rather than sent without the key (the service answers 401, which Loupe showed
// as "Key rejected", and a submission failed on it). A profile with no key keeps working as before. Real
// store file, real HTTP server counting what reaches it.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../api/http';
import { json, startTestServer, type TestServer } from '../api/testing/testServer';
import { openStore, type LoupeStore } from '../store';
import { StoreError } from '../store/errors';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { CredentialVault } from './credentialVault';
import { ProfileService } from './profileService';
import { connectionForProfile } from './serviceConnection';
import { FakeKeychain } from './testing/fakeKeychain';

let dir: TempDir;
let store: LoupeStore;
let keychain: FakeKeychain;
let api: TestServer;
let ids = 0;
const canary = 'sk-locked-keychain-canary-7c1d';

function build(): ProfileService {
  return new ProfileService({ store, vault: new CredentialVault(keychain), newId: () => `p${++ids}` });
}

beforeEach(async () => {
  dir = makeTempDir('loupe-locked-keychain-');
  store = openStore(dir.file('loupe.db'));
  keychain = new FakeKeychain();
  api = await startTestServer((_request, response) => json(response, 200, { jobs: [] }));
});
afterEach(async () => {
  await api.close();
  store.close();
  dir.remove();
});

/** A new Loupe on the same data file, as after a restart: no answer about the keychain remembered. */
function restart(): ProfileService {
  store.close();
  store = openStore(dir.file('loupe.db'));
  return build();
}

async function getJobs(service: ProfileService, id: string): Promise<unknown> {
  const http = new HttpClient({ connection: await connectionForProfile(service, id) });
  return http.send({ family: 'v2', method: 'GET', target: 'jobs' });
}

describe('a keychain that cannot be read', () => {
  it('sends nothing for a profile whose key is in it, at every request and after a restart', async () => {
    const service = build();
    const studio = await service.create({ name: 'Studio', surface: 'self-hosted', baseUrl: api.origin });
    await service.setCredential(studio.id, canary);
    expect(store.profiles.get(studio.id)?.credentialSaved).toBe(true);
    keychain.available = false;
    for (const loupe of [service, service, restart()]) {
      await expect(getJobs(loupe, studio.id)).rejects.toMatchObject({
        kind: 'credential',
        message: expect.stringMatching(/could not read this profile's key .* nothing was sent/) as string,
      });
    }
    expect(api.requests).toHaveLength(0);
    // Unlocked: the key goes again (a new Loupe probes at once; a running one within unavailableRetryMs).
    keychain.available = true;
    await getJobs(restart(), studio.id);
    expect(api.requests.map((request) => request.headers.authorization)).toEqual([`Bearer ${canary}`]);
  });

  it('still sends the requests of a profile that has no key, without one', async () => {
    const service = build();
    const open = await service.create({ name: 'Open', surface: 'managed', baseUrl: api.origin });
    expect(store.profiles.get(open.id)?.credentialSaved).toBe(false);
    keychain.available = false;
    await getJobs(service, open.id);
    await getJobs(restart(), open.id);
    expect(api.requests).toHaveLength(2);
    expect(api.requests.map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
    // The built-in local proxy, seeded with no key, likewise.
    await expect(build().readCredential('local')).resolves.toBeNull();
  });

  it('learns from the keychain what a profile saved before the note has, and until then guesses by surface', async () => {
    const service = build();
    const managed = await service.create({ name: 'M', surface: 'managed', baseUrl: 'https://m.example' });
    const proxy = await service.create({
      name: 'P',
      surface: 'self-hosted',
      baseUrl: 'http://10.0.0.2:8189',
    });
    await service.setCredential(managed.id, canary);
    store.close();
    const db = new Database(dir.file('loupe.db'));
    db.exec('UPDATE profiles SET credential_saved = NULL'); // as a data file from before the note
    db.close();
    store = openStore(dir.file('loupe.db'));
    keychain.available = false;
    const locked = restart();
    // Not known: a managed service always wants a key, a self-hosted proxy often none.
    await expect(locked.readCredential(managed.id)).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await expect(locked.readCredential(proxy.id)).resolves.toBeNull();
    keychain.available = true;
    const unlocked = restart();
    expect(await unlocked.readCredential(managed.id)).toMatchObject({ secret: canary });
    expect(await unlocked.readCredential(proxy.id)).toBeNull();
    expect(store.profiles.get(managed.id)?.credentialSaved).toBe(true);
    expect(store.profiles.get(proxy.id)?.credentialSaved).toBe(false);
  });

  it('will not remove a profile or its key while the keychain that holds the key is locked', async () => {
    const service = build();
    const keyed = await service.create({ name: 'K', surface: 'managed', baseUrl: 'https://k.example' });
    const open = await service.create({ name: 'O', surface: 'managed', baseUrl: 'https://o.example' });
    await service.setCredential(keyed.id, canary);
    keychain.available = false;
    const locked = restart();
    // Listed as having its key (saved, only locked away), not as one to add a key to.
    expect((await locked.get(keyed.id)).hasCredential).toBe(true);
    expect((await locked.get(open.id)).hasCredential).toBe(false);
    await expect(locked.remove(keyed.id)).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: expect.stringContaining('Unlock or start it and try again') as string,
    });
    await expect(locked.clearCredential(keyed.id)).rejects.toMatchObject({ code: 'keychain_unavailable' });
    await expect(locked.update(keyed.id, { baseUrl: 'https://elsewhere.example' })).rejects.toMatchObject({
      code: 'keychain_unavailable',
    });
    expect(store.profiles.get(keyed.id)).toMatchObject({ baseUrl: 'https://k.example' });
    // A profile with no key goes at once.
    await locked.remove(open.id);
    expect(store.profiles.get(open.id)).toBeNull();
    // Unlocked: the profile and its key go together, and the key does not come back.
    keychain.available = true;
    await restart().remove(keyed.id);
    expect(store.profiles.get(keyed.id)).toBeNull();
    expect(keychain.entries.has(keyed.id)).toBe(false);
  });

  it('notes a key cleared, a key dropped by an address change, and not a key kept for the session only', async () => {
    const service = build();
    const studio = await service.create({ name: 'S', surface: 'managed', baseUrl: 'https://a.example' });
    await service.setCredential(studio.id, canary);
    await service.clearCredential(studio.id);
    expect(store.profiles.get(studio.id)?.credentialSaved).toBe(false);
    await service.setCredential(studio.id, canary);
    await service.update(studio.id, { baseUrl: 'https://b.example' });
    expect(store.profiles.get(studio.id)?.credentialSaved).toBe(false);
    keychain.available = false;
    await service.setCredential(studio.id, canary, { allowSessionOnly: true });
    expect(store.profiles.get(studio.id)?.credentialSaved).toBe(false);
    expect(await service.readCredential(studio.id)).toMatchObject({ secret: canary });
    // The note is a yes or no: the key itself never reaches the data file.
    store.close();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(dir.file('loupe.db')).includes(canary)).toBe(false);
    store = openStore(dir.file('loupe.db'));
  });

  it('a key is not saved where the store cannot note it: a full disk refuses the save, nothing changed', async () => {
    const service = build();
    const proxy = await service.create({ name: 'P', surface: 'self-hosted', baseUrl: api.origin });
    const refuse = (): never => {
      throw new StoreError('disk_full', 'The disk holding the data file is full.');
    };
    store.profiles.setCredentialSaved = refuse;
    await expect(service.setCredential(proxy.id, canary)).rejects.toMatchObject({ code: 'disk_full' });
    expect(keychain.entries.has(proxy.id)).toBe(false);
    expect(store.profiles.get(proxy.id)?.credentialSaved).toBe(false);
  });

  it('a keychain that refuses the write: the note is put back, the profile listed without a key', async () => {
    const service = build();
    const proxy = await service.create({ name: 'P', surface: 'self-hosted', baseUrl: api.origin });
    const set = keychain.set.bind(keychain);
    keychain.set = (account, secret) =>
      account === proxy.id
        ? Promise.reject(new Error('Platform failure: write refused'))
        : set(account, secret);
    await expect(service.setCredential(proxy.id, canary)).rejects.toBeDefined();
    expect(keychain.entries.has(proxy.id)).toBe(false);
    expect(store.profiles.get(proxy.id)?.credentialSaved).toBe(false);
    expect((await service.get(proxy.id)).hasCredential).toBe(false);
  });
});
