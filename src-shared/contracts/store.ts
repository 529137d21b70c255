// store.*: the health of Loupe's own data file, and the way back in when it cannot be used. While it cannot,
// the host answers app.info and these two, and every other call with the damage's code (store_damaged,
// store_read_only, disk_full, store_io_error, schema_too_new); the page shows the damage screen.
import { z } from 'zod';
import { call, noArgs } from '../contractKit';

export const storeDamageKindSchema = z.enum([
  'missing',
  'empty',
  'not_a_database',
  'truncated',
  'damaged_pages',
  'wal_missing',
  'wal_truncated',
  'schema_too_new',
  'schema_unknown',
  'read_only',
  'disk_full',
  'io_error',
  'unreadable',
]);
export type StoreDamageKind = z.infer<typeof storeDamageKindSchema>;

/** What the damage screen offers; each damage lists the ones that apply to it, most useful first. */
export const storeRecoveryActionSchema = z.enum([
  /** Move the damaged files aside (renamed, never deleted) and open an empty store. */
  'start_fresh',
  /** Move them aside and put the newest backup in their place. */
  'restore_backup',
  /** A lost WAL: copy everything aside, then open the main file without the lost changes. */
  'keep_what_is_left',
  /** The cause was outside the file (read-only, full disk): look again. */
  'check_again',
]);
export type StoreRecoveryAction = z.infer<typeof storeRecoveryActionSchema>;

export const storeBackupSchema = z.object({
  path: z.string(),
  takenAt: z.string(),
  reason: z.enum(['daily', 'before-migration']),
});
export type StoreBackup = z.infer<typeof storeBackupSchema>;

export const storeDamageSchema = z.object({
  kind: storeDamageKindSchema,
  /** The error code other calls answer with meanwhile. */
  code: z.string(),
  /** What happened, in words (names the file). */
  summary: z.string(),
  /** What the user can do, in words. */
  nextStep: z.string(),
  path: z.string(),
  dataDir: z.string(),
  actions: z.array(storeRecoveryActionSchema),
  /** SQLite's or the system's own words, for the details disclosure. */
  detail: z.string().nullable(),
  newestBackup: storeBackupSchema.nullable(),
});
export type StoreDamageReport = z.infer<typeof storeDamageSchema>;

export const storeStatusSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ok'),
    path: z.string(),
    newestBackup: storeBackupSchema.nullable(),
    /** What this run's recovery did, to say so once the app is back: the files set aside, the backup used. */
    recovered: z.object({ setAside: z.array(z.string()), restoredFrom: z.string().nullable() }).nullable(),
  }),
  z.object({ state: z.literal('unusable'), damage: storeDamageSchema }),
]);
export type StoreStatus = z.infer<typeof storeStatusSchema>;

export const storeRecoverArgsSchema = z.strictObject({ action: storeRecoveryActionSchema });

export const storeContract = {
  'store.status': call(noArgs, storeStatusSchema),
  /** Only while the store is unusable, and only an action its damage offers; otherwise refused. */
  'store.recover': call(storeRecoverArgsSchema, storeStatusSchema),
} as const;
