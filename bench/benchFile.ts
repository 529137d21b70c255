// Test data for the benches: a file of random bytes under bench/.data (git-ignored), written once and reused,
// or, for files too big to keep, one in the system's temp folder that the bench deletes when it is done.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;
const dataDir = fileURLToPath(new URL('./.data/', import.meta.url));

/** The path of a file of exactly `bytes` random bytes, created if it is not there yet. */
export async function randomFile(bytes: number): Promise<string> {
  const path = `${dataDir}random-${bytes}.bin`;
  if (existsSync(path) && statSync(path).size === bytes) return path;
  mkdirSync(dataDir, { recursive: true });
  // Written under another name and renamed, so an interrupted run never leaves a short file to be reused.
  const partial = `${path}.partial`;
  await writeRandom(partial, bytes);
  renameSync(partial, path);
  return path;
}

export interface TempFile {
  path: string;
  /** Deletes the file and its folder; safe to call twice. */
  remove: () => void;
}

/**
 * A file of `bytes` random bytes in a fresh folder under the system's temp directory, for a bench that needs
 * files too big to keep around: written anew each run, removed by the caller when the run ends.
 */
export async function tempRandomFile(bytes: number, name: string): Promise<TempFile> {
  const folder = mkdtempSync(join(tmpdir(), 'loupe-bench-'));
  const path = join(folder, name);
  const remove = (): void => rmSync(folder, { recursive: true, force: true });
  try {
    await writeRandom(path, bytes);
  } catch (error) {
    remove();
    throw error;
  }
  return { path, remove };
}

async function writeRandom(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  for (let written = 0; written < bytes; written += 16 * MiB) {
    if (!out.write(randomBytes(Math.min(16 * MiB, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Seconds `task` took, with its result. */
export async function timed<T>(task: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { seconds: (performance.now() - started) / 1000, value };
}
