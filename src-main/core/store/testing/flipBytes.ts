// Test support: damage a store file the way a bad sector or a stray write does, one byte at a time.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces one byte in every occurrence of `marker` in the file with 0xFF (never valid in UTF-8), and returns
 * how many it changed. The file must be closed (its WAL folded back) so the marker's bytes are in it.
 */
export function flipMarkerBytes(path: string, marker: string): number {
  const bytes = readFileSync(path);
  const needle = Buffer.from(marker, 'utf8');
  const middle = Math.floor(needle.length / 2);
  let flipped = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + needle.length)) {
    bytes[at + middle] = 0xff;
    flipped += 1;
  }
  writeFileSync(path, bytes);
  return flipped;
}
