// Opens the store the way the hosts do: the files checked before SQLite touches them (the marker, the header,
// the write-ahead log, whether the disk takes writes), then PRAGMA quick_check and the schema's history on the
// open connection, a backup before any migration, and the marker written once the store is known good. Any
// finding becomes a StoreUnusableError carrying a StoreDamage: what happened, where, and what can be done.
import { mkdirSync } from 'node:fs';
import { StoreError, isStoreError } from '../errors';
import { openStore, type LoupeStore, type OpenStoreOptions } from '../loupeStore';
import { readPragmaLines, type Db } from '../sqlite';
import { storeFailureOf } from '../storeFailure';
import { backupNow, newestBackup } from './backups';
import { checkDatabaseFile } from './fileChecks';
import { probeWritable } from './fileChecks';
import { describeDamage, StoreUnusableError, type DamageFacts, type DamageKind } from './storeDamage';
import type { StoreFiles } from './storeFiles';
import { ensureMarker, readMarker } from './storeMarker';
import { findWalLoss } from './walIndex';

export type CheckedOpenOptions = Pick<OpenStoreOptions, 'busyTimeoutMs' | 'migrations'> & {
  now?: () => Date;
};

/** quick_check's own lines are kept for the details disclosure, at most this many. */
const CHECK_LINES_KEPT = 5;

function quickCheck(db: Db): void {
  const lines = readPragmaLines(db, 'quick_check');
  if (lines.length === 1 && lines[0] === 'ok') return;
  throw new StoreError('store_damaged', 'PRAGMA quick_check found damage.', {
    check: lines.slice(0, CHECK_LINES_KEPT).join('\n'),
  });
}

function unusable(files: StoreFiles, kind: DamageKind, facts: Partial<DamageFacts> = {}): StoreUnusableError {
  return new StoreUnusableError(
    describeDamage(kind, {
      path: files.database,
      dataDir: files.dataDir,
      newestBackup: newestBackup(files),
      ...facts,
    }),
  );
}

function causeText(error: StoreError): string | null {
  const check = error.details.check;
  if (typeof check === 'string') return check;
  const cause = error.cause;
  return cause instanceof Error ? cause.message : null;
}

function numberDetail(error: StoreError, key: string): number {
  const value = error.details[key];
  return typeof value === 'number' ? value : 0;
}

/** A StoreError met while opening or using the store, as damage to show (null: not a store failure). */
export function damageFromStoreError(files: StoreFiles, error: unknown): StoreUnusableError | null {
  if (error instanceof StoreUnusableError) return error;
  const failure = isStoreError(error) ? error : storeFailureOf(error, files.database);
  if (failure === null) return null;
  const detail = causeText(failure);
  switch (failure.code) {
    case 'store_damaged':
    case 'corrupt_row':
      return unusable(files, 'damaged_pages', { detail });
    case 'store_read_only':
      return unusable(files, 'read_only', { detail });
    case 'disk_full':
      return unusable(files, 'disk_full', { detail });
    case 'store_io_error':
      return unusable(files, 'io_error', { detail });
    case 'schema_too_new':
      return unusable(files, 'schema_too_new', {
        schema: { found: numberDetail(failure, 'found'), supported: numberDetail(failure, 'supported') },
      });
    case 'schema_unknown':
      return unusable(files, 'schema_unknown', { detail });
    case 'open_failed':
      return unusable(files, 'unreadable', { detail });
    default:
      return null;
  }
}

/** Opens the store in `files.dataDir` (creating it on a first run); throws StoreUnusableError when it cannot. */
export function openCheckedStore(files: StoreFiles, options: CheckedOpenOptions = {}): LoupeStore {
  const now = options.now ?? (() => new Date());
  try {
    mkdirSync(files.dataDir, { recursive: true });
  } catch (error) {
    throw damageFromStoreError(files, error) ?? error;
  }
  const marker = readMarker(files);
  const verdict = checkDatabaseFile(files, marker);
  switch (verdict.kind) {
    case 'missing':
    case 'empty':
      throw unusable(files, verdict.kind, { createdAt: marker?.madeAt ?? null });
    case 'not_a_database':
      throw unusable(files, 'not_a_database');
    case 'truncated':
      throw unusable(files, 'truncated', { sizes: { actual: verdict.actual, expected: verdict.expected } });
    default:
      break;
  }
  const loss = findWalLoss(files);
  if (loss !== null) {
    throw unusable(files, loss.kind, { walFrames: { expected: loss.expected, present: loss.present } });
  }
  const notWritable = probeWritable(files);
  if (notWritable !== null) throw damageFromStoreError(files, notWritable) ?? notWritable;
  let store: LoupeStore | null = null;
  try {
    store = openStore(files.database, {
      now,
      ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
      ...(options.migrations === undefined ? {} : { migrations: options.migrations }),
      verify: quickCheck,
      beforeMigrating: (db) => backupNow(db, files, 'before-migration', now()),
    });
    ensureMarker(files, now());
    return store;
  } catch (error) {
    store?.close();
    throw damageFromStoreError(files, error) ?? error;
  }
}
