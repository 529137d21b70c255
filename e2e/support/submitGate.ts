// A small forwarding gate, run in the test process between the browser shell and a simulator, that can hold
// a submission (POST /api/v2/jobs) while the shell is crashed under it.
//
// Why not the simulator's own `delayMs` switch: it waits before the request is read, so a client that dies
// during the wait leaves the simulator nothing to act on (no job, no key claimed), and a crash after the
// service made the job could never happen. The gate lets the simulator answer and then keeps the answer
// from the shell ('keep-answer'), or keeps the request itself from the simulator ('keep-request').
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSimulator } from './simulator';

/** How the gate treats a POST /api/v2/jobs: passed through, answered by the service but the answer kept,
 * or kept from the service altogether. Other requests always pass (lists, reads, event streams). */
export type HoldMode = 'off' | 'keep-answer' | 'keep-request';

export interface HeldSubmit {
  idempotencyKey: string;
  /** The whole request body has arrived at the gate. */
  received: boolean;
  /** Whether it went on to the simulator. */
  forwarded: boolean;
  /** The simulator's answer, which the shell never got. */
  answer: { status: number; body: string } | null;
}

export interface Gate {
  /** The base URL the profile points at: the gate's origin plus the simulator's mount prefix. */
  url: string;
  hold(mode: HoldMode): void;
  held: HeldSubmit[];
}

function headerText(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

export async function startGate(
  simulator: RunningSimulator,
): Promise<{ gate: Gate; close(): Promise<void> }> {
  const target = new URL(simulator.url);
  const submitPath = `${simulator.control.prefix}/api/v2/jobs`;
  let mode: HoldMode = 'off';
  const held: HeldSubmit[] = [];
  const server = createServer((req, res) => {
    const isSubmit = req.method === 'POST' && (req.url ?? '').split('?')[0] === submitPath;
    const holding = isSubmit ? mode : 'off';
    req.on('error', () => undefined);
    if (holding !== 'off') {
      const record: HeldSubmit = {
        idempotencyKey: headerText(req.headers, 'idempotency-key'),
        received: false,
        forwarded: holding === 'keep-answer',
        answer: null,
      };
      held.push(record);
      req.on('end', () => (record.received = true));
      if (holding === 'keep-request') {
        // Read and dropped: the simulator never hears of it, and the shell never gets an answer.
        req.resume();
        return;
      }
    }
    // The Host header goes on unchanged, so the links the simulator writes point back at the gate.
    const forward = request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    });
    forward.on('error', () => res.destroy());
    forward.on('response', (answer) => {
      const record = holding === 'keep-answer' ? held.at(-1) : undefined;
      if (record !== undefined) {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          record.answer = { status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    // A streamed answer (job events) ends with the shell that asked for it.
    res.on('close', () => {
      if (holding === 'off' && !res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gate: {
      url: `http://127.0.0.1:${port}${simulator.control.prefix}`,
      hold: (next) => (mode = next),
      held,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
