// What can be wrong with the store when Loupe opens it, in words a person can act on. Every host shows these
// same words (the app's damage screen, the CLI's one line), so they are written once, here.
import { StoreError, type StoreErrorCode } from '../errors';
import type { BackupInfo } from './backups';

export type DamageKind =
  /** A store existed here (the marker says so) and loupe.db is gone. */
  | 'missing'
  /** A store existed here and loupe.db is zero bytes long. */
  | 'empty'
  /** The first bytes are not SQLite's header. */
  | 'not_a_database'
  /** The file is shorter than its own header says. */
  | 'truncated'
  /** PRAGMA quick_check (or a read) found damaged pages. */
  | 'damaged_pages'
  /** Committed changes still waiting in loupe.db-wal are gone: the WAL file was deleted. */
  | 'wal_missing'
  /** … or cut short. */
  | 'wal_truncated'
  /** Written by a newer Loupe. */
  | 'schema_too_new'
  /** Not a schema history this Loupe recognises. */
  | 'schema_unknown'
  /** The file or its folder cannot be written. */
  | 'read_only'
  /** No space left on the disk. */
  | 'disk_full'
  /** The system failed a read or a write. */
  | 'io_error'
  /** SQLite could not open it, for a reason it did not name more precisely. */
  | 'unreadable';

/** What the user can do about it, in the order the screen offers them. */
export type RecoveryAction =
  /** Move the damaged files aside (never deleted) and open an empty store. */
  | 'start_fresh'
  /** Move the damaged files aside and put the newest backup in their place. */
  | 'restore_backup'
  /** WAL damage only: set the broken WAL aside and open the main file as it is, without the lost changes. */
  | 'keep_what_is_left'
  /** The cause is outside the file (read-only, full disk): fix it, then check again. */
  | 'check_again';

export interface StoreDamage {
  kind: DamageKind;
  /** The contract's error code every other call answers with meanwhile. */
  code: StoreErrorCode;
  /** What happened, in words. */
  summary: string;
  /** What to do, in words. */
  nextStep: string;
  /** The data file (loupe.db) and its folder. */
  path: string;
  dataDir: string;
  actions: RecoveryAction[];
  /** SQLite's or the system's own words (quick_check lines, an errno), for the details disclosure. */
  detail: string | null;
  newestBackup: BackupInfo | null;
}

export interface DamageFacts {
  path: string;
  dataDir: string;
  newestBackup: BackupInfo | null;
  detail?: string | null;
  /** When the marker says the store was first made (for 'missing' and 'empty'). */
  createdAt?: string | null;
  /** For the WAL kinds: how many committed pages were only in the WAL, and how many of them are left. */
  walFrames?: { expected: number; present: number };
  /** For 'truncated': the file's size and the size its header gives. */
  sizes?: { actual: number; expected: number };
  /** For 'schema_too_new': the schema found and the newest this build knows. */
  schema?: { found: number; supported: number };
}

const START_FRESH =
  'Loupe moves the damaged file aside (renamed loupe.db.damaged-<time>, next to it; nothing is deleted) and ' +
  'opens an empty store. Your API keys stay in the system keychain.';

/** `2025-06-01 08:30 UTC`: the backup's time as its file name has it, for a person. */
export function backupTime(backup: BackupInfo): string {
  return `${backup.takenAt.slice(0, 10)} ${backup.takenAt.slice(11, 16)} UTC`;
}

function since(createdAt: string | null | undefined): string {
  return createdAt ? ` (made ${createdAt.slice(0, 10)})` : '';
}

