// Test support: a private temporary directory per test, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempDir {
  path: string;
  file(name: string): string;
  remove(): void;
}

export function makeTempDir(prefix = 'loupe-store-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    file: (name) => join(path, name),
    remove: () => rmSync(path, { recursive: true, force: true }),
  };
}
