// blake3 with blake3-wasm, for where no file path (and so no native hasher in a worker thread) is available:
// a file dropped into the browser shell is hashed in a Web Worker from its Blob stream. `digestChunks` is the
// part that code shares: it takes any incremental hasher, so the renderer passes blake3-wasm's browser build
// (`blake3-wasm/browser`, whose wasm must be loaded first) and main and the tests pass the Node build below,
// which runs the same WebAssembly. Tests (wasmHash.test.ts) check it against the native hasher, on updates
// around and above 1 MiB and on thousands of tiny ones.
//
// Why blake3-wasm 2.1.5 and not a SIMD build (checked for issue 14 on the npm registry): blake3-wasm 3.0.0 and
// blake3 3.0.0 cannot be installed (they depend on versions of @c4312/blake3-internal and blake3-wasm that
// were never published); hash-wasm 4.13 has no SIMD and hashed ~4% slower; blake3-jit 1.1 (runtime-generated
// wasm SIMD) gave correct digests but half the speed on incremental updates (~510 against ~1,000 MiB/s on
// 64 KiB to 4 MiB updates); @webbuf/blake3 only hashes a whole buffer at once, which a large file cannot be.
import { createHash } from 'blake3-wasm';

/** The part of a blake3-wasm hash instance used here; both its Node and browser builds fit it. */
export interface IncrementalBlake3 {
  update(chunk: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
  /** Frees the WebAssembly memory of the instance. */
  dispose(): void;
}

export type ChunkSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/** `blake3:<hex>` of the concatenated chunks; `onProgress` gets the byte count after each chunk. */
export async function digestChunks(
  chunks: ChunkSource,
  hasher: IncrementalBlake3,
  onProgress?: (bytesHashed: number) => void,
): Promise<string> {
  let bytes = 0;
  try {
    for await (const chunk of chunks) {
      hasher.update(chunk);
      bytes += chunk.byteLength;
      onProgress?.(bytes);
    }
    return `blake3:${hasher.digest('hex')}`;
  } finally {
    hasher.dispose();
  }
}

/** The Node build of blake3-wasm (WebAssembly, no native code). */
export function createWasmHasher(): IncrementalBlake3 {
  return createHash();
}

export function hashChunksWithWasm(
  chunks: ChunkSource,
  onProgress?: (bytesHashed: number) => void,
): Promise<string> {
  return digestChunks(chunks, createWasmHasher(), onProgress);
}
