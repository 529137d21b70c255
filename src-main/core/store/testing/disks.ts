// Test support: real disks that refuse writes. As root (this machine, and CI when it runs as root) a folder is
// made read-only with a read-only bind mount over itself, and a full disk is a small tmpfs filled to the brim:
// permission bits alone prove nothing to root, which ignores them. Without root, permission bits are real, so
// a read-only folder is chmod a-w; a full disk then has no real stand-in, and SQLITE_FULL is injected at
// libsql's own boundary instead (fullDiskFallback.ts), the one place these tests do not use the real thing.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Undo = () => void;

export const isRoot = process.getuid?.() === 0;

function run(command: string, args: string[]): void {
  execFileSync(command, args, { stdio: 'pipe' });
}

function chmodTree(dir: string, writable: boolean): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) chmodTree(path, writable);
    else chmodSync(path, writable ? 0o644 : 0o444);
  }
  chmodSync(dir, writable ? 0o755 : 0o555);
}

/** Makes `dir` (and everything in it) read-only for real; says how. Nothing in it may be open for writing. */
export function makeReadOnly(dir: string): { undo: Undo; how: string } {
  if (isRoot) {
    run('mount', ['--bind', dir, dir]);
    run('mount', ['-o', 'remount,bind,ro', dir]);
    return { undo: () => run('umount', [dir]), how: 'a read-only bind mount (root ignores permission bits)' };
  }
  chmodTree(dir, false);
  return { undo: () => chmodTree(dir, true), how: 'chmod a-w (as an unprivileged user)' };
}

/** Makes a file refuse writes even through descriptors already open (chattr +i, root only). */
export function makeImmutable(path: string): Undo {
  if (!isRoot) {
    chmodSync(path, 0o444);
    return () => chmodSync(path, 0o644);
  }
  run('chattr', ['+i', path]);
  return () => run('chattr', ['-i', path]);
}

/** A tmpfs of `bytes` mounted on `dir` (root only); null when this process may not mount. */
export function mountSmallDisk(dir: string, bytes: number): Undo | null {
  if (!isRoot) return null;
  run('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  return () => run('umount', ['-l', dir]);
}

/** Fills the disk under `dir` until the system says ENOSPC. */
export function fillDisk(dir: string): void {
  const filler = join(dir, 'filler.bin');
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let i = 0; ; i += 1) {
    try {
      writeFileSync(filler, chunk, { flag: existsSync(filler) ? 'a' : 'w' });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOSPC') return;
      throw error;
    }
    if (i > 100_000) throw new Error('the disk never filled up');
  }
}
