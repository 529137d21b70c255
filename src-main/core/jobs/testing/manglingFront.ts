// Test support: a hostile front on loopback that passes every request to a real service (the simulator) and
// spoils the answer to the writes it is told to: the service really carries the write out (the job exists),
// then the front cuts the connection before the status line, or sends the 2xx status line and then loses,
// garbles, empties or stalls the body. The service's own record (its job list) is the evidence of what exists.
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export type AnswerFault =
  'cut-before-status' | 'cut-mid-body' | 'not-json' | 'empty-body' | 'slow-body' | 'unreadable-422';

export interface ManglingFront {
  url: string;
  /** Faults for the next matching writes, in order; a write with none left is passed through untouched. */
  spoil(...faults: AnswerFault[]): void;
  /** How many answers were spoiled so far. */
  spoiled(): number;
  close(): Promise<void>;
}

export async function startManglingFront(
  target: string,
  isWrite: (method: string, path: string) => boolean,
): Promise<ManglingFront> {
  const queue: AnswerFault[] = [];
  let spoiled = 0;
  const open = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', target);
    const fault = isWrite(req.method ?? 'GET', url.pathname) ? queue.shift() : undefined;
    const upstream = forward(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          if (fault === undefined) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(body);
            return;
          }
          spoiled += 1;
          spoil(fault, res, body, answer.statusCode ?? 502, open);
        });
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spoil: (...faults) => queue.push(...faults),
    spoiled: () => spoiled,
    close: async () => {
      for (const timer of open) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function spoil(
  fault: AnswerFault,
  res: ServerResponse,
  body: Buffer,
  status: number,
  open: Set<NodeJS.Timeout>,
): void {
  const json = { 'content-type': 'application/json' };
  switch (fault) {
    case 'cut-before-status':
      res.socket?.destroy();
      return;
    case 'cut-mid-body':
      res.writeHead(status, { ...json, 'content-length': String(body.length) });
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      setImmediate(() => res.socket?.destroy());
      return;
    case 'not-json':
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html><body>Gateway says hello</body></html>');
      return;
    case 'empty-body':
      res.writeHead(status, json);
      res.end();
      return;
    case 'slow-body': {
      res.writeHead(status, json);
      res.write(body.subarray(0, 8));
      // Longer than any test's request time limit: the client gives up while reading the body.
      const timer = setTimeout(() => res.end(body.subarray(8)), 60_000);
      open.add(timer);
      return;
    }
    case 'unreadable-422':
      // The service refused the key as already presented, but the error body is lost: it reads as a bare 422.
      res.writeHead(422, { 'content-type': 'text/plain' });
      res.end('unprocessable');
      return;
  }
}
