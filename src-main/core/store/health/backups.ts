// Copies of the store, made with `VACUUM INTO` (libsql has no backup API): a consistent snapshot written to a
// new file while readers and writers go on. One a day and one before each migration; the newest three kept.
// A copy is written under a temporary name and renamed when complete, so a half-written one never counts.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { execute, type Db } from '../sqlite';
import type { StoreFiles } from './storeFiles';

export type BackupReason = 'daily' | 'before-migration';

export interface BackupInfo {
  path: string;
  /** ISO 8601, to the second. */
  takenAt: string;
  reason: BackupReason;
}

export const BACKUPS_KEPT = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const backupName = /^loupe-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-(daily|before-migration)\.db$/;

function stamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '');
}

/** The backups in the folder, newest first (files that are not Loupe's backups are left alone). */
export function listBackups(files: StoreFiles): BackupInfo[] {
  if (!existsSync(files.backups)) return [];
  const found: BackupInfo[] = [];
  for (const name of readdirSync(files.backups)) {
    const match = backupName.exec(name);
    if (match === null) continue;
    const [, year, month, day, hours, minutes, seconds, reason] = match;
    found.push({
      path: join(files.backups, name),
      takenAt: `${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`,
      reason: reason === 'daily' ? 'daily' : 'before-migration',
    });
  }
  return found.sort((a, b) => b.takenAt.localeCompare(a.takenAt));
}

export function newestBackup(files: StoreFiles): BackupInfo | null {
  return listBackups(files)[0] ?? null;
}

export function dailyBackupDue(files: StoreFiles, now: Date): boolean {
  const newest = newestBackup(files);
  return newest === null || now.getTime() - Date.parse(newest.takenAt) >= DAY_MS;
}

/** Where the next backup goes: its final path and the temporary one it is written to first. */
export function plannedBackup(
  files: StoreFiles,
  reason: BackupReason,
  now: Date,
): { path: string; temporary: string } {
  mkdirSync(files.backups, { recursive: true });
  const path = join(files.backups, `loupe-${stamp(now)}-${reason}.db`);
  return { path, temporary: `${path}.partial` };
}

/** `VACUUM INTO` the temporary path, as SQL (the path quoted for SQLite). */
export function vacuumIntoSql(temporary: string): string {
  return `VACUUM INTO '${temporary.replaceAll("'", "''")}'`;
}

/** Renames a finished copy into place and removes all but the newest BACKUPS_KEPT. */
export function completeBackup(files: StoreFiles, planned: { path: string; temporary: string }): void {
  renameSync(planned.temporary, planned.path);
  for (const old of listBackups(files).slice(BACKUPS_KEPT)) rmSync(old.path, { force: true });
}

/** Backs up through an open connection (before a migration: it must finish before the schema changes). */
export function backupNow(db: Db, files: StoreFiles, reason: BackupReason, now: Date): void {
  const planned = plannedBackup(files, reason, now);
  rmSync(planned.temporary, { force: true });
  execute(db, vacuumIntoSql(planned.temporary));
  completeBackup(files, planned);
}
