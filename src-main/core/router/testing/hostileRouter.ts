// Test support: a small hostile Router on loopback (real sockets, not the simulator). It keeps the Router's
// record-and-replay promise (NOTES part B): the first request of a key runs the model (counted, per key and per
// input), every later one replays; and it breaks the answers it is told to break, after the status line: the
// connection cut mid-body, a body that is not JSON, an empty body, a body that trickles slower than any time
// limit, a body that never ends. A test then counts, on the server's side, how many times each input ran.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AnswerFault = 'cut' | 'not_json' | 'empty' | 'trickle' | 'endless' | 'stall';

/** Which route a fault applies to. */
export type FaultedRoute = 'run' | 'submit' | 'cancel' | 'result';

export interface HostileRouter {
  origin: string;
  /** Faults for each route, by how many times that route was answered (0 the first); past the list: none. */
  faults: Partial<Record<FaultedRoute, AnswerFault[] | 'always'>>;
  /** The fault used for `'always'`. */
  always: Partial<Record<FaultedRoute, AnswerFault>>;
  /** Byte answers for runs (audio/wav) instead of JSON. */
  bytesAnswer: boolean;
  /** Runs the model made, by Idempotency-Key and by input (the body's text). */
  executionsByKey: Map<string, number>;
  executionsByInput: Map<string, number>;
  /** Every Idempotency-Key each input was sent under. */
  keysByInput: Map<string, Set<string>>;
  /** Requests per route, in order, with their key. */
  log: { route: FaultedRoute | 'other'; method: string; key: string | null }[];
  /** Bytes written to bodies that never end, when their reader went away. */
  endlessBytesSent: number[];
  close(): Promise<void>;
}

const REQUEST_ID = '0f0e0d0c-0b0a-4909-8807-060504030201';
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function routeOf(method: string, path: string): FaultedRoute | 'other' {
  if (method === 'POST' && path.endsWith('/requests')) return 'submit';
  if (method === 'POST') return 'run';
  if (method === 'PUT' && path.endsWith('/cancel')) return 'cancel';
  if (method === 'GET' && path.endsWith(`/requests/${REQUEST_ID}`)) return 'result';
  return 'other';
}

