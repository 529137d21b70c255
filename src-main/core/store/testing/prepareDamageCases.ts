// Test support for the end-to-end tests, which run in Playwright's own TypeScript transform (it cannot load
// core's store modules): prepares the damage table's cases in folders under a parent, from a process of its
// own, and prints them as JSON; `--release` afterwards undoes what keeps a folder from being removed.
//   tsx prepareDamageCases.ts PARENT          → [{ name, kind, dataDir, database }, …] on stdout
//   tsx prepareDamageCases.ts --release PARENT
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { backupNow } from '../health/backups';
import { openDatabase } from '../sqlite';
import { caseFolder, damageCases, makeGoodStore } from './damageCases';
import { isRoot } from './disks';

function quietly(command: string, args: string[]): void {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
  } catch {
    // Nothing of that kind to undo here.
  }
}

function isMountPoint(dir: string): boolean {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .some((line) => line.split(' ')[1] === dir);
}

/** Undoes read-only mounts, small disks and immutable flags under `parent`, so it can be removed. */
function release(parent: string): void {
  for (const name of readdirSync(parent)) {
    const dir = join(parent, name);
    if (isRoot) quietly('chattr', ['-R', '-i', dir]);
    while (isMountPoint(dir)) quietly('umount', ['-l', dir]);
    quietly('chmod', ['-R', 'u+w', dir]);
  }
}

function prepare(parent: string): void {
  const prepared = damageCases
    // A full disk needs a tmpfs of its own, which only root may mount.
    .filter((damage) => damage.smallDisk !== true || isRoot)
    .map((damage) => {
      const { dataDir } = caseFolder(parent, damage);
      const files = makeGoodStore(dataDir);
      // A backup, so the damage screen can offer one.
      const db = openDatabase(files.database, 1000);
      backupNow(db, files, 'daily', new Date('2025-06-01T08:30:00Z'));
      db.close();
      damage.damage(files);
      return { name: damage.name, kind: damage.kind, dataDir, database: files.database };
    });
  process.stdout.write(`${JSON.stringify(prepared)}\n`);
}

const [first, second] = process.argv.slice(2);
if (first === '--release' && second !== undefined) release(second);
else if (first !== undefined) prepare(first);
else throw new Error('usage: prepareDamageCases.ts [--release] PARENT');
