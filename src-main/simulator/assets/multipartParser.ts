// A small push parser for multipart/form-data (RFC 7578 over RFC 2046). Bytes go in as they arrive from the socket
// and part data comes out at once, so an upload is hashed and size-checked while it streams instead of after the
// whole body sits in memory. Only a delimiter-sized tail is ever held back between writes.

export class MultipartError extends Error {}

export interface PartHeaders {
  /** The form field name from Content-Disposition. */
  name: string;
  /** The filename parameter, when the part is a file. */
  filename: string | null;
  contentType: string | null;
}

export interface MultipartHandlers {
  onPartStart(headers: PartHeaders): void;
  onPartData(data: Buffer): void;
  onPartEnd(): void;
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PREAMBLE_BYTES = 16 * 1024;
const MAX_PARTS = 64;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

type State = 'preamble' | 'afterBoundary' | 'headers' | 'body' | 'done';

/** The boundary of a multipart/form-data Content-Type, or null when the header is anything else. */
export function formDataBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [mediaType, ...params] = contentType.split(';');
  if (mediaType?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    let value = param.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters, and never ending in a space.
    return value.length >= 1 && value.length <= 70 && !value.endsWith(' ') ? value : null;
  }
  return null;
}

/** Parameters of a Content-Disposition value; `filename*` (RFC 5987) wins over `filename`. */
function dispositionParams(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semicolon = value.indexOf(';');
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const match of value.matchAll(pattern)) {
    const key = (match[1] ?? '').toLowerCase();
    let raw = (match[2] ?? '').trim();
    if (raw.startsWith('"')) raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    if (key.endsWith('*')) {
      const extended = /^[^']*'[^']*'(.*)$/.exec(raw);
      try {
        params.set(key.slice(0, -1), decodeURIComponent(extended?.[1] ?? raw));
      } catch {
        throw new MultipartError('malformed extended parameter in Content-Disposition');
      }
    } else if (!params.has(key)) {
      params.set(key, raw);
    }
  }
  return { type, params };
}

function parsePartHeaders(block: string): PartHeaders {
  let disposition: string | null = null;
  let contentType: string | null = null;
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('malformed part header line');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (disposition === null) throw new MultipartError('part without Content-Disposition');
  const { type, params } = dispositionParams(disposition);
  const fieldName = params.get('name');
  if (type !== 'form-data' || fieldName === undefined || fieldName === '') {
    throw new MultipartError('part is not a named form-data field');
  }
  return { name: fieldName, filename: params.get('filename') ?? null, contentType };
}

function isTransportPadding(bytes: Buffer): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x09);
}

export class MultipartParser {
  private readonly delimiter: Buffer;
  private state: State = 'preamble';
  /** Starts with CRLF so a boundary on the very first line matches the same CRLF--boundary delimiter. */
  private pending: Buffer = CRLF;
  private preambleBytes = 0;
  private parts = 0;

  constructor(
    boundary: string,
    private readonly handlers: MultipartHandlers,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  get complete(): boolean {
    return this.state === 'done';
  }

  /** Feed the next bytes; throws MultipartError on malformed input (and lets handler errors through). */
  write(chunk: Buffer): void {
    if (this.state === 'done') return; // the epilogue is ignored, as RFC 2046 asks
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    while (this.step()) {
      // each step consumes input or changes state; it returns false when it needs more bytes
    }
  }

  /** The body ended; anything but a closing boundary means the upload was cut short. */
  end(): void {
    if (this.state !== 'done') throw new MultipartError('multipart body ended before the closing boundary');
  }

  private step(): boolean {
    switch (this.state) {
      case 'preamble':
        return this.skipPreamble();
      case 'afterBoundary':
        return this.afterBoundary();
      case 'headers':
        return this.readHeaders();
      case 'body':
        return this.readBody();
      case 'done':
        return false;
    }
  }

  private skipPreamble(): boolean {
    const at = this.pending.indexOf(this.delimiter);
    if (at < 0) {
      const keep = Math.min(this.pending.length, this.delimiter.length - 1);
      this.preambleBytes += this.pending.length - keep;
      if (this.preambleBytes > MAX_PREAMBLE_BYTES) throw new MultipartError('no multipart boundary found');
      this.pending = this.pending.subarray(this.pending.length - keep);
      return false;
    }
    this.pending = this.pending.subarray(at + this.delimiter.length);
    this.state = 'afterBoundary';
    return true;
  }

  private afterBoundary(): boolean {
    if (this.pending.length < 2) return false;
    if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
      this.state = 'done';
      this.pending = Buffer.alloc(0);
      return false;
    }
    const eol = this.pending.indexOf(CRLF);
    const padding = eol < 0 ? this.pending : this.pending.subarray(0, eol);
    if (!isTransportPadding(padding) || padding.length > 256) {
      throw new MultipartError('unexpected bytes after a boundary');
    }
    if (eol < 0) return false;
    this.pending = this.pending.subarray(eol + 2);
    this.state = 'headers';
    return true;
  }

  private readHeaders(): boolean {
    if (this.pending.length >= 2 && this.pending[0] === 0x0d && this.pending[1] === 0x0a) {
      throw new MultipartError('part without Content-Disposition');
    }
    const end = this.pending.indexOf(HEADER_END);
    if (end < 0) {
      if (this.pending.length > MAX_HEADER_BYTES) throw new MultipartError('part headers too long');
      return false;
    }
    if (end > MAX_HEADER_BYTES) throw new MultipartError('part headers too long');
    if (++this.parts > MAX_PARTS) throw new MultipartError('too many parts');
    const headers = parsePartHeaders(this.pending.subarray(0, end).toString('utf8'));
    this.pending = this.pending.subarray(end + HEADER_END.length);
    this.state = 'body';
    this.handlers.onPartStart(headers);
    return true;
  }

  private readBody(): boolean {
    const at = this.pending.indexOf(this.delimiter);
    if (at >= 0) {
      if (at > 0) this.handlers.onPartData(this.pending.subarray(0, at));
      this.pending = this.pending.subarray(at + this.delimiter.length);
      this.state = 'afterBoundary';
      this.handlers.onPartEnd();
      return true;
    }
    // Hold back only what could be the start of a delimiter split across two socket reads.
    const keep = this.delimiter.length - 1;
    if (this.pending.length > keep) {
      this.handlers.onPartData(this.pending.subarray(0, this.pending.length - keep));
      this.pending = this.pending.subarray(this.pending.length - keep);
    }
    return false;
  }
}
