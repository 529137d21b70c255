// The thin typed layer over libsql that every table module uses. libsql binds whatever it is given and a few
// values are dangerous: a JS boolean aborts the whole process (a Rust `todo!()`), and a missing named
// parameter silently binds NULL. So statements take a typed parameter object and check it at run time too.
// Reading is just as dangerous (a TEXT value that is not UTF-8 aborts the process too), so every reading
// statement is rewritten to hand text over as bytes that are decoded here (tolerantRead.ts), and a disk
// failure met by any statement comes out as a StoreError with words (storeFailure.ts).
import Database from 'libsql';
import { tolerantReading } from './tolerantRead';
import { withStoreFailures } from './storeFailure';

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

const keepRow = (row: unknown): unknown => row;

/** The file each connection opened, for the words of a failure (libsql keeps no `name` on the connection). */
const pathsOf = new WeakMap<Db, string>();

/** The file behind a connection, as openDatabase opened it. */
export function databasePath(db: Db): string {
  return pathsOf.get(db) ?? ':memory:';
}

/** A prepared statement whose named parameters (`:name`) are given by `P`. Prepare once, run many times. */
export class Statement<P extends SqlParams> {
  private readonly stmt: Database.Statement;
  /** Undoes the tolerant wrapping of a reading statement's rows; the identity for a writing one. */
  private readonly decodeRow: (row: unknown) => unknown;
  private readonly path: string;

  constructor(
    db: Db,
    private readonly sql: string,
  ) {
    this.path = databasePath(db);
    const { stmt, decodeRow } = withStoreFailures(this.path, () => {
      const plain = db.prepare(sql);
      const columns = plain.columns();
      if (columns.length === 0) return { stmt: plain, decodeRow: keepRow };
      const reading = tolerantReading(db, sql, columns);
      return { stmt: db.prepare(reading.sql), decodeRow: reading.decodeRow };
    });
    this.stmt = stmt;
    this.decodeRow = decodeRow;
  }

  run(params: P): RunResult {
    checkParams(params, this.sql);
    return withStoreFailures(this.path, () => ({ changes: this.stmt.run(params).changes }));
  }

  /** The first row, still unparsed: every caller runs it through a zod row schema. */
  get(params: P): unknown {
    checkParams(params, this.sql);
    const row = withStoreFailures(this.path, () => this.stmt.get(params));
    return row === undefined ? undefined : this.decodeRow(row);
  }

  all(params: P): unknown[] {
    checkParams(params, this.sql);
    const rows = withStoreFailures(this.path, () => this.stmt.all(params));
    for (const row of rows) this.decodeRow(row);
    return rows;
  }
}

export function prepare<P extends SqlParams = Record<string, never>>(db: Db, sql: string): Statement<P> {
  return new Statement<P>(db, sql);
}

/** Runs SQL that returns no rows (DDL, BEGIN/COMMIT, a PRAGMA that sets); a disk failure gets words. */
export function execute(db: Db, sql: string): void {
  withStoreFailures(databasePath(db), () => db.exec(sql));
}

/**
 * A PRAGMA's first value, read through its table-valued form (`SELECT * FROM pragma_<name>`) so it goes
 * through the same tolerant reading as every other statement. `name` is ours, never a caller's.
 */
export function readPragma(db: Db, name: string): unknown {
  if (!/^[a-z_]+$/.test(name)) throw new TypeError(`not a pragma name: ${name}`);
  const row = prepare(db, `SELECT * FROM pragma_${name}`).get({});
  return typeof row === 'object' && row !== null ? Object.values(row)[0] : undefined;
}

/** Every row a checking PRAGMA returns (integrity_check, quick_check), as text. */
export function readPragmaLines(db: Db, name: 'integrity_check' | 'quick_check'): string[] {
  return prepare(db, `SELECT * FROM pragma_${name}`)
    .all({})
    .map((row) => (typeof row === 'object' && row !== null ? String(Object.values(row)[0]) : ''));
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
  execute(db, 'BEGIN IMMEDIATE');
  try {
    const result = fn();
    execute(db, 'COMMIT');
    return result;
  } catch (error) {
    // SQLite may already have rolled back on its own (for example after SQLITE_FULL).
    if (stillInTransaction(db)) execute(db, 'ROLLBACK');
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
  execute(db, 'PRAGMA synchronous = FULL');
  try {
    return writeTransaction(db, fn);
  } finally {
    execute(db, 'PRAGMA synchronous = NORMAL');
  }
}

export function openDatabase(path: string, busyTimeoutMs: number): Db {
  const db = withStoreFailures(path, () => new Database(path, { timeout: busyTimeoutMs }));
  pathsOf.set(db, path);
  try {
    execute(db, 'PRAGMA journal_mode = WAL');
    execute(db, 'PRAGMA synchronous = NORMAL');
    execute(db, `PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    execute(db, 'PRAGMA foreign_keys = ON');
    // 32 MiB of pages (SQLite's default is 2 MiB): the library's search indexes over 100,000 entries (about 8 MiB
    // each) stay in the process instead of being read from the file again on every search.
    execute(db, 'PRAGMA cache_size = -32768');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
