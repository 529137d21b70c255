// A contract client on a shell's own WebSocket, with its launch token and Origin, as its page speaks it: how
// the bench adds a profile with its key, or starts a batch, without driving forms it is not measuring.
import WebSocket from 'ws';
import type { z } from 'zod';
import {
  serverMessageSchema,
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  type CallResult,
} from '../../src-shared/protocol';
import type { BenchShell } from './shell';

const CALL_TIMEOUT_MS = 60_000;

export interface ContractClient {
  call<T extends z.ZodType>(name: string, args: unknown, result: T): Promise<z.output<T>>;
  close(): void;
}

export async function connectContract(shell: BenchShell): Promise<ContractClient> {
  const socket = new WebSocket(
    `${shell.origin.replace('http', 'ws')}${WS_PATH}`,
    [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${shell.token}`],
    { origin: shell.origin },
  );
  const waiting = new Map<number, (result: CallResult<unknown>) => void>();
  socket.on('message', (data: Buffer) => {
    const message = serverMessageSchema.parse(JSON.parse(data.toString('utf8')));
    if (message.type === 'reply') waiting.get(message.requestId)?.(message.result);
  });
  // A shell that went away (a crash) answers nothing more: every call still waiting fails, so the bench
  // stops with the reason rather than hanging.
  socket.on('close', () => {
    for (const settle of waiting.values()) {
      settle({ ok: false, error: { code: 'shell_gone', message: 'the shell closed its socket' } });
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let next = 1;
  return {
    call: (name, args, result) =>
      new Promise((resolve, reject) => {
        const requestId = next++;
        const timer = setTimeout(() => {
          waiting.get(requestId)?.({ ok: false, error: { code: 'timeout', message: 'no answer in 60 s' } });
        }, CALL_TIMEOUT_MS);
        waiting.set(requestId, (answer) => {
          clearTimeout(timer);
          waiting.delete(requestId);
          if (answer.ok) resolve(result.parse(answer.value));
          else reject(new Error(`${name}: ${answer.error.code} ${answer.error.message}`));
        });
        socket.send(JSON.stringify({ type: 'call', name, requestId, args }));
      }),
    close: () => socket.close(),
  };
}
