// One WebSocket connection ↔ the contract dispatcher: the browser shell's equivalent of the IPC binding. A
// message is bounded before anything parses it (ARCHITECTURE rule 10): in size by the socket (webHost's
// maxPayload, refused at the frame header), in depth and values by the frame guard as its bytes arrive.
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { isCallName, isStreamName } from '../../src-shared/contract';
import { ERROR_CODES } from '../../src-shared/errorCodes';
import { CONTRACT_ARGUMENT_LIMITS } from '../../src-shared/jsonBounds';
import type { JsonTextLimits } from '../../src-shared/jsonTextBounds';
import { MAX_CALL_MESSAGE_BYTES } from '../../src-shared/limits';
import { clientMessageSchema, type ServerMessage } from '../../src-shared/protocol';
import type { ContractDispatcher } from '../core/rpc/dispatcher';
import { FrameGuard, type OutOfBounds } from './frameGuard';

/** A page that stops reading must not make the host buffer without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * The contract's bounds on arguments, for the whole message: its arguments sit one level inside it
 * ({type, requestId, name, args}), next to a handful of values of its own. The dispatcher checks the
 * arguments exactly once they are parsed; this keeps the parse itself bounded.
 */
export const MESSAGE_LIMITS: JsonTextLimits = {
  maxDepth: CONTRACT_ARGUMENT_LIMITS.maxDepth + 1,
  maxValues: CONTRACT_ARGUMENT_LIMITS.maxNodes + 8,
};

/** How long a connection closed for a message out of bounds stays, so its page can read the refusal. */
const REFUSED_LINGER_MS = 1_000;

/** What is left of a refused message that is still read (and dropped) rather than closing the connection. */
const MAX_SKIPPED_BYTES = 1024 * 1024;

/**
 * Serves one connection. `raw` is the TCP socket under `socket`: the frame guard reads it ahead of ws, so this
 * must be called as the upgrade completes, before any of its data has flowed.
 */
export function bridgeConnection(
  socket: WebSocket,
  raw: Socket,
  dispatcher: ContractDispatcher,
  logError: (message: string) => void,
): void {
  const owner = {};
  const send = (message: ServerMessage): void => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      logError('browser shell client is not reading; closing its connection');
      socket.close(1013, 'client too slow');
      return;
    }
    socket.send(JSON.stringify(message));
  };

  /** Answers a refused message as a refused call, when it said which request it was; false when it did not. */
  const answerRefusal = (refusal: OutOfBounds): boolean => {
    const { type, requestId, name } = refusal.topMembers;
    const answerable =
      (type === 'call' || type === 'subscribe') &&
      typeof requestId === 'number' &&
      Number.isSafeInteger(requestId);
    if (!answerable) return false;
    const what = typeof name === 'string' && (isCallName(name) || isStreamName(name)) ? name : 'this call';
    const message = `Invalid arguments for ${what}: refused because ${refusal.reason}`;
    send({
      type: 'reply',
      requestId,
      result: { ok: false, error: { code: ERROR_CODES.invalidArguments, message } },
    });
    return true;
  };
  /**
   * A message out of bounds. A small one that says which request it is (a page's bad call) is answered and
   * passed over, and the connection goes on. Otherwise reading stops at once (ws keeps the chunk or two it
   * already has), the request is answered if it can be, and the connection is closed.
   */
  const refuseUnbounded = (refusal: OutOfBounds, _index: number, skipped: boolean): void => {
    if (!skipped) socket.pause();
    const answered = answerRefusal(refusal);
    if (skipped && answered) return;
    socket.pause();
    socket.close(1008, 'message out of bounds');
    setTimeout(() => socket.terminate(), REFUSED_LINGER_MS).unref();
  };
  const guard = new FrameGuard({
    limits: MESSAGE_LIMITS,
    maxMessageBytes: MAX_CALL_MESSAGE_BYTES,
    maxSkippedBytes: MAX_SKIPPED_BYTES,
    onOutOfBounds: refuseUnbounded,
  });
  // Ahead of ws's own listener: the guard sees (and unmasks) every chunk before ws buffers it.
  raw.prependListener('data', (chunk: Buffer) => guard.take(chunk));
  let messages = 0;

  socket.on('message', (data, isBinary) => {
    const index = messages++;
    // Only a message the guard read whole within bounds is parsed.
    if (!guard.delivered(index)) return;
    if (isBinary) return socket.close(1003, 'text frames only');
    const bytes = Buffer.isBuffer(data) ? data : Buffer.concat(toBuffers(data));
    let raw: unknown;
    try {
      raw = JSON.parse(bytes.toString('utf8'));
    } catch {
      return socket.close(1007, 'malformed message');
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) return socket.close(1007, 'malformed message');
    const message = parsed.data;
    switch (message.type) {
      case 'call':
        // The connection's owner is its caller too; no browser-shell handler acts on it today.
        // The dispatcher answers every call with a result or a typed error; it never rejects.
        dispatcher
          .call(message.name, message.args, owner)
          .then((result) => send({ type: 'reply', requestId: message.requestId, result }))
          .catch((error: unknown) => logError(`A call could not be answered: ${String(error)}`));
        return;
      case 'subscribe': {
        const result = dispatcher.subscribe(owner, message.name, message.subscriptionId, message.args, send);
        send({ type: 'reply', requestId: message.requestId, result });
        return;
      }
      case 'unsubscribe':
        dispatcher.unsubscribe(owner, message.subscriptionId);
        return;
    }
  });
  socket.on('close', () => dispatcher.disposeOwner(owner));
  socket.on('error', () => dispatcher.disposeOwner(owner));
}

function toBuffers(data: ArrayBuffer | Buffer[]): Buffer[] {
  return Array.isArray(data) ? data : [Buffer.from(data)];
}
