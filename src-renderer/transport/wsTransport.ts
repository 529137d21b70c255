// The browser shell's transport: the contract over one WebSocket, with the per-launch token in the
// subprotocol list. Reconnects with backoff; calls in flight when the socket drops fail with a typed error
// and open streams end with one, so their owners can resubscribe.
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
import type { TransportState } from './transportState';

const TRANSPORT_LOST: ContractError = {
  code: 'transport_lost',
  message: 'The connection to the Loupe host was lost. Loupe is reconnecting.',
};

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
  const outbox: ClientMessage[] = [];
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
      for (const message of outbox.splice(0)) ws.send(JSON.stringify(message));
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

  const send = (message: ClientMessage): void => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else outbox.push(message);
  };

  const request = (build: (requestId: number) => ClientMessage): Promise<CallResult<unknown>> =>
    new Promise((resolve) => {
      const requestId = nextRequestId++;
      pending.set(requestId, resolve);
      send(build(requestId));
    });

  connect();
  return {
    call: (name, args) => request((requestId) => ({ type: 'call', requestId, name, args })),
    subscribe: (name, subscriptionId, args, onMessage) => {
      streams.set(subscriptionId, onMessage);
      return request((requestId) => ({
        type: 'subscribe',
        requestId,
        name,
        subscriptionId,
        args,
      })) as Promise<CallResult<null>>;
    },
    unsubscribe: (subscriptionId) => {
      streams.delete(subscriptionId);
      send({ type: 'unsubscribe', subscriptionId });
    },
  };
}
