// One flipped byte in a text value must never abort Loupe: libsql panics (exit 134) when it meets a TEXT
// value that is not UTF-8, so every statement reads text as bytes and decodes it with replacement characters.
// Proven on a real SQLite file damaged on disk, for every kind of column a text value can come back from.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepare, type Db } from './sqlite';
import { flipMarkerBytes } from './testing/flipBytes';
import { makeTempDir, type TempDir } from './testing/tempDir';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const MARK = 'MARKER';
const BAD = 'MAR\uFFFDER';

let dir: TempDir;
let path: string;
let db: Db | null = null;

/** A file with text in each kind of column, written in rollback mode so every byte is in the file itself. */
function writeFixture(): void {
  const setup = new Database(path);
  setup.exec(`
    PRAGMA journal_mode = DELETE;
    CREATE TABLE plain (id INTEGER PRIMARY KEY, label TEXT, doc TEXT, count INTEGER, ratio REAL, loose, data BLOB);
    CREATE TABLE keyed (key TEXT PRIMARY KEY, note TEXT) WITHOUT ROWID;
    INSERT INTO plain VALUES (1, 'one ${MARK}', '{"name": "${MARK}"}', 'not a number ${MARK}', 0.5,
      'untyped ${MARK}', x'00ff10');
    INSERT INTO plain VALUES (2, 'two', '{}', 7, 'ratio ${MARK}', x'0102', 'blob text ${MARK}');
    INSERT INTO keyed VALUES ('key ${MARK}', 'k1'), ('b', 'note ${MARK}');
  `);
  setup.close();
}

function open(): Db {
  db = new Database(path);
  return db;
}

beforeEach(() => {
  dir = makeTempDir();
  path = dir.file('damaged.db');
  writeFixture();
  expect(flipMarkerBytes(path, MARK)).toBe(8);
});
afterEach(() => {
  db?.close();
  db = null;
  dir.remove();
});

describe('text that is not UTF-8 on disk', () => {
  it('aborts the process when libsql reads it directly (the fault this layer exists for)', () => {
    const child = spawnSync(
      process.execPath,
      [
        '-e',
        `const D = require('libsql'); new D(process.argv[1]).prepare('SELECT label FROM plain').all();`,
        path,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    // SIGABRT: the shell's exit 134. No JavaScript error, nothing a try/catch could have caught.
    expect(child.signal).toBe('SIGABRT');
    expect(child.stderr).toContain('Utf8Error');
  });

  it('is still there: the file passes integrity_check', () => {
    const rows = open().prepare('PRAGMA integrity_check').all();
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  });

  it('comes back with replacement characters from every kind of column, the row still read', () => {
    const rows = prepare(open(), 'SELECT * FROM plain ORDER BY id').all({});
    expect(rows).toEqual([
      {
        id: 1,
        label: `one ${BAD}`,
        doc: `{"name": "${BAD}"}`,
        count: `not a number ${BAD}`,
        ratio: 0.5,
        loose: `untyped ${BAD}`,
        data: new Uint8Array([0x00, 0xff, 0x10]).buffer,
      },
      {
        id: 2,
        label: 'two',
        doc: '{}',
        count: 7,
        ratio: `ratio ${BAD}`,
        loose: new Uint8Array([1, 2]).buffer,
        data: `blob text ${BAD}`,
      },
    ]);
    expect(prepare(open(), 'SELECT key, note FROM keyed ORDER BY key').all({})).toEqual([
      { key: 'b', note: `note ${BAD}` },
      { key: `key ${BAD}`, note: 'k1' },
    ]);
  });

  it('comes back from expressions, aggregates, joins, CTEs and compound selects', () => {
    const read = (sql: string): unknown[] => prepare(open(), sql).all({});
    expect(read("SELECT label || '!' AS shout, upper(label) FROM plain WHERE id = 1")).toEqual([
      { shout: `one ${BAD}!`, 'upper(label)': `ONE ${BAD.toUpperCase()}` },
    ]);
    expect(read("SELECT json_extract(doc, '$.name') AS name FROM plain WHERE id = 1")).toEqual([
      { name: BAD },
    ]);
    expect(read("SELECT group_concat(note, '|') AS notes FROM keyed")).toEqual([
      { notes: expect.stringContaining(BAD) as unknown },
    ]);
    expect(
      read(`WITH k AS (SELECT key FROM keyed) SELECT p.label, k.key FROM plain p JOIN k ON p.id = 1
            ORDER BY k.key DESC`),
    ).toEqual([
      { label: `one ${BAD}`, key: `key ${BAD}` },
      { label: `one ${BAD}`, key: 'b' },
    ]);
    expect(read('SELECT label FROM plain WHERE id = 1 UNION ALL SELECT note FROM keyed ORDER BY 1')).toEqual([
      { label: 'k1' },
      { label: `note ${BAD}` },
      { label: `one ${BAD}` },
    ]);
  });

  it('keeps the plain statement’s row shape: duplicate names (the last wins), order, limits, parameters', () => {
    const rows = prepare<{ limit: number }>(
      open(),
      'SELECT label AS a, id AS a, label FROM plain ORDER BY id DESC LIMIT :limit;',
    ).all({ limit: 1 });
    expect(rows).toEqual([{ a: 2, label: 'two' }]);
    expect(prepare(open(), 'SELECT label FROM plain WHERE id = 99').get({})).toBeUndefined();
    expect(prepare(open(), 'SELECT COUNT(*) AS n FROM plain').get({})).toMatchObject({ n: 2 });
  });

  it('leaves writing statements as they are', () => {
    const insert = prepare<{ label: string }>(open(), 'INSERT INTO plain (label) VALUES (:label)');
    expect(insert.run({ label: 'three' })).toEqual({ changes: 1 });
    expect(prepare(open(), 'SELECT label FROM plain WHERE id = 3').get({})).toMatchObject({
      label: 'three',
    });
  });
});
