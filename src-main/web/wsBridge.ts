// One WebSocket connection ↔ the contract dispatcher: the browser shell's equivalent of the IPC binding.
import type { WebSocket } from 'ws';
import { clientMessageSchema, type ServerMessage } from '../../src-shared/protocol';
import type { ContractDispatcher } from '../core/rpc/dispatcher';

/** A page that stops reading must not make the host buffer without bound. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export function bridgeConnection(
  socket: WebSocket,
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

  socket.on('message', (data, isBinary) => {
    if (isBinary) return socket.close(1003, 'text frames only');
    let raw: unknown;
    try {
      raw = JSON.parse(
        Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(toBuffers(data)).toString('utf8'),
      );
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
