// The WebAssembly hasher (wasmHash.ts, the browser shell's engine) against the native one on the update
// shapes that matter: single updates around and above 1 MiB, where a wasm build copies each chunk into its
// own memory and some builds have mishandled a chunk larger than their staging buffer, and many tiny updates,
// which cross BLAKE3's 1 KiB chunk and 64-byte block boundaries at every offset.
import { randomBytes } from 'node:crypto';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { describe, expect, it } from 'vitest';
import { createWasmHasher, digestChunks } from './wasmHash';

const MiB = 1024 * 1024;

function native(bytes: Uint8Array): string {
  return `blake3:${new Blake3Hasher().update(Buffer.from(bytes)).digest('hex')}`;
}

/** `bytes` cut into consecutive pieces of the given sizes, the last piece taking whatever is left. */
function cut(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let offset = 0;
  for (const size of sizes) {
    pieces.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  if (offset < bytes.length) pieces.push(bytes.subarray(offset));
  return pieces;
}

describe('the wasm hasher against the native one', () => {
  it.each([MiB - 1, MiB, MiB + 1, 4 * MiB + 3, 9 * MiB])('agrees on one update of %d bytes', async (size) => {
    const bytes = randomBytes(size);
    expect(await digestChunks([bytes], createWasmHasher())).toBe(native(bytes));
  });

  it('agrees on a run of updates around and above 1 MiB', async () => {
    const sizes = [MiB - 1, MiB, MiB + 1, 2 * MiB + 3, 5 * MiB + 7, 1, 3 * MiB - 5];
    const bytes = randomBytes(sizes.reduce((a, b) => a + b, 0) + 12_345);
    const pieces = cut(bytes, sizes);
    const progress: number[] = [];
    const hash = await digestChunks(pieces, createWasmHasher(), (n) => progress.push(n));
    expect(hash).toBe(native(bytes));
    expect(progress.at(-1)).toBe(bytes.length);
  });

  it('agrees on thousands of small updates of every length from 0 to 130 bytes', async () => {
    const sizes = Array.from({ length: 4000 }, (_, index) => (index * 37) % 131);
    const bytes = randomBytes(sizes.reduce((a, b) => a + b, 0));
    expect(await digestChunks(cut(bytes, sizes), createWasmHasher())).toBe(native(bytes));
  });

  it('agrees when small and large updates alternate', async () => {
    const sizes = [1, MiB + 1, 63, 2 * MiB, 1025, MiB - 1, 7];
    const bytes = randomBytes(sizes.reduce((a, b) => a + b, 0));
    expect(await digestChunks(cut(bytes, sizes), createWasmHasher())).toBe(native(bytes));
  });
});
