// Reading text back from the store without trusting it to be UTF-8.
//
// Why: libsql turns a TEXT value into a JS string with a Rust `unwrap()` on the UTF-8 check, so one flipped
// byte on disk (PRAGMA integrity_check still says ok) aborts the whole process (a panic, exit 134) that no
// try/catch can stop. So libsql never sees a TEXT value from us: every reading statement is wrapped to hand
// each text value over as its bytes (a BLOB, which libsql copies without checking), and those bytes are
// decoded here with invalid sequences replaced by U+FFFD. The row is still read, and its zod schema decides
// whether what is left is usable.
//
// How: `SELECT <each column, text as bytes> FROM (<the statement>)`. SQLite flattens that subquery into the
// statement itself (same plan, same ORDER BY); the outer columns keep the inner names, duplicates included,
// so a row has exactly the keys the plain statement would give it.
import type Database from 'libsql';

type Db = Database.Database;
type ColumnDefinition = ReturnType<Database.Statement['columns']>[number];

const decoder = new TextDecoder('utf-8', { fatal: false });

export interface TolerantReading {
  /** The statement to prepare instead of the original. */
  sql: string;
  /** Turns a row of the wrapped statement into the row the original would have returned (in place). */
  decodeRow: (row: unknown) => unknown;
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A column SQLite gives BLOB affinity (declared BLOB, or a table column with no type): its blobs stay bytes,
 * so its text comes over as hex instead (plain ASCII, which libsql reads safely) and is told apart by being a
 * string at all. Every other column, and every expression, holds text or numbers: bytes from it were text.
 */
function holdsBlobs(column: ColumnDefinition): boolean {
  if (column.column === null) return false;
  return column.type === null || column.type === '' || column.type.toUpperCase().includes('BLOB');
}

function bytesOf(value: unknown): Uint8Array | null {
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Uint8Array) return value;
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A trailing `;` (or a comment after the last token) would break the wrapper around the statement. */
function statementBody(sql: string): string {
  return sql.trim().replace(/;+\s*$/, '');
}

export function tolerantReading(db: Db, sql: string, columns: readonly ColumnDefinition[]): TolerantReading {
  const body = statementBody(sql);
  // SQLite names a subquery's columns itself (a second `a` becomes `a:1`), so ask it rather than guess.
  const innerNames = db
    .prepare(`SELECT * FROM (${body}\n)`)
    .columns()
    .map((column) => column.name);
  const textNames = new Set<string>();
  const hexNames = new Set<string>();
  const selected = columns.map((column, index) => {
    const inner = quoted(innerNames[index] ?? column.name);
    const blobs = holdsBlobs(column);
    (blobs ? hexNames : textNames).add(column.name);
    const asSafe = blobs ? `hex(CAST(${inner} AS BLOB))` : `CAST(${inner} AS BLOB)`;
    return `CASE WHEN typeof(${inner}) = 'text' THEN ${asSafe} ELSE ${inner} END AS ${quoted(column.name)}`;
  });
  const texts = [...textNames];
  const hexes = [...hexNames];
  return {
    sql: `SELECT ${selected.join(', ')} FROM (${body}\n)`,
    decodeRow: (row) => {
      if (!isRecord(row)) return row;
      for (const name of texts) {
        const bytes = bytesOf(row[name]);
        if (bytes !== null) row[name] = decoder.decode(bytes);
      }
      for (const name of hexes) {
        const hex = row[name];
        if (typeof hex === 'string') row[name] = decoder.decode(Buffer.from(hex, 'hex'));
      }
      return row;
    },
  };
}
