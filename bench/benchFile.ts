// Test data for the benches: a file of random bytes under bench/.data (git-ignored), written once and reused.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
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
  const out = createWriteStream(partial);
  for (let written = 0; written < bytes; written += 16 * MiB) {
    if (!out.write(randomBytes(Math.min(16 * MiB, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(partial, path);
  return path;
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
