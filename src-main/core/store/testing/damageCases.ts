// Test support: a good store in a data folder, and each way the disk can damage it. The same cases run through
// the core, the browser shell and the CLI, so every host is proven against the same damage.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { openCheckedStore, storeFilesIn, type DamageKind, type StoreFiles } from '../health';
import { flipMarkerBytes } from './flipBytes';
import { fillDisk, makeImmutable, makeReadOnly, mountSmallDisk, type Undo } from './disks';

export const GOOD_PROFILE = { id: 'studio', name: 'Studio' } as const;
export const GOOD_BATCH = { id: 'b-nightly', name: 'Nightly', value: 'lighthouse' } as const;

let template: string | null = null;

/** The good store, made once per process: every case gets a copy (see makeGoodStore for why). */
function goodTemplate(): string {
  if (template !== null) return template;
  const dir = mkdtempSync(join(tmpdir(), 'loupe-good-store-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const store = openCheckedStore(storeFilesIn(dir));
  try {
    store.profiles.insert({
      id: GOOD_PROFILE.id,
      name: GOOD_PROFILE.name,
      surface: 'self-hosted',
      baseUrl: 'http://127.0.0.1:9',
      routerBaseUrl: null,
      builtIn: null,
    });
    store.settings.setActiveProfileId(GOOD_PROFILE.id);
    store.batches.create({ id: GOOD_BATCH.id, profileId: GOOD_PROFILE.id, name: GOOD_BATCH.name }, [
      {
        id: 'item-1',
        idempotencyKey: 'key-1',
        request: { prompt: { '6': { inputs: { text: GOOD_BATCH.value } } } },
        values: [{ target: '6.text', value: GOOD_BATCH.value }],
      },
    ]);
  } finally {
    store.close();
  }
  template = dir;
  return dir;
}

/**
 * A store like a user's, in `dataDir`: a saved, active profile (on an address nothing listens on) and a
 * planned batch. Copied from a template rather than made in place because libsql only really closes a
 * connection once none of its prepared statements is alive (a LoupeStore holds them until garbage
 * collection): a connection left behind in this process on the very file a test then damages and reopens
 * would share SQLite's in-process lock and WAL-index state with the next one. A copy is a new file.
 */
export function makeGoodStore(dataDir: string): StoreFiles {
  const files = storeFilesIn(dataDir);
  const from = storeFilesIn(goodTemplate());
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(from.database, files.database);
  copyFileSync(from.marker, files.marker);
  return files;
}

/**
 * Leaves the store as a killed Loupe does: committed changes (`write`) still only in loupe.db-wal, the WAL
 * index in loupe.db-shm. The files are copied while a connection holds them open, as a crash would leave them.
 * `write` must use `exec`: libsql only really closes a connection once no prepared statement of it is alive.
 */
export function stopUncleanly(files: StoreFiles, write: (db: Database.Database) => void): void {
  const db = new Database(files.database);
  const snapshot = `${files.dataDir}.unclean`;
  mkdirSync(snapshot, { recursive: true });
  try {
    db.exec('PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0');
    write(db);
    for (const path of [files.database, files.wal, files.shm]) {
      copyFileSync(path, join(snapshot, path.slice(files.dataDir.length + 1)));
    }
  } finally {
    db.close();
  }
  for (const path of [files.database, files.wal, files.shm]) {
    copyFileSync(join(snapshot, path.slice(files.dataDir.length + 1)), path);
  }
  rmSync(snapshot, { recursive: true, force: true });
}

/** The profile renamed after the store was last closed cleanly: the change a lost WAL takes with it. */
export const RENAMED_AFTER_CRASH = 'Studio (renamed)';

function renameInWal(files: StoreFiles): void {
  stopUncleanly(files, (db) => {
    db.exec(`UPDATE profiles SET name = '${RENAMED_AFTER_CRASH}' WHERE id = '${GOOD_PROFILE.id}'`);
  });
}

/** Overwrites page `page` (1-based) of the file with noise that is no b-tree page. */
function scramblePage(files: StoreFiles, page: number): void {
  const bytes = readFileSync(files.database);
  const pageSize = bytes.readUInt16BE(16);
  bytes.fill(0x5a, (page - 1) * pageSize, page * pageSize);
  writeFileSync(files.database, bytes);
}

/** Damage done inside the folder only: nothing to undo. */
function inFolder(damage: (files: StoreFiles) => void): (files: StoreFiles) => null {
  return (files) => {
    damage(files);
    return null;
  };
}

export interface DamageCase {
  /** The table's row name. */
  name: string;
  /** What the open check must call it; null for damage that must not stop Loupe (bad UTF-8 in a value). */
  kind: DamageKind | null;
  /** Damages the good store in `files`; returns what undoes anything outside the folder (a mount). */
  damage(files: StoreFiles): Undo | null;
  /** Needs the data folder on a disk of its own (mounted before makeGoodStore). */
  smallDisk?: boolean;
}

export const damageCases: readonly DamageCase[] = [
  {
    name: 'truncated file',
    kind: 'truncated',
    damage: inFolder((files) => truncateSync(files.database, 8192)),
  },
  {
    name: 'zero-length file (marker present)',
    kind: 'empty',
    damage: inFolder((files) => truncateSync(files.database, 0)),
  },
  {
    name: 'missing file (marker present)',
    kind: 'missing',
    damage: inFolder((files) => rmSync(files.database)),
  },
  {
    name: 'bad header',
    kind: 'not_a_database',
    damage: inFolder((files) => {
      const bytes = readFileSync(files.database);
      bytes.write('Not SQLite at all', 0, 'latin1');
      writeFileSync(files.database, bytes);
    }),
  },
  {
    name: 'damaged page (quick_check fails)',
    kind: 'damaged_pages',
    damage: inFolder((files) => scramblePage(files, 3)),
  },
  {
    name: 'bad UTF-8 in a plain text column (profile name)',
    kind: null,
    damage: inFolder((files) => flipMarkerBytes(files.database, GOOD_PROFILE.name)),
  },
  {
    name: 'bad UTF-8 in a JSON column (batch item values)',
    kind: null,
    damage: inFolder((files) => flipMarkerBytes(files.database, GOOD_BATCH.value)),
  },
  {
    name: 'bad UTF-8 in a key column (batch id)',
    kind: null,
    damage: inFolder((files) => flipMarkerBytes(files.database, GOOD_BATCH.id)),
  },
  {
    name: 'deleted WAL after an unclean stop',
    kind: 'wal_missing',
    damage: inFolder((files) => {
      renameInWal(files);
      rmSync(files.wal);
    }),
  },
  {
    name: 'truncated WAL after an unclean stop',
    kind: 'wal_truncated',
    damage: inFolder((files) => {
      renameInWal(files);
      truncateSync(files.wal, 32 + 100);
    }),
  },
  {
    name: 'schema too new',
    kind: 'schema_too_new',
    damage: inFolder((files) => {
      const db = new Database(files.database);
      db.exec("INSERT INTO schema_migrations VALUES (99, 'from the future', '2030-01-01T00:00:00Z')");
      db.close();
    }),
  },
  {
    name: 'read-only data folder',
    kind: 'read_only',
    damage: (files) => makeReadOnly(files.dataDir).undo,
  },
  {
    name: 'read-only data file (immutable)',
    kind: 'read_only',
    damage: (files) => makeImmutable(files.database),
  },
  {
    name: 'full disk',
    kind: 'disk_full',
    smallDisk: true,
    damage: inFolder((files) => fillDisk(files.dataDir)),
  },
];

/** A folder for one case: on a small tmpfs of its own when the case needs one (undo unmounts it). */
export function caseFolder(parent: string, damage: DamageCase): { dataDir: string; unmount: Undo | null } {
  const dataDir = join(parent, damage.name.replace(/[^a-z0-9]+/gi, '-'));
  mkdirSync(dataDir, { recursive: true });
  const unmount = damage.smallDisk === true ? mountSmallDisk(dataDir, 2 * 1024 * 1024) : null;
  return { dataDir, unmount };
}
