import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { B3SUM, b3sumOf, nativeDigest, withHasherFiles } from './testing/hasherKit';
import { HashCanceledError, HashFailedError } from './uploadErrors';
import { digestChunks, createWasmHasher, hashChunksWithWasm } from './wasmHash';

const MiB = 1024 * 1024;

const { hasher, file, pathOf } = withHasherFiles('loupe-hash-');

describe('FileHasher (worker thread, native blake3)', () => {
  it.skipIf(!existsSync(B3SUM)).each([
    ['0 bytes', 0],
    ['1 byte', 1],
    ['1 MiB + 1', MiB + 1],
  ])('matches b3sum on %s', async (_label, size) => {
    const path = file(`sized-${size}`, randomBytes(size));
    const digest = await hasher().hash(path);
    expect(digest.hash).toBe(b3sumOf(path));
    expect(digest.size).toBe(size);
  });

  it('hashes across chunk boundaries the same as in one piece, reporting progress', async () => {
    const bytes = randomBytes(3 * 64 * 1024 + 17);
    const path = file('chunked', bytes);
    const progress: number[] = [];
    const small = hasher({ chunkBytes: 64 * 1024, progressEveryBytes: 64 * 1024 });
    const digest = await small.hash(path, { onProgress: (n) => progress.push(n) });
    expect(digest.hash).toBe(nativeDigest(bytes));
    // Every 64 KiB, then the total once more, so progress ends at the file's size.
    expect(progress).toEqual([65_536, 131_072, 196_608, 196_625]);
  });

  it('runs several files through one worker, in any order of completion', async () => {
    const shared = hasher();
    const paths = [1, 2, 3].map((n) => file(`many-${n}`, randomBytes(n * 1000)));
    const digests = await Promise.all(paths.map((path) => shared.hash(path)));
    for (const [index, digest] of digests.entries()) expect(digest.size).toBe((index + 1) * 1000);
    expect(new Set(digests.map((d) => d.hash)).size).toBe(3);
  });

  it('cancels a hash in flight and keeps working for the next one', async () => {
    const path = file('cancel', randomBytes(8 * MiB));
    const slow = hasher({ chunkBytes: 16 * 1024, progressEveryBytes: 16 * 1024 });
    const controller = new AbortController();
    const pending = slow.hash(path, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(pending).rejects.toBeInstanceOf(HashCanceledError);
    const again = await slow.hash(file('after-cancel', Buffer.from('abc')));
    expect(again.size).toBe(3);
  });

  it('reports an unreadable file with the system code', async () => {
    const failure = await hasher()
      .hash(pathOf('does-not-exist'))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HashFailedError);
    expect((failure as HashFailedError).code).toBe('ENOENT');
  });
});

describe('blake3-wasm helper', () => {
  it.each([0, 1, MiB + 1])('equals the native hasher on %d bytes, fed in uneven chunks', async (size) => {
    const bytes = randomBytes(size);
    const chunks = [bytes.subarray(0, 7), bytes.subarray(7, 70_000), bytes.subarray(70_000)];
    const native = nativeDigest(bytes);
    expect(await hashChunksWithWasm(chunks)).toBe(native);
  });

  it('takes an async stream and reports progress', async () => {
    const bytes = randomBytes(200_000);
    const stream = Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]);
    const progress: number[] = [];
    const hash = await digestChunks(stream, createWasmHasher(), (n) => progress.push(n));
    expect(hash).toBe(nativeDigest(bytes));
    expect(progress).toEqual([100_000, 200_000]);
  });
});
