// Reads a multipart/form-data body (RFC 7578) held in memory: the hostile server's uploads are a few KB, so
// a whole-buffer split is enough. Fields come back as text, the file part as bytes.

export interface FormPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  data: Buffer;
}

export function boundaryOf(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match === null ? null : (match[1] ?? match[2] ?? null);
}

/** The parts of the body, or null when it is not well-formed multipart. */
export function readMultipart(body: Buffer, boundary: string): FormPart[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at !== 0) return null;
  for (;;) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') return parts;
    const headStart = after + 2;
    const headEnd = body.indexOf('\r\n\r\n', headStart);
    if (headEnd === -1) return null;
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headEnd + 4);
    if (next === -1) return null;
    const headers = body.subarray(headStart, headEnd).toString('utf8');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    parts.push({
      name,
      fileName: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? null,
      data: body.subarray(headEnd + 4, next),
    });
    at = next + 2;
  }
}
