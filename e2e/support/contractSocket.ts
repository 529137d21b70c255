// A contract client on the browser shell's own WebSocket, with its launch token and Origin, as its page
// would speak: for the end-to-end tests that drive what the page would, from outside it.
import WebSocket from 'ws';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  serverMessageSchema,
  type CallResult,
} from '../../src-shared/protocol';
import type { WebShell } from '../webShell';

export interface ContractSocket {
  call(name: string, args: unknown): Promise<unknown>;
  close(): void;
}

export async function contractOf(shell: WebShell): Promise<ContractSocket> {
  const token = /token=([A-Za-z0-9_-]+)/.exec(new URL(shell.url).hash)?.[1] ?? '';
  const socket = new WebSocket(
    `${shell.origin.replace('http', 'ws')}${WS_PATH}`,
    [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`],
    { origin: shell.origin },
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
  let next = 1;
  return {
    call: (name, args) =>
      new Promise((resolve, reject) => {
        const requestId = next++;
        waiting.set(requestId, (result) => {
          waiting.delete(requestId);
          if (result.ok) resolve(result.value);
          else reject(new Error(`${name}: ${result.error.code} ${result.error.message}`));
        });
        socket.send(JSON.stringify({ type: 'call', name, requestId, args }));
      }),
    close: () => socket.close(),
  };
}
