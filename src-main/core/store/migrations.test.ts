import { writeFileSync } from 'node:fs';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isStoreError, StoreError } from './errors';
import { openStore } from './loupeStore';
import type { Migration } from './migrations';
import { storeMigrations } from './schema';
import { makeTempDir, type TempDir } from './testing/tempDir';

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => {
  dir.remove();
});

function rawRows(path: string, sql: string): unknown[] {
  const db = new Database(path);
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe('migrations', () => {
  it('apply once on a fresh file, then reopen without applying anything', () => {
    const path = dir.file('nested/dir/loupe.db');
    const first = openStore(path);
    const latest = storeMigrations.length;
    expect(first.migration).toEqual({
      from: 0,
      to: latest,
      applied: storeMigrations.map((m) => m.version),
    });
    first.close();

    const second = openStore(path);
    expect(second.migration).toEqual({ from: latest, to: latest, applied: [] });
    expect(second.schemaVersion).toBe(latest);
    second.close();

    const rows = rawRows(path, 'SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(storeMigrations.map(({ version, name }) => ({ version, name })));
  });

  it('runs the database in WAL mode with a busy timeout and foreign keys', () => {
    const path = dir.file('loupe.db');
    const store = openStore(path, { busyTimeoutMs: 1234 });
    expect(store.diagnostics()).toEqual({
      journalMode: 'wal',
      synchronous: 'normal',
      busyTimeoutMs: 1234,
      foreignKeys: true,
    });
    // Writes that guard a network call are synced to disk on commit; the setting is restored after.
    expect(store.durable(() => store.diagnostics().synchronous)).toBe('full');
    expect(store.diagnostics().synchronous).toBe('normal');
    store.close();
    expect(rawRows(path, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
  });

  it('applies later migrations in order on an older file', () => {
    const path = dir.file('loupe.db');
    openStore(path).close();
    const latest = storeMigrations.length;
    const extra: Migration[] = [
      ...storeMigrations,
      { version: latest + 1, name: 'notes', sql: 'CREATE TABLE notes (id TEXT PRIMARY KEY)' },
      { version: latest + 2, name: 'notes_text', sql: 'ALTER TABLE notes ADD COLUMN text TEXT' },
    ];
    const store = openStore(path, { migrations: extra });
    expect(store.migration).toEqual({ from: latest, to: latest + 2, applied: [latest + 1, latest + 2] });
    store.close();
    expect(openStore(path, { migrations: extra }).migration.applied).toEqual([]);
  });

  it('keeps an upload written before placements were kept: it reads back with no placement', () => {
    const path = dir.file('loupe.db');
    const current = openStore(path);
    current.profiles.insert({
      id: 'p',
      name: 'P',
      surface: 'self-hosted',
      baseUrl: 'http://127.0.0.1:8189',
      routerBaseUrl: null,
      builtIn: null,
    });
    current.close();
    // Back to the file an older Loupe wrote: schema 2, no placement column, one upload in flight.
    const db = new Database(path);
    db.exec(`DROP INDEX batch_items_by_retry; ALTER TABLE batches DROP COLUMN plan; ALTER TABLE batches DROP COLUMN canceled_at;
      ALTER TABLE batch_items DROP COLUMN item_values; ALTER TABLE batch_items DROP COLUMN retry_of_job;
      ALTER TABLE uploads DROP COLUMN placement; DROP TABLE router_runs; DROP TABLE router_spend;
      DROP TABLE router_model_facts; DROP TABLE router_catalogues; DROP INDEX batch_items_by_job;
      DROP TABLE batch_sending; ALTER TABLE profiles DROP COLUMN send_partner_key;
      ALTER TABLE profiles DROP COLUMN credential_saved; DROP INDEX jobs_by_creation;
      ALTER TABLE jobs DROP COLUMN created_ms; ALTER TABLE jobs DROP COLUMN gone_at;
      DROP TABLE library_tags; DROP TABLE library_fts; DROP TABLE library_collections;
      DROP TABLE library_backlog; DROP TABLE library_blobs; DROP TABLE library_counts; DROP TABLE library_entries;
      DELETE FROM schema_migrations WHERE version >= 3;
      INSERT INTO uploads VALUES ('u', 'p', '/f.png', 5, NULL, NULL, 'sent', 'k', 1, NULL, 'a', 'a');
      INSERT INTO batches VALUES ('b', 'p', 'Old batch', 'a');
      INSERT INTO jobs VALUES ('p', 'j', 'running', NULL, NULL, 1, NULL, NULL, 'a', 'a', NULL);
      INSERT INTO batch_items VALUES ('i', 'b', 0, 'k2', 'pending', NULL, '{"workflow":{}}', 0, NULL, 'a', 'a');`);
    db.close();

    const store = openStore(path);
    expect(store.migration.applied).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    // A job in flight then is still taken up: the service has not been heard to forget it.
    expect(store.jobs.list('p', { openOnly: true }).rows).toMatchObject([{ jobId: 'j', goneAt: null }]);
    // Whether its key is in the keychain is not known for a profile saved before Loupe noted it.
    expect(store.profiles.get('p')).toMatchObject({ sendPartnerKey: false, credentialSaved: null });
    expect(store.uploads.get('u')).toMatchObject({ state: 'sent', filePath: '/f.png', placement: null });
    // A batch written before plans were kept reads back with none.
    expect(store.batches.get('b')).toMatchObject({ name: 'Old batch', plan: null, canceledAt: null });
    expect(store.batchItems.get('i')).toMatchObject({ state: 'pending', values: null });
    store.close();
  });

  it('rolls a failing migration back and records nothing for it', () => {
    const path = dir.file('loupe.db');
    const broken: Migration[] = [
      ...storeMigrations,
      {
        version: storeMigrations.length + 1,
        name: 'half',
        sql: 'CREATE TABLE half (id TEXT); CREATE TABLE half (id TEXT);',
      },
    ];
    expect(() => openStore(path, { migrations: broken })).toThrow(StoreError);
    const tables = rawRows(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'half'");
    expect(tables).toEqual([]);
    expect(rawRows(path, 'SELECT MAX(version) AS v FROM schema_migrations')).toEqual([
      { v: storeMigrations.length },
    ]);
  });

  it('refuses a database written by a newer Loupe, with a clear error', () => {
    const path = dir.file('loupe.db');
    openStore(path).close();
    const db = new Database(path);
    const future = storeMigrations.length + 1;
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future', 'x')").run(
      future,
    );
    db.close();

    let caught: unknown;
    try {
      openStore(path);
    } catch (error) {
      caught = error;
    }
    expect(isStoreError(caught, 'schema_too_new')).toBe(true);
    expect((caught as StoreError).message).toMatch(
      `newer version of Loupe (schema ${future}; this version knows up to ${storeMigrations.length})`,
    );
    expect((caught as StoreError).message).toMatch(/Update Loupe/);
    expect((caught as StoreError).details).toMatchObject({
      found: future,
      supported: storeMigrations.length,
    });
  });

  it('rejects a migration list that is out of order', () => {
    const bad: Migration[] = [{ version: 2, name: 'x', sql: 'SELECT 1' }];
    expect(() => openStore(dir.file('loupe.db'), { migrations: bad })).toThrow(/out of order/);
  });

  it('reports a file that is not a database as store_damaged, in words', () => {
    const path = dir.file('garbage.db');
    writeFileSync(path, 'this is not a sqlite file at all, just text'.repeat(200));
    expect(() => openStore(path)).toThrow(
      expect.objectContaining({
        code: 'store_damaged',
        message: expect.stringContaining(path) as string,
      }) as Error,
    );
  });

  it('refuses a store whose schema history is not Loupe\u2019s', () => {
    const path = dir.file('loupe.db');
    openStore(path).close();
    const db = new Database(path);
    db.exec("UPDATE schema_migrations SET name = 'something else' WHERE version = 2");
    db.close();
    expect(() => openStore(path)).toThrow(expect.objectContaining({ code: 'schema_unknown' }) as Error);
  });
});
