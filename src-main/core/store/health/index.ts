// The store's health: checked opening, what damage means in words, setting damaged files aside, backups.
export { DATABASE_FILE, storeFilesIn, type StoreFiles } from './storeFiles';
export { openCheckedStore, damageFromStoreError, type CheckedOpenOptions } from './openCheckedStore';
export {
  backupTime,
  describeDamage,
  isStoreUnusable,
  StoreUnusableError,
  type DamageKind,
  type RecoveryAction,
  type StoreDamage,
} from './storeDamage';
export { findDamage, recoverDamage, recoverFiles, type Recovery } from './recoverStore';
export { dailyBackupDue, listBackups, newestBackup, BACKUPS_KEPT, type BackupInfo } from './backups';
export { backupInWorker } from './backupWorker';
export { scheduleDailyBackups, type DailyBackupOptions } from './dailyBackups';
