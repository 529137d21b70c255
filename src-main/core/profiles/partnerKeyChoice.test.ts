// The per-profile choice to send the profile's own key with partner-node workflows (issue 20): off unless
// chosen, kept with the profile in the store (migration 9), read afresh for each submission, a boolean and
// nothing else at every door (the contract's schemas, the profile service, the store's reads), and never
// accompanied by the key itself.
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  profileCreateArgsSchema,
  profileSchema,
  profileUpdateArgsSchema,
} from '../../../src-shared/contracts/profiles';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { CredentialVault } from './credentialVault';
import { ProfileService } from './profileService';
import { connectionForProfile } from './serviceConnection';
import { FakeKeychain } from './testing/fakeKeychain';

let dir: TempDir;
let store: LoupeStore;
let service: ProfileService;
const canary = 'sk-partner-choice-canary-51b7';

function build(): ProfileService {
  return new ProfileService({ store, vault: new CredentialVault(new FakeKeychain()), newId: () => 'p1' });
}

beforeEach(() => {
  dir = makeTempDir('loupe-partner-choice-');
  store = openStore(dir.file('loupe.db'));
  service = build();
});
afterEach(() => {
  store.close();
  dir.remove();
});

const studio = { name: 'Studio', surface: 'managed', baseUrl: 'https://api.example' } as const;

describe('the partner-key choice of a profile', () => {
  it('is off by default, on every profile, built-in or added', async () => {
    await service.create(studio);
    expect((await service.list()).map((profile) => profile.sendPartnerKey)).toEqual([false, false, false]);
    expect(service.sendsPartnerKey('p1')).toBe(false);
  });

  it('is kept with the profile: set on create, changed by update, still there after reopening', async () => {
    expect((await service.create({ ...studio, sendPartnerKey: true })).sendPartnerKey).toBe(true);
    await service.setCredential('p1', canary);
    const { profile, credentialDropped } = await service.update('p1', { sendPartnerKey: false });
    expect(profile.sendPartnerKey).toBe(false);
    // Only the choice changed: the key stays, bound to the same origin.
    expect(credentialDropped).toBe(false);
    expect(profile.hasCredential).toBe(true);
    await service.update('p1', { sendPartnerKey: true });
    store.close();
    store = openStore(dir.file('loupe.db'));
    service = build();
    expect((await service.get('p1')).sendPartnerKey).toBe(true);
    // A change of address keeps the choice (only the key goes, as ever).
    expect((await service.update('p1', { baseUrl: 'https://other.example' })).profile.sendPartnerKey).toBe(
      true,
    );
  });

  it('is read afresh for each submission through the connection', async () => {
    await service.create(studio);
    const connection = await connectionForProfile(service, 'p1');
    expect(connection.sendsPartnerKey?.()).toBe(false);
    await service.update('p1', { sendPartnerKey: true });
    expect(connection.sendsPartnerKey?.()).toBe(true);
  });

  it('is the choice only: a profile carries no key, whatever it chose', async () => {
    await service.create({ ...studio, sendPartnerKey: true });
    await service.setCredential('p1', canary);
    const profile = await service.get('p1');
    expect(Object.keys(profile).sort()).toEqual(
      ['baseUrl', 'hasCredential', 'id', 'name', 'sendPartnerKey', 'surface'].sort(),
    );
    expect(JSON.stringify(await service.list())).not.toContain(canary);
    // What the contract hands the renderer: the same fields, the choice a boolean.
    const parsed = profileSchema.strict().parse(profile);
    expect(parsed.sendPartnerKey).toBe(true);
  });
});

describe('hostile values for the choice', () => {
  const hostile: [string, unknown][] = [
    ['the string "true"', 'true'],
    ['the string "false"', 'false'],
    ['1', 1],
    ['null', null],
    ['an object', { valueOf: true }],
    ['an array', [true]],
  ];

  it.each(hostile)('the contract refuses %s on create and update', (_name, value) => {
    expect(profileCreateArgsSchema.safeParse({ ...studio, sendPartnerKey: value }).success).toBe(false);
    expect(profileUpdateArgsSchema.safeParse({ profileId: 'p1', sendPartnerKey: value }).success).toBe(false);
  });

  it.each(hostile)('the profile service refuses %s, per field, and changes nothing', async (_name, value) => {
    await expect(service.create({ ...studio, sendPartnerKey: value as boolean })).rejects.toMatchObject({
      code: 'invalid_profile',
      fields: { sendPartnerKey: [expect.stringContaining('yes or no')] },
    });
    await service.create(studio);
    await expect(service.update('p1', { sendPartnerKey: value as boolean })).rejects.toMatchObject({
      code: 'invalid_profile',
      fields: { sendPartnerKey: [expect.any(String)] },
    });
    expect(service.sendsPartnerKey('p1')).toBe(false);
  });

  it('reads a damaged column as a damaged row, never as "on"', async () => {
    await service.create(studio);
    store.close();
    const db = new Database(dir.file('loupe.db'));
    db.exec("UPDATE profiles SET send_partner_key = 'yes' WHERE id = 'p1'");
    db.close();
    store = openStore(dir.file('loupe.db'));
    service = build();
    expect((await service.list()).map((profile) => profile.id)).not.toContain('p1');
    expect(() => service.sendsPartnerKey('p1')).toThrow();
  });
});