/** Writes `status` and headers, then breaks the body as `fault` says. */
function breakBody(
  response: ServerResponse,
  status: number,
  contentType: string,
  body: Buffer,
  headers: Record<string, string>,
  fault: AnswerFault,
  onEndless: (bytes: number) => void,
): void {
  const base = { 'content-type': contentType, ...headers };
  switch (fault) {
    case 'cut':
      response.writeHead(status, { ...base, 'content-length': String(body.length) });
      response.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      // Flushed, then the connection is gone: the client has the status line and half a body.
      setTimeout(() => response.socket?.destroy(), 20);
      return;
    case 'not_json':
      response.writeHead(status, { ...base, 'content-type': 'application/json' });
      response.end('<html><body>502 Bad Gateway (from a proxy that ate the answer)</body></html>');
      return;
    case 'empty':
      response.writeHead(status, { ...base, 'content-length': '0' });
      response.end();
      return;
    case 'stall':
      // A first piece, then nothing more, ever, on an open connection.
      response.writeHead(status, base);
      response.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
      return;
    case 'trickle': {
      response.writeHead(status, base);
      let at = 0;
      const timer = setInterval(() => {
        if (response.destroyed) return clearInterval(timer);
        response.write(body.subarray(at % body.length, (at % body.length) + 1));
        at += 1;
      }, 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    case 'endless': {
      response.writeHead(status, base);
      let sent = 0;
      const pump = (): void => {
        while (!response.destroyed && response.write(CHUNK)) sent += CHUNK.length;
        if (!response.destroyed) response.once('drain', pump);
      };
      response.on('close', () => onEndless(sent));
      response.write(contentType.includes('json') ? '{"data":"' : '');
      pump();
      return;
    }
  }
}

export async function startHostileRouter(): Promise<HostileRouter> {
  const answered = new Map<string, number>();
  const recorded = new Map<string, { status: number; contentType: string; body: Buffer }>();
  const router: HostileRouter = {
    origin: '',
    faults: {},
    always: {},
    bytesAnswer: false,
    executionsByKey: new Map(),
    executionsByInput: new Map(),
    keysByInput: new Map(),
    log: [],
    endlessBytesSent: [],
    close: () => Promise.resolve(),
  };
  const faultFor = (route: FaultedRoute): AnswerFault | null => {
    const count = answered.get(route) ?? 0;
    answered.set(route, count + 1);
    const plan = router.faults[route];
    if (plan === 'always') return router.always[route] ?? 'cut';
    return plan?.[count] ?? null;
  };
  const execute = (
    key: string,
    input: string,
    path: string,
  ): { status: number; contentType: string; body: Buffer } => {
    router.executionsByKey.set(key, (router.executionsByKey.get(key) ?? 0) + 1);
    router.executionsByInput.set(input, (router.executionsByInput.get(input) ?? 0) + 1);
    if (path.endsWith('/requests')) {
      const base = `${router.origin}${path}/${REQUEST_ID}`;
      const handle = { request_id: REQUEST_ID, status: 'IN_QUEUE', queue_position: 0 };
      const links = { status_url: `${base}/status`, response_url: base, cancel_url: `${base}/cancel` };
      return {
        status: 201,
        contentType: 'application/json',
        body: Buffer.from(JSON.stringify({ ...handle, ...links })),
      };
    }
    if (router.bytesAnswer) {
      return {
        status: 200,
        contentType: 'audio/wav',
        body: Buffer.concat([Buffer.from('RIFF....WAVE'), Buffer.alloc(4000, 1)]),
      };
    }
    const output = { output_text: `ran ${input.length} bytes of input`, finish_reason: 'stop' };
    return { status: 200, contentType: 'application/json', body: Buffer.from(JSON.stringify(output)) };
  };

  const server = createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : null;
      const route = routeOf(method, path);
      const input = await readBody(request);
      router.log.push({ route, method, key });
      if (route === 'run' || route === 'submit') {
        if (key === null) return response.writeHead(400).end();
        const keys = router.keysByInput.get(input) ?? new Set<string>();
        router.keysByInput.set(input, keys.add(key));
        const replay = recorded.get(key);
        const answer = replay ?? execute(key, input, path);
        if (replay === undefined) recorded.set(key, answer);
        const headers = {
          'x-svc-credits-used': '3',
          'idempotent-replayed': replay === undefined ? 'false' : 'true',
          'x-svc-request-id': `req-${router.log.length}`,
        };
        const fault = faultFor(route);
        if (fault === null) {
          response
            .writeHead(answer.status, { 'content-type': answer.contentType, ...headers })
            .end(answer.body);
        } else {
          breakBody(response, answer.status, answer.contentType, answer.body, headers, fault, (bytes) =>
            router.endlessBytesSent.push(bytes),
          );
        }
        return;
      }
      if (route === 'cancel') {
        const body = Buffer.from(
          JSON.stringify({ request_id: REQUEST_ID, status: 'CANCELLATION_REQUESTED' }),
        );
        const fault = faultFor('cancel');
        if (fault === null) return response.writeHead(202, { 'content-type': 'application/json' }).end(body);
        return breakBody(response, 202, 'application/json', body, {}, fault, () => undefined);
      }
      if (method === 'GET' && path.endsWith('/status')) {
        const status = { request_id: REQUEST_ID, status: 'IN_PROGRESS' };
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(status));
      }
      response.writeHead(404, { 'content-type': 'application/json', 'x-svc-error-type': 'model_not_found' });
      response.end(JSON.stringify({ detail: 'not here', error_type: 'model_not_found' }));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  router.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  router.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return router;
}
