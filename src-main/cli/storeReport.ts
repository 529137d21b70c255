// The CLI's words for a store it cannot use: one line on stderr (what happened, where, and the command that
// gets the user going again) and an exit code of its own, so a script can tell "Loupe's own file is broken"
// from "the service said no". The damage itself (what, where, which actions) is core's; only the commands
// are the CLI's.
import { backupTime, type StoreDamage } from '../core/store/health';
import { exitCodes, type ExitCode } from './exitCodes';

/** Store error codes that leave the CLI as one line (the message and what to do, together). */
export const STORE_ERROR_CODES: ReadonlySet<string> = new Set([
  'store_damaged',
  'store_read_only',
  'disk_full',
  'store_io_error',
  'schema_too_new',
  'schema_unknown',
]);

export function storeExitCode(code: string): ExitCode {
  return code === 'store_read_only' || code === 'disk_full' || code === 'store_io_error'
    ? exitCodes.storeUnavailable
    : exitCodes.storeDamaged;
}

const START_FRESH =
  'run `loupe store start-fresh` to move it aside (renamed loupe.db.damaged-<time>; nothing is deleted) and start with an empty store';

/** What to run next, by the damage and the actions it offers. */
export function storeHint(damage: StoreDamage): string {
  const backup = damage.actions.includes('restore_backup')
    ? `, or \`loupe store restore-backup\` to put the backup of ${damage.newestBackup ? backupTime(damage.newestBackup) : 'the newest day'} in its place`
    : '';
  switch (damage.kind) {
    case 'wal_missing':
    case 'wal_truncated':
      return `Run \`loupe store keep-what-is-left\` to open the data without the lost changes (the files are copied aside first), or ${START_FRESH}${backup}.`;
    case 'schema_too_new':
      return `Update Loupe to open it, or ${START_FRESH}.`;
    case 'read_only':
      return 'Make the folder and its loupe.db writable (permissions; a disk mounted read-only), then run the command again.';
    case 'disk_full':
      return 'Free some space on that disk, then run the command again.';
    case 'io_error':
      return `Check the disk and run the command again; if it keeps failing, ${START_FRESH}${backup}.`;
    default:
      return `To start again, ${START_FRESH}${backup}.`;
  }
}
