// The PNG container, byte for byte (ISO/IEC 15948 §5): an 8-byte signature, then chunks of
// length (4, big-endian) · type (4) · data · CRC-32 of type and data. Pure TypeScript on Uint8Array, so the
// page (a dropped picture) and main (the CLI, Loupe's own exports) read and write it the same way.

export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The largest chunk length the format allows (2^31 − 1). */
const MAX_CHUNK_LENGTH = 0x7fffffff;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (the PNG/zlib polynomial) of `parts` taken one after the other. */
export function crc32(...parts: Uint8Array[]): number {
  let c = 0xffffffff;
  for (const part of parts) {
    for (let i = 0; i < part.length; i += 1) c = (CRC_TABLE[(c ^ (part[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((byte, at) => bytes[at] === byte);
}

export interface PngChunk {
  type: string;
  /** Where the chunk's length field starts. */
  offset: number;
  data: Uint8Array;
  /** The CRC the file stores. */
  storedCrc: number;
}

export type ChunkWalk = { ok: true; chunks: PngChunk[] } | { ok: false; reason: string };

function readUint32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);
}

function typeName(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

/**
 * The chunks from the signature to IEND, at most `maxChunks` of them. Structure is checked (lengths inside the
 * file, types of four ASCII letters, IHDR first, IEND present); CRCs are the caller's to check on the chunks
 * it interprets (checking every IDAT of a 60 MB picture would cost time for nothing Loupe reads).
 */
export function walkChunks(bytes: Uint8Array, maxChunks: number): ChunkWalk {
  if (!hasPngSignature(bytes)) return { ok: false, reason: 'it does not start with the PNG signature' };
  const chunks: PngChunk[] = [];
  let at = 8;
  while (at + 12 <= bytes.length) {
    if (chunks.length >= maxChunks) return { ok: false, reason: `it has more than ${maxChunks} chunks` };
    const length = readUint32(bytes, at);
    const typeBytes = bytes.subarray(at + 4, at + 8);
    if (!typeBytes.every((b) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a))) {
      return { ok: false, reason: `a chunk at byte ${at} has no valid type` };
    }
    if (length > MAX_CHUNK_LENGTH || at + 12 + length > bytes.length) {
      return { ok: false, reason: `a chunk at byte ${at} runs past the end of the file` };
    }
    const type = typeName(typeBytes);
    if (chunks.length === 0 && type !== 'IHDR') return { ok: false, reason: 'its first chunk is not IHDR' };
    const data = bytes.subarray(at + 8, at + 8 + length);
    chunks.push({ type, offset: at, data, storedCrc: readUint32(bytes, at + 8 + length) });
    at += 12 + length;
    if (type === 'IEND') return { ok: true, chunks };
  }
  return { ok: false, reason: 'it ends before its IEND chunk (a cut-off file)' };
}

/** A chunk type's four ASCII letters as bytes. */
function typeBytesOf(type: string): Uint8Array {
  return Uint8Array.from({ length: type.length }, (_, at) => type.charCodeAt(at));
}

export function crcMatches(chunk: PngChunk): boolean {
  const type = typeBytesOf(chunk.type);
  return crc32(type, chunk.data) === chunk.storedCrc;
}

/** One whole chunk: length, type, data, CRC. */
export function buildChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typeBytes = typeBytesOf(type);
  out.set(typeBytes, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(typeBytes, data));
  return out;
}
