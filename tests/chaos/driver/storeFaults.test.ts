// Store faults look to core exactly like libsql's own: a SqliteError with code and rawCode, thrown by the
// nth write of a kind (or a COMMIT) once armed; the transaction around it rolls back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, expect, it } from 'vitest';
import { installStoreFaults, type StoreFaultHooks } from './storeFaults';

let hooks: StoreFaultHooks | null = null;
const dir = mkdtempSync(join(tmpdir(), 'chaos-store-'));
afterEach(() => {
  hooks?.uninstall();
  hooks = null;
});

it('fails the nth matching write with libsql’s SQLITE_FULL, and a COMMIT with SQLITE_IOERR', () => {
  const fired: string[] = [];
  hooks = installStoreFaults(
    [
      { write: 'job-record', nth: 2, times: 1, code: 'SQLITE_FULL' },
      { write: 'commit', nth: 1, times: 1, code: 'SQLITE_IOERR' },
    ],
    (write, code) => fired.push(`${write} ${code}`),
  );
  const db = new Database(join(dir, 'faults.db'));
  db.exec('CREATE TABLE jobs (job_id TEXT)');
  const insert = db.prepare('INSERT INTO jobs (job_id) VALUES (:id)');
  hooks.arm();
  insert.run({ id: 'a' });
  const full = (() => {
    try {
      insert.run({ id: 'b' });
      return null;
    } catch (error) {
      return error;
    }
  })();
  expect(full).toBeInstanceOf(Database.SqliteError);
  expect(full).toMatchObject({ code: 'SQLITE_FULL', rawCode: 13, message: 'database or disk is full' });
  db.exec('BEGIN IMMEDIATE');
  insert.run({ id: 'c' });
  expect(() => db.exec('COMMIT')).toThrow(expect.objectContaining({ code: 'SQLITE_IOERR' }));
  db.exec('ROLLBACK');
  expect(db.prepare('SELECT job_id FROM jobs').all()).toEqual([{ job_id: 'a' }]);
  expect(fired).toEqual(['job-record SQLITE_FULL', 'commit SQLITE_IOERR']);
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
