// A small whole-buffer multipart/form-data reader for the v1 upload endpoints (their bodies are
// single images, read in one piece under the upload limit).

export interface FormPart {
  name: string;
  fileName: string | null;
  contentType: string | null;
  data: Buffer;
}

export type MultipartResult = { ok: true; parts: FormPart[] } | { ok: false; message: string };

export function boundaryOf(contentType: string | undefined): string | null {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,200})"|([^\s;]{1,200}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function dispositionParam(disposition: string, param: string): string | null {
  const match =
    new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition) ??
    new RegExp(`;\\s*${param}=([^;\\s]+)`, 'i').exec(disposition);
  return match?.[1] === undefined ? null : match[1].replace(/\\(.)/g, '$1');
}

function parsePart(raw: Buffer): FormPart | string {
  const headerEnd = raw.indexOf('\r\n\r\n');
  if (headerEnd === -1) return 'a part has no header block';
  const headers = new Map<string, string>();
  for (const line of raw.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (disposition === undefined || !/^form-data\b/i.test(disposition)) return 'a part is not form-data';
  const name = dispositionParam(disposition, 'name');
  if (name === null) return 'a part has no name';
  return {
    name,
    fileName: dispositionParam(disposition, 'filename'),
    contentType: headers.get('content-type') ?? null,
    data: raw.subarray(headerEnd + 4),
  };
}

export function parseMultipart(body: Buffer, boundary: string): MultipartResult {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position === -1) return { ok: false, message: 'the body has no multipart boundary' };
  for (;;) {
    const afterDelimiter = position + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--')
      return { ok: true, parts };
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), afterDelimiter);
    if (next === -1) return { ok: false, message: 'the multipart body is truncated' };
    const part = parsePart(body.subarray(afterDelimiter + 2, next));
    if (typeof part === 'string') return { ok: false, message: part };
    parts.push(part);
    position = next + 2;
  }
}
