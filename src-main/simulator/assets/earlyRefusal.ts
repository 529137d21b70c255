// Refusing a request whose body we will not read (an upload over the size limit). Ending the response normally
// would make Node close the socket while unread upload bytes sit in its receive buffer; the kernel then sends a
// TCP reset, which can destroy our 413 before the client has read it. So: stop reading, send the complete
// response, and only close once the client has had time to read it (or has hung up itself).
import type { RouteContext } from '../types';

const LINGER_MS = 2000;

export function refuseUnreadBody(
  ctx: RouteContext,
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): void {
  const { req, res } = ctx;
  req.pause();
  const body = JSON.stringify({ error: { code, message, details } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  // All `content-length` bytes are written, so the response is complete on the wire even though it is not ended.
  res.write(body);
  const socket = req.socket;
  const close = (): void => {
    if (!res.writableEnded) res.end();
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('close', () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  });
}
