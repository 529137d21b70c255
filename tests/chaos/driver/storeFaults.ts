// A damaged disk without touching core: libsql's Database.prototype.prepare and exec are wrapped in this
// process, so a store write (by the statement it runs) or a COMMIT throws the error libsql itself throws on a
// full disk or an I/O error (SqliteError, `code: 'SQLITE_FULL'`, rawCode 13; `SQLITE_IOERR`, 10) when a
// drawn fault says so. It must be installed before core opens its store: statements are prepared at open.
import Database from 'libsql';
import type { SqliteCode, StoreFault, StoreWrite } from '../faults';

/** Which statements count as which write (the SQL core's tables prepare, see core/store/*Table.ts). */
const writeKinds: ReadonlyArray<readonly [StoreWrite, RegExp]> = [
  ['plan', /^\s*INSERT INTO (batches|batch_items)\b/i],
  ['mark-sent', /^\s*UPDATE (batch_items|uploads) SET state = 'sent'/i],
  ['mark-result', /^\s*UPDATE (batch_items|uploads) SET state = :state/i],
  ['requeue', /^\s*UPDATE (batch_items|uploads) SET state = 'pending'/i],
  ['job-record', /^\s*INSERT INTO jobs\b/i],
  ['outputs', /^\s*INSERT INTO outputs\b/i],
  ['upload-intent', /^\s*INSERT INTO uploads\b/i],
];

const sqliteErrors: Record<SqliteCode, { message: string; rawCode: number }> = {
  SQLITE_FULL: { message: 'database or disk is full', rawCode: 13 },
  SQLITE_IOERR: { message: 'disk I/O error', rawCode: 10 },
};

export interface StoreFaultHooks {
  /** Starts counting writes (the faults' `nth` counts from here). */
  arm(): void;
  disarm(): void;
  /** Puts libsql back as it was (for a test that shares its process). */
  uninstall(): void;
}

function kindOf(sql: string): StoreWrite | null {
  for (const [kind, pattern] of writeKinds) if (pattern.test(sql)) return kind;
  return null;
}

export function installStoreFaults(
  faults: readonly StoreFault[],
  onFired: (write: StoreWrite, code: SqliteCode, sql: string) => void,
): StoreFaultHooks {
  let armed = false;
  const seen = new Map<StoreWrite, number>();
  /** Throws the drawn error when this write is one a fault strikes. */
  const beforeWrite = (write: StoreWrite, sql: string): void => {
    if (!armed) return;
    const count = (seen.get(write) ?? 0) + 1;
    seen.set(write, count);
    const fault = faults.find((f) => f.write === write && count >= f.nth && count < f.nth + f.times);
    if (fault === undefined) return;
    onFired(write, fault.code, sql.replace(/\s+/g, ' ').trim().slice(0, 80));
    const { message, rawCode } = sqliteErrors[fault.code];
    throw new Database.SqliteError(message, fault.code, rawCode);
  };

  const prototype = Database.prototype;
  // The originals, each called back with its own database as `this` (through .call) below.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this, …)
  const prepare = prototype.prepare;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with .call(this, …)
  const exec = prototype.exec;
  prototype.prepare = function prepareWithFaults(this: Database.Database, source: string) {
    const statement: Database.Statement = prepare.call(this, source);
    const write = kindOf(source);
    if (write !== null) {
      const run = statement.run.bind(statement);
      statement.run = (...params: unknown[]) => {
        beforeWrite(write, source);
        return run(...params);
      };
    }
    return statement;
  } as typeof prototype.prepare;
  prototype.exec = function execWithFaults(this: Database.Database, source: string) {
    if (/^\s*COMMIT\s*$/i.test(source)) beforeWrite('commit', source);
    return exec.call(this, source);
  };
  return {
    arm: () => {
      armed = true;
    },
    disarm: () => {
      armed = false;
    },
    uninstall: () => {
      prototype.prepare = prepare;
      prototype.exec = exec;
    },
  };
}
