// How the hostile server writes an answer, faithfully or mangled by one wire fault: the socket cut before,
// within or after the status line and headers, half a body, a body that is not JSON, that is empty, that
// trickles past the client's time limit, that never ends, or that is 50 MB of valid JSON.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WireFault } from '../faults';

export const HUGE_BODY_BYTES = 50 * 1024 * 1024;
/** A never-ending body stops by itself after this much, in case the client never gives up. */
const ENDLESS_CAP_BYTES = 512 * 1024 * 1024;
const ENDLESS_CHUNK = Buffer.alloc(64 * 1024, 'x');

export interface WireOptions {
  /** The client's time limit: a slow body finishes a second after it. */
  clientTimeoutMs: number;
}

const reasons: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** The spec's error envelope. */
export function errorEnvelope(code: string, message: string, details: unknown = null): string {
  return JSON.stringify({ error: { code, message, details } });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

export function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, errorEnvelope(code, message), status === 429 ? { 'retry-after': '1' } : {});
}

/** The refusals a fault can stand for, as the service words them. */
export function sendRefusal(res: ServerResponse, fault: WireFault): boolean {
  switch (fault) {
    case 'status-429':
      sendError(res, 429, 'queue_full', 'The queue is full. Retry after the time in Retry-After.');
      return true;
    case 'status-402':
      sendError(res, 402, 'insufficient_credits', 'Not enough credits for this job.');
      return true;
    case 'status-500':
      sendError(res, 500, 'upstream_error', 'Something went wrong upstream.');
      return true;
    case 'status-503':
      sendError(res, 503, 'upstream_unreachable', 'Upstream is unreachable.');
      return true;
    case 'status-404':
      sendError(res, 404, 'not_found', 'There is no such job.');
      return true;
    default:
      return false;
  }
}

function cut(res: ServerResponse): void {
  res.socket?.destroy();
}

/**
 * Writes `status` with `body` (JSON text), mangled by `fault` when one is given. Resolves once the answer is
 * written or the connection is gone.
 */
export async function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  fault: WireFault | null,
  options: WireOptions,
): Promise<void> {
  const bytes = Buffer.from(req.method === 'HEAD' ? '' : body);
  switch (fault) {
    case null:
    case 'outputs-10k':
    case 'status-429':
    case 'status-402':
    case 'status-500':
    case 'status-503':
    case 'status-404':
      if (fault !== null && sendRefusal(res, fault)) return;
      sendJson(res, status, body);
      return;
    case 'cut-before-status':
      cut(res);
      return;
    case 'cut-after-status':
      // Only the status line: no headers, so the client never gets a response object.
      res.socket?.write(`HTTP/1.1 ${status} ${reasons[status] ?? 'OK'}\r\n`, () => cut(res));
      return;
    case 'cut-after-headers':
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      res.flushHeaders();
      setTimeout(() => cut(res), 5);
      return;
    case 'cut-mid-body':
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => setTimeout(() => cut(res), 5));
      return;
    case 'non-json':
      sendPlain(res, status, 'application/json', '<html><body><h1>502 Bad Gateway</h1></body></html>');
      return;
    case 'empty-2xx':
      sendPlain(res, status, 'application/json', '');
      return;
    case 'slow-body':
      await trickle(res, status, bytes, options.clientTimeoutMs + 1_000);
      return;
    case 'never-ending-body':
      await endless(res, status);
      return;
    case 'huge-body':
      await huge(res, status, body);
      return;
  }
}

function sendPlain(res: ServerResponse, status: number, type: string, text: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `res` can take more, or false when the connection is gone. */
function drained(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean): void => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = (): void => done(true);
    const onClose = (): void => done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

async function write(res: ServerResponse, chunk: Buffer | string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  return res.write(chunk) ? true : drained(res);
}

/** The whole body, in ten pieces spread over `totalMs`: complete, but too late. */
async function trickle(res: ServerResponse, status: number, bytes: Buffer, totalMs: number): Promise<void> {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(bytes.length) });
  res.flushHeaders();
  const pieces = 10;
  for (let i = 0; i < pieces; i += 1) {
    await pause(totalMs / pieces);
    const piece = bytes.subarray(
      Math.floor((i * bytes.length) / pieces),
      Math.floor(((i + 1) * bytes.length) / pieces),
    );
    if (!(await write(res, piece))) return;
  }
  res.end();
}

/** A JSON object that opens a string and never closes it, 64 KB at a time, until the client hangs up. */
async function endless(res: ServerResponse, status: number): Promise<void> {
  res.writeHead(status, { 'content-type': 'application/json' });
  if (!(await write(res, '{"id":"endless","padding":"'))) return;
  for (let sent = 0; sent < ENDLESS_CAP_BYTES; sent += ENDLESS_CHUNK.length) {
    if (!(await write(res, ENDLESS_CHUNK))) return;
    // 6.4 MB/s: enough to show memory growing without a bound, without starving the trial's own process.
    await pause(10);
  }
  cut(res);
}

/** The real answer with 50 MB of padding in an unknown field: valid JSON a tolerant reader keeps. */
async function huge(res: ServerResponse, status: number, body: string): Promise<void> {
  const head = '{"chaos_padding":"';
  const rest = body.startsWith('{}') ? '"}' : `",${body.slice(1)}`;
  const length = head.length + HUGE_BODY_BYTES + Buffer.byteLength(rest);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(length) });
  if (!(await write(res, head))) return;
  const chunk = Buffer.alloc(1024 * 1024, 'y');
  for (let sent = 0; sent < HUGE_BODY_BYTES; sent += chunk.length) {
    if (!(await write(res, chunk))) return;
  }
  res.end(rest);
}
