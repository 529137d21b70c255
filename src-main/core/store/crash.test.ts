// A process killed with SIGKILL in the middle of a stream of writes leaves a readable database that holds
// every row it reported committed.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { findDamage, storeFilesIn } from './health';
import { readWalIndexHeader } from './health/walIndex';
import { openStore } from './loupeStore';
import { makeTempDir, type TempDir } from './testing/tempDir';

const writer = fileURLToPath(new URL('./testing/crashWriter.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

let dir: TempDir;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => {
  dir.remove();
});

/** Runs the writer, kills it with SIGKILL after `killAfter` committed rows, returns every row it reported. */
async function writeThenKill(
  path: string,
  killAfter: number,
): Promise<{ lines: string[]; killedMidStream: boolean }> {
  const child = spawn('npx', ['tsx', writer, path], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let writerPid: number | null = null;
  let killedMidStream = false;
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('pid:')) {
      writerPid = Number(line.slice(4));
      continue;
    }
    lines.push(line);
    if (lines.length === killAfter && writerPid !== null) {
      // The writer itself, not npx: killing npx would leave the writer running.
      process.kill(writerPid, 'SIGKILL');
      killedMidStream = true;
    }
  }
  await exited;
  return { lines, killedMidStream };
}

it('keeps every reported row after SIGKILL mid-stream, twice in a row', async () => {
  const path = dir.file('loupe.db');
  const reported: string[] = [];
  for (const killAfter of [700, 300]) {
    const { lines, killedMidStream } = await writeThenKill(path, killAfter);
    expect(killedMidStream).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(killAfter);
    expect(lines.length).toBeLessThan(200_000);
    reported.push(...lines);
  }

  // The killed writer left committed frames in the WAL that only recovery on open folds back in.
  expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);

  // The open check reads the WAL index the killed writer left: on the files as they are it finds nothing
  // lost (no false alarm after a crash)…
  const asLeft = storeFilesIn(dir.file('as-left'));
  const walGone = storeFilesIn(dir.file('wal-gone'));
  for (const files of [asLeft, walGone]) {
    mkdirSync(files.dataDir);
    for (const suffix of ['', '-wal', '-shm']) copyFileSync(`${path}${suffix}`, `${files.database}${suffix}`);
  }
  expect(findDamage(asLeft)).toBeNull();
  // …and with the WAL deleted it names the loss, where SQLite alone would open without those commits (unless
  // the kill came just after a checkpoint, when the main file already held every frame).
  rmSync(walGone.wal);
  const index = readWalIndexHeader(walGone.shm);
  const framesOnlyInWal = index === null ? 0 : index.mxFrame - index.nBackfill;
  expect(findDamage(walGone)?.kind ?? null).toBe(framesOnlyInWal > 0 ? 'wal_missing' : null);

  const store = openStore(path);
  try {
    expect(store.integrityOk()).toBe(true);
    const missing = reported.filter((line) => {
      const [kind, id = ''] = line.split(':');
      return kind === 'job' ? store.jobs.get('crash', id) === null : store.batchItems.get(id) === null;
    });
    expect(missing).toEqual([]);
    expect(store.jobs.list('crash', { limit: 10_000 }).corrupt).toEqual([]);
  } finally {
    store.close();
  }
}, 60_000);
