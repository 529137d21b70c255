// Request helpers for this folder's tests: hand-built multipart bodies (so tests control every byte), blake3 of
// a buffer, and a streaming uploader on node:http that stops sending as soon as the server answers.
import { once } from 'node:events';
import { request } from 'node:http';
import { Blake3Hasher } from '@napi-rs/blake-hash';

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export const TEST_BOUNDARY = '----loupe-test-boundary-7d1f';

export function blake3Of(bytes: Buffer): string {
  return `blake3:${new Blake3Hasher().update(bytes).digest('hex')}`;
}

function partHead(part: FormPart, boundary: string): string {
  const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
  const type = part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`;
  return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`;
}

export function multipartBody(parts: FormPart[], boundary = TEST_BOUNDARY): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    pieces.push(Buffer.from(partHead(part, boundary)));
    pieces.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

export function multipartHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}`, ...extra };
}

export interface StreamedUpload {
  status: number;
  body: string;
  /** File bytes the client managed to hand to the socket before the answer came. */
  sentBytes: number;
  elapsedMs: number;
}

/**
 * POST a `file` part of `fileBytes` zero bytes in 64 KiB writes, stopping the moment a response arrives.
 * With `declareLength` the request carries an honest Content-Length; otherwise it is chunked.
 */
export async function streamUpload(
  url: string,
  fileBytes: number,
  options: { headers?: Record<string, string>; declareLength?: boolean } = {},
): Promise<StreamedUpload> {
  const head = Buffer.from(partHead({ name: 'file', value: '', filename: 'big.bin' }, TEST_BOUNDARY));
  const tail = Buffer.from(`\r\n--${TEST_BOUNDARY}--\r\n`);
  const headers = multipartHeaders(options.headers);
  if (options.declareLength) headers['content-length'] = String(head.length + fileBytes + tail.length);
  const started = performance.now();
  const req = request(url, { method: 'POST', headers });
  let answered = false;
  // Once the server has answered and closes, further writes fail with EPIPE/ECONNRESET; that is expected.
  req.on('error', () => undefined);
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('close', () => {
      if (!answered) reject(new Error('connection closed without a response'));
    });
  });
  const chunk = Buffer.alloc(64 * 1024);
  let sentBytes = 0;
  const send = async (): Promise<void> => {
    req.write(head);
    while (sentBytes < fileBytes && !answered) {
      const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sentBytes));
      sentBytes += piece.length;
      if (!req.write(piece)) await Promise.race([once(req, 'drain'), response.catch(() => undefined)]);
    }
    if (!answered) req.end(tail);
  };
  send().catch(() => undefined); // write errors after the answer are expected, see above
  const { status, body } = await response;
  const elapsedMs = performance.now() - started;
  req.destroy();
  return { status, body, sentBytes, elapsedMs };
}
