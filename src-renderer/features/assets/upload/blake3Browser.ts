// blake3 in the page, with blake3-wasm's browser build. Its synchronous entry (`blake3-wasm/browser`) imports
// the .wasm file as an ES module, which Vite cannot bundle; the async entry takes the module's bytes instead.
// The bytes are inlined into the worker's bundle as a data URL and decoded here: fetching a data: URL would
// need `connect-src data:`, and a separate .wasm file would need a content type the static server does not
// serve. Compiling WebAssembly needs `'wasm-unsafe-eval'` in the CSP's script-src (core/static/rendererFiles).
import loadBlake3 from 'blake3-wasm/browser-async';
import wasmDataUrl from 'blake3-wasm/dist/wasm/web/blake3_js_bg.wasm?url&inline';

/** The part of blake3-wasm's browser hasher used here. */
export interface Blake3Hasher {
  update(chunk: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
  dispose(): void;
}

let ready: Promise<() => Blake3Hasher> | null = null;

/** A fresh incremental hasher; the WebAssembly module is compiled once, on first use. */
export async function createBlake3(): Promise<Blake3Hasher> {
  ready ??= loadBlake3(decodeDataUrl(wasmDataUrl)).then((blake3) => () => blake3.createHash());
  return (await ready)();
}

function decodeDataUrl(url: string): Uint8Array {
  const comma = url.indexOf(',');
  const binary = atob(url.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Bytes read per step: big enough that the copy into WebAssembly memory is cheap, small enough to cancel. */
export const HASH_CHUNK_BYTES = 4 * 1024 * 1024;

export interface HashProgress {
  /** Called after each chunk with the bytes hashed so far. */
  onProgress?: (bytesHashed: number) => void;
  /** Checked between chunks: true stops the hash. */
  isCanceled?: () => boolean;
}

export class HashCanceled extends Error {
  override readonly name = 'HashCanceled';
}

/** `blake3:<hex>` of the blob's bytes, read a chunk at a time so memory stays flat for a large file. */
export async function hashBlob(blob: Blob, progress: HashProgress = {}): Promise<string> {
  const hasher = await createBlake3();
  try {
    let offset = 0;
    while (offset < blob.size) {
      if (progress.isCanceled?.() === true) throw new HashCanceled('Hashing was canceled.');
      const end = Math.min(blob.size, offset + HASH_CHUNK_BYTES);
      hasher.update(new Uint8Array(await blob.slice(offset, end).arrayBuffer()));
      offset = end;
      progress.onProgress?.(offset);
    }
    return `blake3:${hasher.digest('hex')}`;
  } finally {
    hasher.dispose();
  }
}
