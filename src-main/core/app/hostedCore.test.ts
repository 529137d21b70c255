// hostedCore: one dispatcher for the launch, answered by core or by the recovery handlers. Recovery only ever
// does what the damage offers, one at a time, and damage found while running sends the page back to the
// damage screen.
import { readdirSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeStatusSchema } from '../../../src-shared/contract';
import type { CallResult } from '../../../src-shared/protocol';
import { FakeKeychain } from '../profiles/testing/fakeKeychain';
import { StoreError } from '../store';
import { damageCases, GOOD_PROFILE, makeGoodStore } from '../store/testing/damageCases';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { ContractDispatcher } from '../rpc/dispatcher';
import { startHostedCore, type HostedCore } from './hostedCore';
import { describeApp } from './version';

let dir: TempDir;
let hosted: HostedCore | null = null;

beforeEach(() => {
  dir = makeTempDir();
});
afterEach(async () => {
  await hosted?.close();
  hosted = null;
  dir.remove();
});

async function start(): Promise<HostedCore> {
  hosted = await startHostedCore({
    dataDir: dir.path,
    appInfo: describeApp('browser'),
    keychain: new FakeKeychain(),
    openExternal: null,
    demo: null,
  });
  return hosted;
}

function status(result: CallResult<unknown>) {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return storeStatusSchema.parse(result.value);
}

/** The main files set aside (each may have its -wal and -shm beside it). */
const setAside = (): string[] =>
  readdirSync(dir.path).filter((name) => name.includes('damaged') && !/-(wal|shm)$/.test(name));

function damageBadHeader(): void {
  const files = makeGoodStore(dir.path);
  damageCases.find((damage) => damage.kind === 'not_a_database')?.damage(files);
}

describe('hostedCore', () => {
  it('goes to the damage screen when a call meets a damaged page, and back once started fresh', async () => {
    makeGoodStore(dir.path);
    const core = await start();
    const running = core.current();
    if (running === null) throw new Error('the good store did not open');
    vi.spyOn(running.store.profiles, 'list').mockImplementation(() => {
      throw new StoreError(
        'store_damaged',
        'SQLite found a damaged page.',
        {},
        { cause: new Error('malformed') },
      );
    });
    const failed = await core.dispatcher.call('profiles.list', {});
    expect(!failed.ok && failed.error.code).toBe('store_damaged');

    const damaged = status(await core.dispatcher.call('store.status', {}));
    expect(damaged).toMatchObject({ state: 'unusable', damage: { kind: 'damaged_pages' } });
    expect(core.current()).toBeNull();
    const refused = await core.dispatcher.call('batches.list', { profileId: 'local' });
    expect(!refused.ok && refused.error.code).toBe('store_damaged');

    const after = status(await core.dispatcher.call('store.recover', { action: 'start_fresh' }));
    expect(after).toMatchObject({ state: 'ok', recovered: { restoredFrom: null } });
    expect(setAside()).toHaveLength(1);
    const profiles = await core.dispatcher.call('profiles.list', {});
    expect(profiles.ok && JSON.stringify(profiles.value)).not.toContain(GOOD_PROFILE.id);
  });

  it('does only what the damage offers, one recovery at a time: a second click never moves the new store', async () => {
    damageBadHeader();
    const core = await start();
    const notOffered = await core.dispatcher.call('store.recover', { action: 'keep_what_is_left' });
    expect(!notOffered.ok && notOffered.error.code).toBe('nothing_to_recover');
    expect(setAside()).toEqual([]);

    const [first, second] = await Promise.all([
      core.dispatcher.call('store.recover', { action: 'start_fresh' }),
      core.dispatcher.call('store.recover', { action: 'start_fresh' }),
    ]);
    expect(status(first).state).toBe('ok');
    expect(!second.ok && second.error.code).toBe('nothing_to_recover');
    expect(setAside()).toHaveLength(1);
  });

  it('runs one small library search as it starts (the first window search then finds it warm), read only', async () => {
    makeGoodStore(dir.path);
    const calls = vi.spyOn(ContractDispatcher.prototype, 'call');
    try {
      const core = await start();
      await core.warmedUp;
      expect(calls.mock.calls.map(([name, args]) => [name, args])).toEqual([
        ['library.search', { limit: 1 }],
      ]);
      const answer: unknown = await calls.mock.results[0]?.value;
      expect(answer).toMatchObject({ ok: true });
    } finally {
      calls.mockRestore();
    }
  });

  it('lets the warm-up fail quietly on a store that cannot be used', async () => {
    damageBadHeader();
    const core = await start();
    await expect(core.warmedUp).resolves.toBeUndefined();
    expect(status(await core.dispatcher.call('store.status', {})).state).toBe('unusable');
  });

  it('serves the asset route as unavailable while the store cannot be used', async () => {
    damageBadHeader();
    const core = await start();
    const reply = await core.assetResponder.respond({
      kind: 'asset',
      profileId: 'p',
      assetId: '00000000-0000-4000-8000-000000000000',
      method: 'GET',
      range: null,
      signal: new AbortController().signal,
    });
    expect(reply.status).toBe(503);
  });
});
