// Ordered, numbered schema migrations. Each runs in its own transaction together with its schema_migrations
// row, so a crash mid-migration leaves the previous version intact and the next open simply tries again.
import { z } from 'zod';
import { StoreError } from './errors';
import { parseOptionalRow, parseRows } from './rowCodec';
import { execute, prepare, writeTransaction, type Db } from './sqlite';

export interface Migration {
  /** 1, 2, 3, …: contiguous, never reused, never edited once released. */
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export interface MigrationReport {
  from: number;
  to: number;
  applied: number[];
}

const versionRow = z.object({ version: z.number().int().nullable() });
const appliedRow = z.object({ version: z.number().int(), name: z.string() });

export interface MigrateHooks {
  /** Called once before the first pending migration of a store that already has a schema (to back it up). */
  beforeApplying?: (from: number) => void;
}

export function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `migration list out of order: position ${index + 1} holds version ${migration.version}`,
      );
    }
  });
}

function currentVersion(db: Db): number {
  const raw = prepare(db, 'SELECT MAX(version) AS version FROM schema_migrations').get({});
  return parseOptionalRow('schema_migrations', 'version', versionRow, raw)?.version ?? 0;
}

/** A store whose applied migrations carry other names than ours was not made by Loupe (or by a fork of it). */
function assertOurHistory(db: Db, migrations: readonly Migration[]): void {
  const applied = parseRows(
    'schema_migrations',
    'version',
    appliedRow,
    prepare(db, 'SELECT version, name FROM schema_migrations ORDER BY version').all({}),
  );
  const foreign = applied.rows.find(
    (row) => row.version <= migrations.length && migrations[row.version - 1]?.name !== row.name,
  );
  if (foreign !== undefined || applied.corrupt.length > 0) {
    throw new StoreError(
      'schema_unknown',
      'This data file has a schema history Loupe does not recognise; it may not be a Loupe data file.',
      { version: foreign?.version ?? null },
    );
  }
}

export function migrate(
  db: Db,
  migrations: readonly Migration[],
  now: () => Date,
  hooks: MigrateHooks = {},
): MigrationReport {
  assertOrdered(migrations);
  const latest = migrations.length;
  writeTransaction(db, () => {
    execute(
      db,
      'CREATE TABLE IF NOT EXISTS schema_migrations (' +
        'version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
    );
  });
  const from = currentVersion(db);
  if (from > latest) {
    throw new StoreError(
      'schema_too_new',
      `This data file was written by a newer version of Loupe (schema ${from}; this version knows up to ${latest}). ` +
        'Update Loupe to open it, or move the file aside to start with an empty history.',
      { found: from, supported: latest },
    );
  }
  assertOurHistory(db, migrations);
  if (from > 0 && from < latest) hooks.beforeApplying?.(from);
  const applied: number[] = [];
  const record = prepare<{ version: number; name: string; applied_at: string }>(
    db,
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (:version, :name, :applied_at)',
  );
  for (const migration of migrations.slice(from)) {
    writeTransaction(db, () => {
      // Another process may have migrated between our read and this write lock: check again inside it.
      if (currentVersion(db) >= migration.version) return;
      execute(db, migration.sql);
      record.run({ version: migration.version, name: migration.name, applied_at: now().toISOString() });
      applied.push(migration.version);
    });
  }
  return { from, to: Math.max(from, currentVersion(db)), applied };
}
