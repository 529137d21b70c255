// `loupe store check|start-fresh|restore-backup|keep-what-is-left`: Loupe's own data file. Every other command
// opens it through core's check and, when it cannot be used, stops with one line naming the command here that
// gets past it. These act on the same file that command would have opened (the saved store, or the
// environment's own when LOUPE_BASE_URL chooses the connection). The check, the damage and the moving aside
// are core's (core/store/health); nothing here deletes a file.
import {
  findDamage,
  newestBackup,
  recoverDamage,
  StoreUnusableError,
  type RecoveryAction,
} from '../../core/store/health';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { UsageError } from '../errors';
import { exitCodes } from '../exitCodes';
import { visible } from '../terminalText';

const check: CommandSpec = {
  words: ['store', 'check'],
  summary: 'Check Loupe’s data file (the check every command makes before it opens it)',
  positionals: [],
  options: {},
  optionHelp: [],
  details:
    'Exit 0 when it can be used; 4 when it is damaged (the line says which `loupe store` command starts again); ' +
    '5 when the disk refuses (read-only, full). --json prints {path, newestBackup}.',
  usesConnection: false,
  run({ out, session }: CommandContext) {
    const files = session.storeFiles();
    const damage = findDamage(files);
    if (damage !== null) throw new StoreUnusableError(damage);
    const backup = newestBackup(files);
    if (out.json) {
      out.document({ path: files.database, newestBackup: backup });
    } else {
      out.line(`ok: ${visible(files.database)}`);
      out.line(
        backup === null ? 'no backup yet' : `newest backup: ${backup.takenAt} ${visible(backup.path)}`,
      );
    }
    return Promise.resolve(exitCodes.ok);
  },
};

function recoveryCommand(action: Exclude<RecoveryAction, 'check_again'>, summary: string): CommandSpec {
  const word = action.replaceAll('_', '-');
  return {
    words: ['store', word],
    summary,
    positionals: [],
    options: {},
    optionHelp: [],
    details:
      'Only when `loupe store check` finds damage this answers (it refuses on a healthy store). The damaged ' +
      'files are renamed loupe.db.damaged-<time> (with -wal/-shm) next to where they were; nothing is deleted.',
    usesConnection: false,
    run({ out, session }: CommandContext) {
      const files = session.storeFiles();
      const damage = findDamage(files);
      if (damage === null) {
        throw new UsageError(
          `Loupe’s data file ${files.database} is fine: there is nothing to recover.`,
          null,
          'nothing_to_recover',
        );
      }
      const recovery = recoverDamage(files, damage, action, new Date());
      const after = findDamage(files);
      if (after !== null) throw new StoreUnusableError(after);
      if (out.json) {
        out.document({ path: files.database, ...recovery });
        return Promise.resolve(exitCodes.ok);
      }
      for (const path of recovery.setAside) out.line(`set aside (not deleted): ${visible(path)}`);
      if (recovery.restoredFrom !== null) out.line(`restored: ${visible(recovery.restoredFrom)}`);
      out.line(`ok: ${visible(files.database)}`);
      return Promise.resolve(exitCodes.ok);
    },
  };
}

export const storeCommands: readonly CommandSpec[] = [
  check,
  recoveryCommand('start_fresh', 'Move a damaged data file aside and start with an empty one'),
  recoveryCommand('restore_backup', 'Move a damaged data file aside and put the newest backup in its place'),
  recoveryCommand('keep_what_is_left', 'After a lost WAL: open the data without the lost changes'),
];
