import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStore, type LoupeStore } from './loupeStore';
import type { TempDir } from './testing/tempDir';
import { openTempStore, steppingClock } from './testing/tempStore';

let dir: TempDir;
let store: LoupeStore;
const now = steppingClock();

beforeEach(() => {
  ({ dir, store } = openTempStore({ now }));
});
afterEach(() => {
  store.close();
  dir.remove();
});

const managed = {
  id: 'p1',
  name: 'Studio',
  surface: 'managed' as const,
  baseUrl: 'https://api.example.com/mount',
  routerBaseUrl: 'https://router.example.com',
  builtIn: null,
};

describe('profilesTable', () => {
  it('round-trips a profile through disk', () => {
    const created = store.profiles.insert(managed);
    expect(created).toMatchObject({ ...managed, sortOrder: 0 });
    expect(created.createdAt).toBe(created.updatedAt);
    store.close();
    store = openStore(dir.file('loupe.db'), { now });
    expect(store.profiles.get('p1')).toEqual(created);
  });

  it('orders new profiles after existing ones and can reorder', () => {
    store.profiles.insert(managed);
    store.profiles.insert({ ...managed, id: 'p2', name: 'Two' });
    store.profiles.insert({ ...managed, id: 'p3', name: 'Three' });
    expect(store.profiles.list().rows.map((r) => r.id)).toEqual(['p1', 'p2', 'p3']);
    store.profiles.reorder(['p3']);
    expect(store.profiles.list().rows.map((r) => r.id)).toEqual(['p3', 'p1', 'p2']);
  });

  it('updates only the given fields and can clear the router URL', () => {
    store.profiles.insert(managed);
    const updated = store.profiles.update('p1', { name: 'Renamed', routerBaseUrl: null });
    expect(updated).toMatchObject({ name: 'Renamed', routerBaseUrl: null, baseUrl: managed.baseUrl });
    expect(updated.updatedAt > updated.createdAt).toBe(true);
  });

  it('refuses a duplicate id and reports unknown ids', () => {
    store.profiles.insert(managed);
    expect(() => store.profiles.insert(managed)).toThrow(
      expect.objectContaining({ code: 'conflict' }) as Error,
    );
    expect(() => store.profiles.update('nope', { name: 'x' })).toThrow(
      expect.objectContaining({ code: 'not_found' }) as Error,
    );
    expect(store.profiles.get('nope')).toBeNull();
  });

  it('removing a profile removes its history (jobs, outputs, uploads, batches)', () => {
    store.profiles.insert(managed);
    store.jobs.upsertSnapshot('p1', { id: 'j1', status: 'queued' });
    store.outputs.upsertForJob('p1', 'j1', [
      {
        assetId: 'a1',
        nodeId: '9',
        name: 'out.png',
        type: 'image',
        contentType: 'image/png',
        size: 3,
        hash: null,
      },
    ]);
    store.uploads.recordIntent({
      id: 'u1',
      profileId: 'p1',
      filePath: '/x',
      size: 1,
      hash: null,
      idempotencyKey: 'k',
    });
    store.batches.create({ id: 'b1', profileId: 'p1', name: 'B' }, [
      { id: 'i1', idempotencyKey: 'ki', request: {} },
    ]);

    expect(store.profiles.remove('p1')).toBe(true);
    expect(store.jobs.get('p1', 'j1')).toBeNull();
    expect(store.outputs.listForJob('p1', 'j1').rows).toEqual([]);
    expect(store.uploads.get('u1')).toBeNull();
    expect(store.batches.get('b1')).toBeNull();
    expect(store.batchItems.get('i1')).toBeNull();
  });
});

describe('settingsTable', () => {
  it('keeps the active profile id across reopen', () => {
    expect(store.settings.activeProfileId()).toBeNull();
    store.settings.setActiveProfileId('p1');
    store.close();
    store = openStore(dir.file('loupe.db'), { now });
    expect(store.settings.activeProfileId()).toBe('p1');
    store.settings.setActiveProfileId(null);
    expect(store.settings.activeProfileId()).toBeNull();
  });

  it('reads values through the caller schema', () => {
    store.settings.set('builtInProfilesSeeded', { version: 1 });
    expect(store.settings.get('builtInProfilesSeeded', z.object({ version: z.number() }))).toEqual({
      version: 1,
    });
    expect(() => store.settings.get('builtInProfilesSeeded', z.string())).toThrow(
      expect.objectContaining({ code: 'corrupt_row' }) as Error,
    );
    store.settings.delete('builtInProfilesSeeded');
    expect(store.settings.get('builtInProfilesSeeded', z.unknown())).toBeNull();
  });
});
