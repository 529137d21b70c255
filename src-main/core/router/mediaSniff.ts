// The media type a file's first bytes show, for the one case where nothing else says it: a link the model says is
// a picture (or sound, or clip) whose storage answers only `application/octet-stream` (object stores' default).
// Only formats with an unmistakable signature; anything else stays unknown.
import { open } from 'node:fs/promises';

/** Enough bytes for every signature below. */
export const SNIFF_BYTES = 16;

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, index) => head[at + index] === byte);
}

/** The signatures are ASCII, so the text's bytes are its characters' codes. */
function ascii(head: Uint8Array, text: string, at = 0): boolean {
  return startsWith(head, Array.from(Buffer.from(text, 'latin1')), at);
}

export function sniffMediaType(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image/gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image/webp';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'audio/wav';
  if (ascii(head, 'fLaC')) return 'audio/flac';
  if (ascii(head, 'OggS')) return 'audio/ogg';
  if (ascii(head, 'ID3')) return 'audio/mpeg';
  if (ascii(head, 'ftyp', 4)) return ascii(head, 'avif', 8) ? 'image/avif' : 'video/mp4';
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
}

/** The media type the file at `path` starts with, or null. */
export async function sniffFile(path: string): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return sniffMediaType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
