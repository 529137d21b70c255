// What "start fresh" and its siblings do to the files: the damaged ones are moved aside under a new name next
// to where they were (loupe.db.damaged-<time>, with its -wal and -shm), never deleted, so nothing a person
// might still want (or a support engineer might read) is lost. Opening the store again is the caller's part.
import { copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import { DomainError } from '../../errors';
import { StoreError } from '../errors';
import { storeFailureOf } from '../storeFailure';
import { newestBackup } from './backups';
import { openCheckedStore, type CheckedOpenOptions } from './openCheckedStore';
import { isStoreUnusable, type RecoveryAction, type StoreDamage } from './storeDamage';
import type { StoreFiles } from './storeFiles';

export interface Recovery {
  /** Where each damaged file went (or, for keep_what_is_left, where the main file was copied). */
  setAside: string[];
  /** The backup now in place (restore_backup). */
  restoredFrom: string | null;
}

function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
}

/** `loupe.db.damaged-<time>`, with `-2`, `-3`, … when Loupe set files aside twice within a second. */
function asideBase(files: StoreFiles, now: Date): string {
  const base = `${files.database}.damaged-${stamp(now)}`;
  let candidate = base;
  for (let n = 2; existsSync(candidate) || existsSync(`${candidate}-wal`); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

function setAside(files: StoreFiles, now: Date, copyMain: boolean): string[] {
  const base = asideBase(files, now);
  const moved: string[] = [];
  if (existsSync(files.database)) {
    if (copyMain) copyFileSync(files.database, base);
    else renameSync(files.database, base);
    moved.push(base);
  }
  for (const [from, suffix] of [
    [files.wal, '-wal'],
    [files.shm, '-shm'],
  ] as const) {
    if (!existsSync(from)) continue;
    renameSync(from, `${base}${suffix}`);
    moved.push(`${base}${suffix}`);
  }
  return moved;
}

/** Does the file work of `action` ('check_again' has none). Throws StoreError when the disk refuses. */
export function recoverFiles(files: StoreFiles, action: RecoveryAction, now: Date): Recovery {
  try {
    switch (action) {
      case 'check_again':
        return { setAside: [], restoredFrom: null };
      case 'start_fresh': {
        const moved = setAside(files, now, false);
        // The marker would make the empty folder look like a lost store: the fresh one writes its own.
        rmSync(files.marker, { force: true });
        // The old store's backups go aside too: the new store's daily copies would otherwise push them out
        // of the newest three within three days.
        if (existsSync(files.backups)) {
          const backupsAside = `${files.backups}.before-${stamp(now)}`;
          renameSync(files.backups, backupsAside);
          moved.push(backupsAside);
        }
        return { setAside: moved, restoredFrom: null };
      }
      case 'keep_what_is_left':
        // The main file stays and is opened as it is; a copy of it goes aside with the broken log.
        return { setAside: setAside(files, now, true), restoredFrom: null };
      case 'restore_backup': {
        const backup = newestBackup(files);
        if (backup === null) {
          throw new StoreError('not_found', 'There is no backup of Loupe’s data to restore.', {});
        }
        const moved = setAside(files, now, false);
        copyFileSync(backup.path, files.database);
        return { setAside: moved, restoredFrom: backup.path };
      }
    }
  } catch (error) {
    throw storeFailureOf(error, files.database) ?? error;
  }
}

/** What is wrong with the store in `files`, or null when it opens (it is closed again at once). */
export function findDamage(files: StoreFiles, options: CheckedOpenOptions = {}): StoreDamage | null {
  try {
    openCheckedStore(files, options).close();
    return null;
  } catch (error) {
    if (isStoreUnusable(error)) return error.damage;
    throw error;
  }
}

/**
 * Does `action` about `damage`, if it is one the damage offers (a caller cannot pick another: moving a file
 * aside is only ever done about damage that calls for it). Throws DomainError('nothing_to_recover') if not.
 */
export function recoverDamage(
  files: StoreFiles,
  damage: StoreDamage,
  action: RecoveryAction,
  now: Date,
): Recovery {
  if (!damage.actions.includes(action)) {
    throw new DomainError(
      'nothing_to_recover',
      `That is not something Loupe does about this damage (${damage.kind}); it offers: ${damage.actions.join(', ')}.`,
    );
  }
  return recoverFiles(files, action, now);
}
