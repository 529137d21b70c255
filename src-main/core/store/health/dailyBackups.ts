// The daily backup's schedule: looked at shortly after start and then every hour, taken when the newest
// backup is a day old. It runs in a worker (backupWorker.ts), so it never holds up the app; a failure is
// logged and tried again at the next look, never thrown.
import { backupInWorker } from './backupWorker';
import { dailyBackupDue } from './backups';
import type { StoreFiles } from './storeFiles';

export interface DailyBackupOptions {
  now?: () => Date;
  logError: (message: string, error: unknown) => void;
  /** After start: long enough that the first screen is drawn first (default 30 s). */
  firstLookMs?: number;
  /** Between looks (default one hour). */
  everyMs?: number;
}

/** Starts the schedule; the returned function stops it (a backup already running finishes on its own). */
export function scheduleDailyBackups(files: StoreFiles, options: DailyBackupOptions): () => void {
  const now = options.now ?? (() => new Date());
  let running = false;
  let stopped = false;
  const look = (): void => {
    if (stopped || running || !dailyBackupDue(files, now())) return;
    running = true;
    backupInWorker(files, 'daily', now())
      .catch((error: unknown) => options.logError('The daily backup of Loupe’s data failed', error))
      .finally(() => {
        running = false;
      });
  };
  const first = setTimeout(look, options.firstLookMs ?? 30_000);
  const every = setInterval(look, options.everyMs ?? 60 * 60 * 1000);
  first.unref();
  every.unref();
  return () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
}
