// Test support: does a string appear in any file under a directory, in UTF-8 or UTF-16?
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function filesContaining(dir: string, needle: string): string[] {
  const patterns = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const bytes = readFileSync(path);
    if (patterns.some((pattern) => bytes.includes(pattern))) hits.push(path);
  }
  return hits;
}
