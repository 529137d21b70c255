// multipart/form-data written by hand so a file streams from disk with progress instead of being
// buffered into a FormData Blob first (uploads run to ~100 MB).
import { toBytes, type OpenBytes } from './byteSource';

export type MultipartPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      fileName: string;
      contentType: string;
      open: OpenBytes;
      /** Lets the body carry a Content-Length and the progress a total. */
      size?: number;
      replayable: boolean;
    };

export interface EncodedMultipart {
  chunks: AsyncIterable<Uint8Array>;
  /** Exact byte length when every file's size is known, else null (the body then goes chunked). */
  length: number | null;
}

const encoder = new TextEncoder();
const crlf = encoder.encode('\r\n');

export function encodeMultipart(
  parts: readonly MultipartPart[],
  boundary: string,
  onProgress?: (sentBytes: number, totalBytes: number | null) => void,
): EncodedMultipart {
  const heads = parts.map((part) => encoder.encode(`--${boundary}\r\n${partHeader(part)}\r\n`));
  const closing = encoder.encode(`--${boundary}--\r\n`);
  const fileTotal = sumFileSizes(parts);
  const framing = heads.reduce((sum, head) => sum + head.byteLength + crlf.byteLength, closing.byteLength);
  const fieldBytes = parts.reduce(
    (sum, part) => (part.kind === 'field' ? sum + encoder.encode(part.value).byteLength : sum),
    0,
  );

  async function* chunks(): AsyncGenerator<Uint8Array> {
    let sent = 0;
    for (const [index, part] of parts.entries()) {
      const head = heads[index];
      if (head !== undefined) yield head;
      if (part.kind === 'field') {
        yield encoder.encode(part.value);
      } else {
        for await (const chunk of toBytes(part.open())) {
          yield chunk;
          sent += chunk.byteLength;
          onProgress?.(sent, fileTotal);
        }
      }
      yield crlf;
    }
    yield closing;
  }

  return { chunks: chunks(), length: fileTotal === null ? null : framing + fieldBytes + fileTotal };
}

function sumFileSizes(parts: readonly MultipartPart[]): number | null {
  let total = 0;
  for (const part of parts) {
    if (part.kind !== 'file') continue;
    if (part.size === undefined) return null;
    total += part.size;
  }
  return total;
}

function partHeader(part: MultipartPart): string {
  const name = `name="${escapeQuoted(part.name)}"`;
  if (part.kind === 'field') return `Content-Disposition: form-data; ${name}\r\n`;
  return (
    `Content-Disposition: form-data; ${name}; filename="${escapeQuoted(part.fileName)}"\r\n` +
    `Content-Type: ${part.contentType.replace(/[\r\n]/g, '')}\r\n`
  );
}

/** The escaping browsers use for form-data names (WHATWG HTML, multipart/form-data encoding). */
function escapeQuoted(value: string): string {
  return value.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
