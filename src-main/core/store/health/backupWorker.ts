// The daily backup, made off the main thread: `VACUUM INTO` reads the whole store, and on the event loop a
// large store would stall every window for as long as that takes. The worker opens its own connection (a
// reader, so the app's writes go on) and writes the copy; main renames it into place and prunes.
//
// Why a string run with `new Worker(code, { eval: true })`: as for the hash worker (uploads/hashWorkerScript),
// a worker file would need a place in every build; a string runs the same from source, bundles and the CLI.
// libsql is loaded by an absolute path that main resolves, so the worker finds it wherever node_modules is.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { completeBackup, plannedBackup, vacuumIntoSql, type BackupReason } from './backups';
import type { StoreFiles } from './storeFiles';

const BACKUP_WORKER_SCRIPT = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
let db = null;
try {
  db = new Database(workerData.database, { timeout: 5000 });
  db.exec(workerData.sql);
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String(error && error.message) });
} finally {
  if (db) db.close();
}
`;

const replySchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

/** Writes a backup of the store at `files.database` from a worker thread; resolves once it is in place. */
export async function backupInWorker(files: StoreFiles, reason: BackupReason, now: Date): Promise<string> {
  const planned = plannedBackup(files, reason, now);
  rmSync(planned.temporary, { force: true });
  const worker = new Worker(BACKUP_WORKER_SCRIPT, {
    eval: true,
    workerData: {
      libsql: createRequire(import.meta.url).resolve('libsql'),
      database: files.database,
      sql: vacuumIntoSql(planned.temporary),
    },
  });
  const reply = await new Promise<unknown>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backup worker stopped (exit ${code})`)));
  });
  const parsed = replySchema.parse(reply);
  if (!parsed.ok) {
    rmSync(planned.temporary, { force: true });
    throw new Error(`the backup failed: ${parsed.message}`);
  }
  completeBackup(files, planned);
  return planned.path;
}
