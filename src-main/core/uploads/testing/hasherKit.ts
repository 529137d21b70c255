// Test support for the file hasher's tests (its API and its read/hash pipeline): hashers closed after each test,
// files written to one temporary folder, and the digests to compare with. Shared so both files set up and
// check hashing the same way.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { FileHasher, type FileHasherOptions } from '../fileHasher';

export const B3SUM = '/usr/bin/b3sum';

/** b3sum's digest of the file at `path`, on one thread (b3sum must be installed). */
export function b3sumOf(path: string): string {
  const out = execFileSync(B3SUM, ['--num-threads', '1', '--no-names', path], { encoding: 'utf8' });
  return `blake3:${out.trim()}`;
}

/** The native hasher's digest of `bytes` in one piece. */
export function nativeDigest(bytes: Uint8Array): string {
  return `blake3:${new Blake3Hasher().update(Buffer.from(bytes)).digest('hex')}`;
}

/** b3sum's answer where it is installed, else the native hasher's over the whole file in one piece. */
export function referenceDigest(path: string): string {
  return existsSync(B3SUM) ? b3sumOf(path) : nativeDigest(readFileSync(path));
}

/**
 * Registers the file's hooks: a temporary folder (named from `prefix`) for the file's tests, and every hasher
 * made through `hasher` closed after each test.
 */
export function withHasherFiles(prefix: string) {
  let dir: TempDir | null = null;
  const hashers: FileHasher[] = [];
  const folder = (): TempDir => {
    if (dir === null) throw new Error('the temporary folder is made in beforeAll');
    return dir;
  };
  beforeAll(() => {
    dir = makeTempDir(prefix);
  });
  afterEach(async () => {
    await Promise.all(hashers.splice(0).map((h) => h.close()));
  });
  afterAll(() => folder().remove());
  return {
    hasher: (options: FileHasherOptions = {}): FileHasher => {
      const made = new FileHasher(options);
      hashers.push(made);
      return made;
    },
    /** Writes `bytes` to the file `name` in the folder; its path. */
    file: (name: string, bytes: Uint8Array): string => {
      const path = folder().file(name);
      writeFileSync(path, bytes);
      return path;
    },
    /** The path of `name` in the folder, written or not. */
    pathOf: (name: string): string => folder().file(name),
    /** The folder's own path. */
    root: (): string => folder().path,
  };
}
