// What the damage screen's actions do to the files, and the backups they can restore: the damaged files are
// moved aside under new names (their bytes untouched, nothing deleted), and the store opens again.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  backupInWorker,
  dailyBackupDue,
  isStoreUnusable,
  listBackups,
  openCheckedStore,
  recoverFiles,
  storeFilesIn,
  type StoreDamage,
} from '.';
import { migrate } from '../migrations';
import { openDatabase } from '../sqlite';
import { storeMigrations } from '../schema';
import { GOOD_PROFILE, makeGoodStore, RENAMED_AFTER_CRASH, stopUncleanly } from '../testing/damageCases';
import { makeTempDir, type TempDir } from '../testing/tempDir';

let dir: TempDir;
const at = new Date('2025-03-04T05:06:07.890Z');

beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => {
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

describe('start fresh', () => {
  it('moves the damaged file and its WAL files aside, bytes intact, and opens an empty store', () => {
    const files = makeGoodStore(dir.path);
    const damaged = readFileSync(files.database);
    damaged.write('garbage!', 0, 'latin1');
    writeFileSync(files.database, damaged);
    writeFileSync(files.wal, 'wal bytes');
    expect(damageOf(() => openCheckedStore(files)).actions).toEqual(['start_fresh']);

    mkdirSync(files.backups);
    writeFileSync(join(files.backups, 'loupe-20250303T000000Z-daily.db'), 'old store');
    const recovery = recoverFiles(files, 'start_fresh', at);
    const base = join(dir.path, 'loupe.db.damaged-2025-03-04T05-06-07Z');
    const oldBackups = `${files.backups}.before-2025-03-04T05-06-07Z`;
    expect(recovery.setAside).toEqual([
      base,
      `${base}-wal`,
      ...(existsSync(`${base}-shm`) ? [`${base}-shm`] : []),
      // The old store's backups, out of reach of the new store's pruning.
      oldBackups,
    ]);
    expect(readdirSync(oldBackups)).toEqual(['loupe-20250303T000000Z-daily.db']);
    expect(readFileSync(base).equals(damaged)).toBe(true);
    expect(readFileSync(`${base}-wal`, 'utf8')).toBe('wal bytes');

    const store = openCheckedStore(files);
    expect(store.profiles.list().rows).toEqual([]);
    store.close();
    // A second start fresh in the same second does not overwrite the first one's files.
    expect(recoverFiles(files, 'start_fresh', at).setAside[0]).toBe(`${base}-2`);
    expect(readFileSync(base).equals(damaged)).toBe(true);
  });
});

describe('keep what is left', () => {
  it('opens the main file without the lost changes, with a copy of everything set aside first', () => {
    const files = makeGoodStore(dir.path);
    stopUncleanly(files, (db) => {
      db.exec(`UPDATE profiles SET name = '${RENAMED_AFTER_CRASH}' WHERE id = '${GOOD_PROFILE.id}'`);
    });
    rmSync(files.wal);
    expect(damageOf(() => openCheckedStore(files)).kind).toBe('wal_missing');
    const recovery = recoverFiles(files, 'keep_what_is_left', at);
    expect(recovery.setAside.map((path) => path.slice(dir.path.length + 1))).toEqual([
      'loupe.db.damaged-2025-03-04T05-06-07Z',
      'loupe.db.damaged-2025-03-04T05-06-07Z-shm',
    ]);
    const store = openCheckedStore(files);
    expect(store.profiles.get(GOOD_PROFILE.id)?.name).toBe(GOOD_PROFILE.name);
    store.close();
  });
});

describe('backups', () => {
  it('are taken before a migration, of the schema as it was', () => {
    const files = storeFilesIn(dir.path);
    const old = openDatabase(files.database, 1000);
    migrate(old, storeMigrations.slice(0, 5), () => at);
    old.close();
    openCheckedStore(files, { now: () => at }).close();
    const [backup] = listBackups(files);
    expect(backup).toMatchObject({ reason: 'before-migration', takenAt: '2025-03-04T05:06:07Z' });
    const copy = new Database(backup?.path ?? '');
    expect(copy.prepare('SELECT MAX(version) AS v FROM schema_migrations').get()).toMatchObject({ v: 5 });
    copy.close();
  });

  it('are made daily off the main thread, the newest three kept, and one can be restored over damage', async () => {
    const files = makeGoodStore(dir.path);
    expect(dailyBackupDue(files, at)).toBe(true);
    for (let day = 0; day < 5; day += 1) {
      await backupInWorker(files, 'daily', new Date(at.getTime() + day * 86_400_000));
    }
    const kept = listBackups(files);
    expect(kept.map((backup) => backup.takenAt.slice(0, 10))).toEqual([
      '2025-03-08',
      '2025-03-07',
      '2025-03-06',
    ]);
    expect(readdirSync(files.backups)).toHaveLength(3);
    expect(dailyBackupDue(files, new Date('2025-03-08T12:00:00Z'))).toBe(false);
    expect(dailyBackupDue(files, new Date('2025-03-09T06:00:00Z'))).toBe(true);

    rmSync(files.database);
    const damage = damageOf(() => openCheckedStore(files));
    expect(damage.actions).toEqual(['start_fresh', 'restore_backup']);
    expect(damage.newestBackup?.takenAt).toBe('2025-03-08T05:06:07Z');
    expect(damage.nextStep).toContain('Or restore the backup of 2025-03-08 05:06 UTC.');
    expect(recoverFiles(files, 'restore_backup', at).restoredFrom).toBe(kept[0]?.path);
    const store = openCheckedStore(files);
    expect(store.profiles.get(GOOD_PROFILE.id)?.name).toBe(GOOD_PROFILE.name);
    store.close();
  });
});
