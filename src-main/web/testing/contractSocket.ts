// Test support: a page's side of the browser shell's WebSocket, as a plain client: open it with the launch
// link's token and make contract calls. Used against an in-process shell and against a spawned one alike.
import WebSocket from 'ws';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  serverMessageSchema,
  type CallResult,
} from '../../../src-shared/protocol';

export interface ContractSocket {
  call(name: string, args?: unknown): Promise<CallResult<unknown>>;
  close(): void;
}

/** Connects to the shell at `url` (the printed launch link: origin and `#token=…`). */
export async function openContractSocket(url: string): Promise<ContractSocket> {
  const { origin, hash } = new URL(url);
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? '';
  const socket = new WebSocket(
    `${origin.replace('http', 'ws')}${WS_PATH}`,
    [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`],
    { origin },
  );
  const waiting = new Map<number, (result: CallResult<unknown>) => void>();
  socket.on('message', (data: Buffer) => {
    const message = serverMessageSchema.parse(JSON.parse(data.toString('utf8')));
    if (message.type === 'reply') waiting.get(message.requestId)?.(message.result);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 1;
  return {
    call: (name, args = {}) => {
      const requestId = nextId++;
      return new Promise((resolve) => {
        waiting.set(requestId, (result) => {
          waiting.delete(requestId);
          resolve(result);
        });
        socket.send(JSON.stringify({ type: 'call', requestId, name, args }));
      });
    },
    close: () => socket.close(),
  };
}
