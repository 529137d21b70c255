// Writing the API workflow into a PNG, the way the workflow server does: a `prompt` tEXt chunk whose text is
// the JSON with every non-ASCII character escaped (Python's json.dumps default), so it stays Latin-1 text
// any reader takes. Loupe adds it before IEND and only to a picture that has no `prompt` yet.
import { buildChunk, walkChunks } from './pngChunks';
import { MAX_PNG_CHUNKS } from './pngWorkflow';

/** JSON text with every character above U+007F written as \uXXXX (valid JSON, pure ASCII). */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The whole `prompt` tEXt chunk for `workflow`. */
export function promptChunk(workflow: Record<string, unknown>): Uint8Array {
  const text = `prompt\0${asciiJson(workflow)}`;
  const data = new Uint8Array(text.length);
  for (let at = 0; at < text.length; at += 1) data[at] = text.charCodeAt(at);
  return buildChunk('tEXt', data);
}

/**
 * `png` with a `prompt` chunk before IEND; the same bytes when it is not a PNG Loupe can walk or already
 * carries a prompt (the server's own word on what it ran wins).
 */
export function withPrompt(png: Uint8Array, workflow: Record<string, unknown>): Uint8Array {
  const walk = walkChunks(png, MAX_PNG_CHUNKS);
  if (!walk.ok) return png;
  const hasPrompt = walk.chunks.some(
    (c) => ['tEXt', 'zTXt', 'iTXt'].includes(c.type) && startsWithKeyword(c.data, 'prompt'),
  );
  const iend = walk.chunks.at(-1);
  if (hasPrompt || iend === undefined) return png;
  const chunk = promptChunk(workflow);
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, iend.offset), 0);
  out.set(chunk, iend.offset);
  out.set(png.subarray(iend.offset), iend.offset + chunk.length);
  return out;
}

export function startsWithKeyword(data: Uint8Array, keyword: string): boolean {
  if (data.length <= keyword.length || data[keyword.length] !== 0) return false;
  for (let at = 0; at < keyword.length; at += 1) if (data[at] !== keyword.charCodeAt(at)) return false;
  return true;
}