function summaryOf(kind: DamageKind, facts: DamageFacts): string {
  const file = facts.path;
  switch (kind) {
    case 'missing':
      return `Loupe's data file ${file} is missing. This folder held a Loupe store${since(facts.createdAt)}, so your profiles and history were there.`;
    case 'empty':
      return `Loupe's data file ${file} is empty (0 bytes). It held your profiles and history${since(facts.createdAt)}.`;
    case 'not_a_database':
      return `Loupe's data file ${file} is not a database: its first bytes are not SQLite's header. Something wrote over it.`;
    case 'truncated': {
      const sizes = facts.sizes;
      const how = sizes ? ` (${sizes.actual} of ${sizes.expected} bytes)` : '';
      return `Loupe's data file ${file} is shorter than it should be${how}: its end was cut off.`;
    }
    case 'damaged_pages':
      return `Loupe's data file ${file} is damaged: SQLite's check found pages it cannot read.`;
    case 'wal_missing':
    case 'wal_truncated': {
      const frames = facts.walFrames;
      const lost = frames ? frames.expected - frames.present : 0;
      const what = kind === 'wal_missing' ? 'was deleted' : 'was cut short';
      return (
        `The latest changes to Loupe's data are gone: Loupe stopped without closing ${file}, and its ` +
        `loupe.db-wal, which held them (${lost} page${lost === 1 ? '' : 's'} not yet in the main file), ${what}.`
      );
    }
    case 'schema_too_new': {
      const schema = facts.schema;
      const versions = schema
        ? ` (schema ${schema.found}; this version knows up to ${schema.supported})`
        : '';
      return `Loupe's data file ${file} was written by a newer version of Loupe${versions}.`;
    }
    case 'schema_unknown':
      return `Loupe's data file ${file} is not one this Loupe recognises: its schema history does not match.`;
    case 'read_only':
      return `Loupe cannot write to its data folder ${facts.dataDir}: the folder or its data file is read-only.`;
    case 'disk_full':
      return `The disk that holds Loupe's data (${facts.dataDir}) is full, so Loupe cannot open its data file.`;
    case 'io_error':
      return `The system failed to read or write Loupe's data file ${file} (an input/output error).`;
    case 'unreadable':
      return `Loupe could not open its data file ${file}.`;
  }
}

function nextStepOf(kind: DamageKind, newestBackup: BackupInfo | null): string {
  const backup = newestBackup ? ` Or restore the backup of ${backupTime(newestBackup)}.` : '';
  switch (kind) {
    case 'wal_missing':
    case 'wal_truncated':
      return (
        'Keep what is left: Loupe copies the files aside (loupe.db.damaged-<time>) and opens the data as it ' +
        `was before those changes. Or start fresh: ${START_FRESH}${backup}`
      );
    case 'schema_too_new':
      return `Update Loupe to open it, or start fresh: ${START_FRESH}`;
    case 'read_only':
      return 'Make the folder and loupe.db writable (check their permissions, and that the disk is not mounted read-only), then check again.';
    case 'disk_full':
      return 'Free some space on that disk, then check again.';
    case 'io_error':
      return `Check the disk, then check again. If it keeps failing, start fresh: ${START_FRESH}${backup}`;
    default:
      return `Start fresh: ${START_FRESH}${backup}`;
  }
}

function actionsOf(kind: DamageKind, newestBackup: BackupInfo | null): RecoveryAction[] {
  const restore: RecoveryAction[] = newestBackup ? ['restore_backup'] : [];
  switch (kind) {
    case 'wal_missing':
    case 'wal_truncated':
      return ['keep_what_is_left', 'start_fresh', ...restore];
    case 'read_only':
    case 'disk_full':
      return ['check_again'];
    case 'io_error':
      return ['check_again', 'start_fresh', ...restore];
    case 'schema_too_new':
      return ['start_fresh'];
    default:
      return ['start_fresh', ...restore];
  }
}

function codeOf(kind: DamageKind): StoreErrorCode {
  switch (kind) {
    case 'read_only':
      return 'store_read_only';
    case 'disk_full':
      return 'disk_full';
    case 'io_error':
      return 'store_io_error';
    case 'schema_too_new':
      return 'schema_too_new';
    default:
      return 'store_damaged';
  }
}

export function describeDamage(kind: DamageKind, facts: DamageFacts): StoreDamage {
  return {
    kind,
    code: codeOf(kind),
    summary: summaryOf(kind, facts),
    nextStep: nextStepOf(kind, facts.newestBackup),
    path: facts.path,
    dataDir: facts.dataDir,
    actions: actionsOf(kind, facts.newestBackup),
    detail: facts.detail ?? null,
    newestBackup: facts.newestBackup,
  };
}

/** Thrown by createCore when the store cannot be used; the hosts show `damage` and offer its actions. */
export class StoreUnusableError extends StoreError {
  constructor(readonly damage: StoreDamage) {
    super(damage.code, `${damage.summary} ${damage.nextStep}`, { path: damage.path, kind: damage.kind });
  }
}

export function isStoreUnusable(error: unknown): error is StoreUnusableError {
  return error instanceof StoreUnusableError;
}
