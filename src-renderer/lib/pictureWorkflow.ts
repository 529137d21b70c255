// A workflow from a dropped or picked picture, read in the page (main reads no path a page names, rule 10):
// the bytes stay here, only the API workflow's text goes on, exactly as a .json file's text would. Compressed
// text is inflated with the browser's DecompressionStream, read piece by piece and stopped at the bound, so
// a zip bomb costs at most the bound. (Parsing in main instead would send the whole picture over the
// contract, up to 64 MiB, for a few kilobytes of text.)
import { hasPngSignature } from '../../src-shared/png/pngChunks';
import { MAX_PNG_BYTES, readPngWorkflow, type BoundedInflate } from '../../src-shared/png/pngWorkflow';

export const pageInflate: BoundedInflate = async (data, maxBytes) => {
  const source = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(Uint8Array.from(data));
      controller.close();
    },
  });
  const stream = source.pipeThrough(new DecompressionStream('deflate'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export function isPngFile(file: File): boolean {
  return file.name.toLowerCase().endsWith('.png') || file.type === 'image/png';
}

/** The file's bytes (FileReader: every page has it, Blob.arrayBuffer not every test page). */
function bytesOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(new Uint8Array(reader.result));
      else reject(new Error('the file could not be read'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

export type PictureText = { ok: true; text: string } | { ok: false; message: string };

/** The API workflow text a PNG carries, or why it has none, in words naming the file. */
export async function workflowTextOfPicture(file: File): Promise<PictureText> {
  if (file.size > MAX_PNG_BYTES) {
    return { ok: false, message: `${file.name} is larger than ${MAX_PNG_BYTES / 1048576} MiB.` };
  }
  const bytes = await bytesOf(file);
  if (!hasPngSignature(bytes)) return { ok: false, message: `${file.name} is not a PNG picture.` };
  const found = await readPngWorkflow(bytes, pageInflate);
  return found.kind === 'api'
    ? { ok: true, text: found.text }
    : { ok: false, message: `${file.name}: ${found.message}` };
}
