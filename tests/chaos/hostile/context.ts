// What every route of the hostile server shares: the ledger, the fault book, the wire options, and the
// events a trial listens to (its kill points). The server waits for a listener before it answers, so a
// driver killed "when the job is made" really never reads that job's answer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route, ServerFault, WireFault } from '../faults';
import type { FaultBook } from './faultBook';
import type { ServiceLedger } from './ledger';
import { sendAnswer, sendRefusal, type WireOptions } from './wire';

export type ServerEvent =
  { type: 'submit-arrived' } | { type: 'job-created'; jobId: string } | { type: 'asset-write-arrived' };

export interface ServiceContext {
  ledger: ServiceLedger;
  faults: FaultBook;
  wire: WireOptions;
  notify(event: ServerEvent): Promise<void>;
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
}

const refusals: ReadonlySet<WireFault> = new Set([
  'status-429',
  'status-402',
  'status-500',
  'status-503',
  'status-404',
]);

/** A fault that answers without doing the write at all (the request never reached submission). */
export function refusesBeforeWrite(fault: ServerFault | null): fault is ServerFault {
  if (fault === null || fault.processed) return false;
  return refusals.has(fault.kind) || fault.kind === 'cut-before-status';
}

/** Spec rule 4 and 5: a definite refusal frees the key; an unknown outcome (5xx) keeps it claimed. */
export function releasesKey(fault: ServerFault): boolean {
  return fault.kind === 'status-429' || fault.kind === 'status-402' || fault.kind === 'cut-before-status';
}

/** Answers a request the fault stops before the write: a refusal, or a cut. */
export function refuse(exchange: Exchange, fault: ServerFault): void {
  if (!sendRefusal(exchange.res, fault.kind)) exchange.res.socket?.destroy();
}

/** Answers after the write was done: as written, or as the fault mangles it. */
export async function answer(
  context: ServiceContext,
  exchange: Exchange,
  status: number,
  body: unknown,
  fault: ServerFault | null,
): Promise<void> {
  const kind = fault?.kind ?? null;
  if (kind !== null && refusals.has(kind)) {
    sendRefusal(exchange.res, kind);
    return;
  }
  await sendAnswer(exchange.req, exchange.res, status, JSON.stringify(body), kind, context.wire);
}

export function strike(context: ServiceContext, route: Route, target: string): ServerFault | null {
  return context.faults.strike(route, target);
}

/** The request body, or null when it is larger than `maxBytes` or the client went away. */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(null));
    req.on('close', () => resolve(req.complete && size <= maxBytes ? Buffer.concat(chunks) : null));
  });
}
