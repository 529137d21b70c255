// The thin typed layer over libsql that every table module uses. libsql binds whatever it is given and a few
// values are dangerous: a JS boolean aborts the whole process (a Rust `todo!()`), and a missing named
// parameter silently binds NULL. So statements take a typed parameter object and check it at run time too.
import Database from 'libsql';

export type Db = Database.Database;
export type SqlValue = string | number | bigint | null | Uint8Array;
export type SqlParams = Readonly<Record<string, SqlValue>>;

export interface RunResult {
  changes: number;
}

function checkParams(params: SqlParams, sql: string): void {
  for (const [name, value] of Object.entries(params)) {
    const ok =
      value === null ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'bigint' ||
      value instanceof Uint8Array;
    if (!ok) {
      throw new TypeError(
        `SQL parameter "${name}" has unsupported type ${typeof value} in: ${sql.slice(0, 80)}`,
      );
    }
  }
}

/** A prepared statement whose named parameters (`:name`) are given by `P`. Prepare once, run many times. */
export class Statement<P extends SqlParams> {
  private readonly stmt: Database.Statement;

  constructor(
    db: Db,
    private readonly sql: string,
  ) {
    this.stmt = db.prepare(sql);
  }

  run(params: P): RunResult {
    checkParams(params, this.sql);
    return { changes: this.stmt.run(params).changes };
  }

  /** The first row, still unparsed: every caller runs it through a zod row schema. */
  get(params: P): unknown {
    checkParams(params, this.sql);
    return this.stmt.get(params);
  }

  all(params: P): unknown[] {
    checkParams(params, this.sql);
    return this.stmt.all(params);
  }
}

export function prepare<P extends SqlParams = Record<string, never>>(db: Db, sql: string): Statement<P> {
  return new Statement<P>(db, sql);
}

// A function, not a property read, because the answer changes under `fn` where TypeScript cannot see it.
function stillInTransaction(db: Db): boolean {
  return db.inTransaction;
}

/**
 * Runs `fn` in a write transaction (BEGIN IMMEDIATE, so a second connection waits on busy_timeout instead of
 * failing at the first write). A call made while a transaction is already open joins it: libsql's own
 * `db.transaction` cannot nest.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite may already have rolled back on its own (for example after SQLITE_FULL).
    if (stillInTransaction(db)) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Runs `fn` in a write transaction that is synced to disk (WAL fsync) before this returns. Used for the writes
 * that guard a network call: the connection otherwise runs with synchronous=NORMAL, which survives a killed
 * process but not a power cut. Must not be called inside another transaction, whose commit it cannot make
 * durable.
 */
export function durableTransaction<T>(db: Db, fn: () => T): T {
  if (db.inTransaction) {
    throw new Error('durableTransaction cannot run inside another transaction');
  }
  db.exec('PRAGMA synchronous = FULL');
  try {
    return writeTransaction(db, fn);
  } finally {
    db.exec('PRAGMA synchronous = NORMAL');
  }
}

export function openDatabase(path: string, busyTimeoutMs: number): Db {
  const db = new Database(path, { timeout: busyTimeoutMs });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    db.exec('PRAGMA foreign_keys = ON');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
