// @vitest-environment node
// The page's hashing path: blake3-wasm's browser build, its WebAssembly decoded from the data URL the bundler
// inlines, chunked over a Blob. Checked against the BLAKE3 reference vectors, across chunk boundaries, and
// for a cancel between chunks.
import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES, HashCanceled, hashBlob } from './blake3Browser';

describe('blake3 in the page', () => {
  it('matches the reference hashes of the empty input and "abc"', async () => {
    expect(await hashBlob(new Blob([]))).toBe(
      'blake3:af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262',
    );
    expect(await hashBlob(new Blob(['abc']))).toBe(
      'blake3:6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
    );
  });

  it('hashes a file larger than one chunk the same as in one piece, with progress per chunk', async () => {
    const bytes = new Uint8Array(HASH_CHUNK_BYTES * 2 + 12_345);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 31 + 7) % 251;
    const seen: number[] = [];
    const chunked = await hashBlob(new Blob([bytes]), { onProgress: (bytes) => seen.push(bytes) });
    expect(seen).toEqual([HASH_CHUNK_BYTES, HASH_CHUNK_BYTES * 2, bytes.length]);
    // Two halves in other blobs, joined: the same bytes, so the same hash.
    const joined = new Blob([new Blob([bytes.subarray(0, 1000)]), new Blob([bytes.subarray(1000)])]);
    expect(await hashBlob(joined)).toBe(chunked);
    expect(chunked).toMatch(/^blake3:[0-9a-f]{64}$/);
  });

  it('stops between chunks when canceled', async () => {
    const blob = new Blob([new Uint8Array(HASH_CHUNK_BYTES * 3)]);
    let chunks = 0;
    await expect(
      hashBlob(blob, { onProgress: () => (chunks += 1), isCanceled: () => chunks >= 1 }),
    ).rejects.toBeInstanceOf(HashCanceled);
    expect(chunks).toBe(1);
  });
});
