// The disk cache on its own: only whole, verified files are kept; the index survives a restart, and a damaged
// one is dropped (with the files it described) rather than trusted.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { INDEX_FILE } from './cacheIndex';
import { AssetDiskCache, type WriteTarget } from './diskCache';
import { fileRangeStream } from './fileStream';
import { readAll } from './testing/bytes';

let dir: TempDir;
const opened: AssetDiskCache[] = [];
beforeEach(() => {
  dir = makeTempDir('loupe-cache-');
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((cache) => cache.flush()));
  dir.remove();
});

function cacheIn(path: string, maxBytes = 1_000_000): AssetDiskCache {
  const cache = new AssetDiskCache({ dir: path, maxBytes, now: () => Date.now(), saveDelayMs: 5 });
  opened.push(cache);
  return cache;
}
const blake3 = (bytes: Buffer) => `blake3:${new Blake3Hasher().update(bytes).digest('hex')}`;

async function put(cache: AssetDiskCache, target: WriteTarget, bytes: Buffer): Promise<boolean> {
  await cache.usage(); // loads the index, as the first view does
  const fill = cache.beginWrite(target);
  if (fill === null) return false;
  await fill.writer.write(bytes.subarray(0, 10));
  await fill.writer.write(bytes.subarray(10));
  const size = await fill.writer.commit();
  if (size === null) return false;
  await fill.admit(size);
  return true;
}

async function read(cache: AssetDiskCache, profileId: string, assetId: string, hash: string | null = null) {
  const file = await cache.open(profileId, assetId, hash);
  return file === null ? null : readAll(fileRangeStream(file.handle, 0, file.size - 1));
}

const bytes = Buffer.from('the quick brown fox jumps over the lazy dog, twice over: the quick brown fox');
const target = (overrides: Partial<WriteTarget> = {}): WriteTarget => ({
  profileId: 'p',
  assetId: 'a1',
  hash: blake3(bytes),
  expectedSize: bytes.length,
  contentType: 'text/plain',
  ...overrides,
});

describe('AssetDiskCache', () => {
  it('stores by blake3 hash, so another asset with the same bytes is a hit too', async () => {
    const cache = cacheIn(dir.path);
    expect(await put(cache, target(), bytes)).toBe(true);
    expect(await read(cache, 'p', 'a1')).toEqual(bytes);
    // Another asset (or profile) whose hash Loupe knows finds the same file.
    expect(await read(cache, 'q', 'other', blake3(bytes))).toEqual(bytes);
    expect(await read(cache, 'q', 'unknown')).toBeNull();
    expect(readdirSync(dir.path).filter((n) => n.startsWith('b3-'))).toHaveLength(1);
  });

  it('keys by asset id when no hash is known', async () => {
    const cache = cacheIn(dir.path);
    expect(await put(cache, target({ hash: null }), bytes)).toBe(true);
    expect(await read(cache, 'p', 'a1')).toEqual(bytes);
    expect(readdirSync(dir.path).filter((n) => n.startsWith('id-'))).toHaveLength(1);
  });

  it('keeps nothing of a download that is short, corrupt or too big', async () => {
    const cache = cacheIn(dir.path, 50);
    expect(await put(cache, target({ expectedSize: bytes.length + 1 }), bytes)).toBe(false);
    const corrupt = Buffer.from(bytes);
    corrupt[3] = 0;
    expect(await put(cache, target({ assetId: 'a2', expectedSize: null }), corrupt)).toBe(false);
    expect(cache.beginWrite(target({ assetId: 'a3' }))).toBeNull(); // announced size over the cap
    expect(await put(cache, target({ assetId: 'a4', hash: null, expectedSize: null }), bytes)).toBe(false);
    expect(await cache.usage()).toEqual({ bytes: 0, entries: 0 });
    expect(readdirSync(dir.path).filter((n) => n !== INDEX_FILE)).toEqual([]);
  });

  it('persists its index atomically and reads it back after a restart', async () => {
    const first = cacheIn(dir.path);
    await put(first, target(), bytes);
    await first.flush();
    const index: unknown = JSON.parse(readFileSync(join(dir.path, INDEX_FILE), 'utf8'));
    expect(index).toMatchObject({ version: 1, aliases: { 'p\na1': `b3-${blake3(bytes).slice(7)}` } });
    expect(readdirSync(dir.path).some((n) => n.endsWith('.tmp'))).toBe(false);

    const second = cacheIn(dir.path);
    expect(await read(second, 'p', 'a1')).toEqual(bytes);
  });

  it('drops a damaged index and the files it described, and removes stray temp files', async () => {
    const first = cacheIn(dir.path);
    await put(first, target(), bytes);
    await first.flush();
    writeFileSync(join(dir.path, INDEX_FILE), JSON.stringify({ version: 1, entries: { '../x': {} } }));
    writeFileSync(join(dir.path, 'b3-abc.123.tmp'), 'half a download');

    const second = cacheIn(dir.path);
    expect(await read(second, 'p', 'a1', blake3(bytes))).toBeNull();
    expect(await second.usage()).toEqual({ bytes: 0, entries: 0 });
    expect(readdirSync(dir.path).filter((n) => n !== INDEX_FILE)).toEqual([]);
  });

  it('forgets a deleted asset’s name but keeps bytes another asset may share', async () => {
    const cache = cacheIn(dir.path);
    await put(cache, target(), bytes);
    await cache.forget('p', 'a1');
    expect(await read(cache, 'p', 'a1')).toBeNull();
    expect(await read(cache, 'p', 'a2', blake3(bytes))).toEqual(bytes);
  });

  it('forgets an entry whose file was truncated behind its back', async () => {
    const cache = cacheIn(dir.path);
    await put(cache, target({ hash: null }), bytes);
    for (const name of readdirSync(dir.path)) {
      if (name.startsWith('id-')) writeFileSync(join(dir.path, name), '');
    }
    const reopened = cacheIn(dir.path);
    await cache.flush();
    expect(await read(reopened, 'p', 'a1')).toBeNull();
    expect(existsSync(join(dir.path, INDEX_FILE))).toBe(true);
  });
});
