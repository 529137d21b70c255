// The checked open, against a real store damaged on a real disk in each way the table lists: each is named
// (never opened as a fresh store, never a raw SqliteError), and damage that must not stop Loupe does not.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreUnusable, openCheckedStore, storeFilesIn, type StoreDamage } from '.';
import { isStoreError } from '../errors';
import {
  caseFolder,
  damageCases,
  GOOD_PROFILE,
  makeGoodStore,
  RENAMED_AFTER_CRASH,
  stopUncleanly,
} from '../testing/damageCases';
import { fillDisk, makeImmutable, mountSmallDisk, type Undo } from '../testing/disks';
import { fullDiskFallback } from '../testing/fullDiskFallback';
import { makeTempDir, type TempDir } from '../testing/tempDir';

let dir: TempDir;
const undos: Undo[] = [];

beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => {
  for (const undo of undos.splice(0).reverse()) undo();
  dir.remove();
});

function damageOf(open: () => unknown): StoreDamage {
  try {
    open();
  } catch (error) {
    if (isStoreUnusable(error)) return error.damage;
    throw error;
  }
  throw new Error('the store opened');
}

describe('each damage case', () => {
  it.each(damageCases)('$name', (damage) => {
    const { dataDir, unmount } = caseFolder(dir.path, damage);
    if (unmount !== null) undos.push(unmount);
    const files = makeGoodStore(dataDir);
    if (damage.smallDisk === true && unmount === null) {
      // Not root: no disk of its own to fill, so SQLITE_FULL is injected; the open check cannot see that
      // (it reads), and the first write says it instead.
      undos.push(fullDiskFallback());
      const store = openCheckedStore(files);
      expect(() => store.settings.set('batchTemplates', [])).toThrow(/because the disk is full/);
      store.close();
      return;
    }
    const undo = damage.damage(files);
    if (undo !== null) undos.push(undo);
    if (damage.kind === null) {
      // Bad bytes in a value: Loupe opens, and the value reads with a replacement character.
      const store = openCheckedStore(files);
      const names = store.profiles.list().rows.map((profile) => profile.name);
      const batches = store.batches.list(GOOD_PROFILE.id).rows.map((batch) => batch.id);
      const values = JSON.stringify(store.batchItems.listForBatch(batches[0] ?? '').rows);
      store.close();
      expect(`${names.join()} ${batches.join()} ${values}`).toContain('\uFFFD');
      return;
    }
    const found = damageOf(() => openCheckedStore(files));
    expect(found).toMatchObject({ kind: damage.kind, path: files.database, dataDir: files.dataDir });
    expect(found.summary).toContain(
      damage.kind === 'read_only' || damage.kind === 'disk_full' ? dataDir : files.database,
    );
    expect(found.actions.length).toBeGreaterThan(0);
  });
});

describe('the marker', () => {
  it('is written with a new store, and a store made before markers existed gets one on open', () => {
    const files = makeGoodStore(dir.path);
    expect(JSON.parse(readFileSync(files.marker, 'utf8'))).toMatchObject({ format: 1 });
    rmSync(files.marker);
    openCheckedStore(files).close();
    expect(existsSync(files.marker)).toBe(true);
  });

  it('without it, an empty or missing loupe.db is a first run', () => {
    const files = storeFilesIn(dir.path);
    const store = openCheckedStore(files);
    expect(store.profiles.list().rows).toEqual([]);
    store.close();
  });
});

describe('the write-ahead log after an unclean stop', () => {
  it('when intact, brings back the changes it holds', () => {
    const files = makeGoodStore(dir.path);
    stopUncleanly(files, (db) => {
      db.exec(`UPDATE profiles SET name = '${RENAMED_AFTER_CRASH}' WHERE id = '${GOOD_PROFILE.id}'`);
    });
    const store = openCheckedStore(files);
    expect(store.profiles.get(GOOD_PROFILE.id)?.name).toBe(RENAMED_AFTER_CRASH);
    store.close();
  });

  it('when deleted, is reported with the number of changes lost (SQLite alone would open without them)', () => {
    const files = makeGoodStore(dir.path);
    stopUncleanly(files, (db) => {
      db.exec(`UPDATE profiles SET name = '${RENAMED_AFTER_CRASH}' WHERE id = '${GOOD_PROFILE.id}'`);
    });
    rmSync(files.wal);
    const found = damageOf(() => openCheckedStore(files));
    expect(found.kind).toBe('wal_missing');
    expect(found.summary).toMatch(
      /its loupe\.db-wal, which held them \([1-9]\d* pages? not yet in the main file\), was deleted/,
    );
    expect(found.actions).toEqual(['keep_what_is_left', 'start_fresh']);
  });
});

describe('failures while running', () => {
  it('a full disk under a write is disk_full, in words, and the store keeps working once there is room', () => {
    const unmount = mountSmallDisk(dir.path, 1024 * 1024);
    const files = makeGoodStore(dir.path);
    const store = openCheckedStore(files);
    let caught: unknown = null;
    const undo = unmount === null ? fullDiskFallback() : null;
    if (unmount !== null) fillDisk(dir.path);
    try {
      for (let i = 0; i < 200; i += 1)
        store.settings.set('batchTemplates', [{ filler: 'x'.repeat(20_000), i }]);
    } catch (error) {
      caught = error;
    }
    undo?.();
    if (unmount !== null) rmSync(`${dir.path}/filler.bin`);
    expect(isStoreError(caught, 'disk_full')).toBe(true);
    expect((caught as Error).message).toBe(
      `Loupe could not save to its data file at ${files.database} because the disk is full.`,
    );
    store.settings.set('batchTemplates', []);
    store.close();
    if (unmount !== null) undos.push(unmount);
  });

  it('a data file made read-only under a running Loupe is store_read_only, not an I/O error', () => {
    const files = makeGoodStore(dir.path);
    const store = openCheckedStore(files);
    store.settings.set('batchTemplates', []);
    const undo = makeImmutable(files.wal);
    let caught: unknown = null;
    try {
      store.settings.set('batchTemplates', [{ name: 'x' }]);
    } catch (error) {
      caught = error;
    }
    undo();
    store.close();
    expect(isStoreError(caught, 'store_read_only')).toBe(true);
    expect((caught as Error).message).toContain('read-only');
  });
});

it('sets nothing aside and deletes nothing while checking', () => {
  const files = makeGoodStore(dir.path);
  rmSync(files.database);
  damageOf(() => openCheckedStore(files));
  expect(existsSync(files.database)).toBe(false);
  expect(readdirSync(dir.path).filter((name) => name.includes('damaged'))).toEqual([]);
});
