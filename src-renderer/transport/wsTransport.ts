// The browser shell's transport: the contract over one WebSocket, with the per-launch token in the
// subprotocol list. Reconnects with backoff; calls in flight when the socket drops fail with a typed error
// and open streams end with one, so their owners can resubscribe. A call too large for the host's socket is
// refused here, before it is sent (the host would close the connection on it).
import type { Transport } from '../../src-preload/buildApi';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  serverMessageSchema,
  type CallResult,
  type ClientMessage,
  type ContractError,
  type StreamMessage,
} from '../../src-shared/protocol';
import { ERROR_CODES } from '../../src-shared/errorCodes';
import { formatBytes } from '../../src-shared/format';
import { MAX_CALL_MESSAGE_BYTES } from '../../src-shared/limits';
import type { TransportState } from './transportState';

const TRANSPORT_LOST: ContractError = {
  code: 'transport_lost',
  message: 'The connection to the Loupe host was lost. Loupe is reconnecting.',
};

/** UTF-8 bytes of `text`, counted only when it could be over `limit` (a UTF-16 unit is at most 3 bytes). */
function overLimit(text: string, limit: number): number | null {
  if (text.length * 3 <= limit) return null;
  const bytes = new TextEncoder().encode(text).byteLength;
  return bytes > limit ? bytes : null;
}

/** The host closes the socket on a message over its limit: this call is refused here instead, in words. */
function callTooLarge(bytes: number): ContractError {
  return {
    code: ERROR_CODES.callTooLarge,
    message:
      `This request is ${formatBytes(bytes)}, more than the ${formatBytes(MAX_CALL_MESSAGE_BYTES)} the window ` +
      'can send to Loupe at once, so it was not sent.',
  };
}

export interface WsTransportOptions {
  origin: string;
  token: string;
  onState: (state: TransportState) => void;
  /** Backoff before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
  createSocket?: (url: string, protocols: string[]) => WebSocket;
}

export function createWsTransport(options: WsTransportOptions): Transport {
  const url = `${options.origin.replace(/^http/, 'ws')}${WS_PATH}`;
  const backoff = options.backoffMs ?? ((n: number) => Math.min(5000, 250 * 2 ** n));
  const createSocket = options.createSocket ?? ((u, p) => new WebSocket(u, p));
  const pending = new Map<number, (result: CallResult<unknown>) => void>();
  const streams = new Map<string, (message: StreamMessage) => void>();
  /** Messages as JSON text, waiting for the socket to open. */
  const outbox: string[] = [];
  let nextRequestId = 1;
  let socket: WebSocket | null = null;
  let attempt = 0;

  const failAll = (): void => {
    for (const resolve of pending.values()) resolve({ ok: false, error: TRANSPORT_LOST });
    pending.clear();
    for (const [subscriptionId, onMessage] of streams) {
      onMessage({ type: 'end', subscriptionId, seq: Number.MAX_SAFE_INTEGER, error: TRANSPORT_LOST });
    }
    streams.clear();
  };

  const connect = (): void => {
    options.onState(attempt === 0 ? 'connecting' : 'reconnecting');
    const ws = createSocket(url, [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${options.token}`]);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      options.onState('connected');
      for (const text of outbox.splice(0)) ws.send(text);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      const parsed = serverMessageSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      const message = parsed.data;
      if (message.type === 'reply') {
        pending.get(message.requestId)?.(message.result);
        pending.delete(message.requestId);
        return;
      }
      streams.get(message.subscriptionId)?.(message);
      if (message.type === 'end') streams.delete(message.subscriptionId);
    };
    ws.onclose = () => {
      socket = null;
      failAll();
      options.onState('reconnecting');
      setTimeout(connect, backoff(attempt++));
    };
  };

  const sendText = (text: string): void => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(text);
    else outbox.push(text);
  };
  const send = (message: ClientMessage): void => sendText(JSON.stringify(message));

  const request = (build: (requestId: number) => ClientMessage): Promise<CallResult<unknown>> =>
    new Promise((resolve) => {
      const requestId = nextRequestId++;
      const text = JSON.stringify(build(requestId));
      const bytes = overLimit(text, MAX_CALL_MESSAGE_BYTES);
      if (bytes !== null) {
        resolve({ ok: false, error: callTooLarge(bytes) });
        return;
      }
      pending.set(requestId, resolve);
      sendText(text);
    });

  connect();
  return {
    call: (name, args) => request((requestId) => ({ type: 'call', requestId, name, args })),
    subscribe: async (name, subscriptionId, args, onMessage) => {
      streams.set(subscriptionId, onMessage);
      const result = await request((requestId) => ({
        type: 'subscribe',
        requestId,
        name,
        subscriptionId,
        args,
      }));
      if (!result.ok && result.error.code === ERROR_CODES.callTooLarge) streams.delete(subscriptionId);
      return result as CallResult<null>;
    },
    unsubscribe: (subscriptionId) => {
      streams.delete(subscriptionId);
      send({ type: 'unsubscribe', subscriptionId });
    },
  };
}
