// The two roads a hostile caller has to the contract, as raw as a compromised page has them: the browser
// shell's WebSocket (a real host on a real socket, with the token and the right Origin, i.e. a caller that
// already got in) and Electron's IPC binding (its typed fake, invoked from the app's own top frame).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  WS_PATH,
  WS_PROTOCOL,
  WS_TOKEN_PREFIX,
  ipcChannels,
  serverMessageSchema,
  type CallResult,
  type ServerMessage,
} from '../../src-shared/protocol';
import {
  createTestCore,
  type TestCore,
  type TestCoreOptions,
} from '../../src-main/core/app/testing/testCore';
import { APP_ENTRY_URL, isAppUrl } from '../../src-main/electron/appOrigin';
import { FakeIpcMain, FakeWebContents, frame, invokeEvent } from '../../src-main/electron/fakes.test-support';
import { bindContract } from '../../src-main/electron/ipcBinding';
import { openRawWsClient, type RawWsClient } from '../../src-main/web/testing/rawWsClient';
import { startWebHost, type WebHost } from '../../src-main/web/webHost';

/**
 * Arguments given as JSON text: how a hostile page sends what its own JSON.stringify could not (100,000
 * levels deep). The socket carries the text as is; Electron's IPC gets the parsed value.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

const valueOf = (args: unknown): unknown => (args instanceof RawJson ? JSON.parse(args.text) : args);
const textOf = (args: unknown): string =>
  args instanceof RawJson ? args.text : JSON.stringify(args ?? null);

export interface HostileTransport {
  readonly name: 'websocket' | 'ipc';
  readonly core: TestCore;
  call(name: string, args: unknown): Promise<CallResult<unknown>>;
  subscribe(name: string, subscriptionId: string, args: unknown): Promise<CallResult<unknown>>;
  /** Electron only: what the preload's drop bridge would send for a real drop, from this window or another. */
  grantDropped?(paths: string[], window?: 'same' | 'other'): Promise<CallResult<unknown>>;
  /** Electron only: uploads.start from another window of the app. */
  callFromOtherWindow?(name: string, args: unknown): Promise<CallResult<unknown>>;
  /** Browser shell only: a connection written by hand, for frames no WebSocket library would send. */
  openRaw?(): Promise<RawWsClient>;
  close(): Promise<void>;
}

const refusedChannel = (error: unknown): CallResult<unknown> => ({
  ok: false,
  error: { code: 'no_channel', message: error instanceof Error ? error.message : String(error) },
});

export async function ipcTransport(options: TestCoreOptions = {}): Promise<HostileTransport> {
  const core = await createTestCore({ ...options, shell: 'electron' });
  const ipcMain = new FakeIpcMain();
  bindContract(ipcMain, core.dispatcher, (url) => isAppUrl(url), core.bridge);
  const windows = { same: new FakeWebContents(), other: new FakeWebContents() };
  const event = (which: 'same' | 'other') => invokeEvent(windows[which], frame(APP_ENTRY_URL));
  const invoke = (which: 'same' | 'other', channel: string, ...args: unknown[]) =>
    (ipcMain.invoke(event(which), channel, ...args) as Promise<CallResult<unknown>>).catch(refusedChannel);
  return {
    name: 'ipc',
    core,
    call: (name, args) => invoke('same', ipcChannels.call(name), valueOf(args)),
    subscribe: (name, id, args) => invoke('same', ipcChannels.subscribe(name), id, valueOf(args)),
    grantDropped: (paths, window = 'same') =>
      invoke(window, ipcChannels.bridge('files.grantDropped'), { paths }),
    callFromOtherWindow: (name, args) => invoke('other', ipcChannels.call(name), args),
    close: () => core.dispose(),
  };
}

export async function webSocketTransport(options: TestCoreOptions = {}): Promise<HostileTransport> {
  const core = await createTestCore({ ...options, shell: 'browser' });
  const rendererRoot = mkdtempSync(join(tmpdir(), 'loupe-hostile-'));
  writeFileSync(join(rendererRoot, 'index.html'), '<!doctype html><title>Loupe</title>');
  const token = randomBytes(24).toString('base64url');
  const host: WebHost = await startWebHost({
    rendererRoot,
    dispatcher: core.dispatcher,
    token,
    uploads: { capability: core.content.capability, receiver: core.uploads.bytes },
  });
  // The host closes a connection whose message breaks the wire protocol (a malformed subscription id, say):
  // that is a refusal, answered here as one; the next attempt opens a new connection, as a page could.
  const waiting = new Map<number, (result: CallResult<unknown>) => void>();
  const connect = async (): Promise<WebSocket> => {
    const socket = new WebSocket(
      `${host.origin.replace('http', 'ws')}${WS_PATH}`,
      [WS_PROTOCOL, `${WS_TOKEN_PREFIX}${token}`],
      { origin: host.origin, maxPayload: 256 * 1024 * 1024 },
    );
    socket.on('message', (data: Buffer) => {
      const message: ServerMessage = serverMessageSchema.parse(JSON.parse(data.toString('utf8')));
      if (message.type === 'reply') waiting.get(message.requestId)?.(message.result);
    });
    socket.on('close', (code) => {
      for (const resolve of waiting.values()) resolve(refusedChannel(`connection closed (${code})`));
      waiting.clear();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return socket;
  };
  let socket = await connect();
  let nextId = 1;
  const send = async (message: Record<string, unknown>, args: unknown): Promise<CallResult<unknown>> => {
    if (socket.readyState !== WebSocket.OPEN) socket = await connect();
    const requestId = nextId++;
    return new Promise((resolve) => {
      waiting.set(requestId, (result) => {
        waiting.delete(requestId);
        resolve(result);
      });
      // The arguments go in as text, so a value too deep for JSON.stringify still reaches the host.
      socket.send(`${JSON.stringify({ ...message, requestId }).slice(0, -1)},"args":${textOf(args)}}`);
    });
  };
  return {
    name: 'websocket',
    core,
    call: (name, args) => send({ type: 'call', name }, args),
    subscribe: (name, subscriptionId, args) => send({ type: 'subscribe', name, subscriptionId }, args),
    openRaw: () => openRawWsClient(host.origin, token),
    close: async () => {
      socket.close();
      await host.close();
      await core.dispose();
      rmSync(rendererRoot, { recursive: true, force: true });
    },
  };
}

/** Every attempt a hostile caller makes, and those that got through (there must be none). */
export class Tally {
  private readonly counts = new Map<string, { attempts: number; accepted: string[] }>();

  record(transport: string, label: string, accepted: boolean): void {
    const entry = this.counts.get(transport) ?? { attempts: 0, accepted: [] };
    entry.attempts += 1;
    if (accepted) entry.accepted.push(label);
    this.counts.set(transport, entry);
  }

  get attempts(): number {
    return [...this.counts.values()].reduce((sum, entry) => sum + entry.attempts, 0);
  }

  get accepted(): string[] {
    return [...this.counts.values()].flatMap((entry) => entry.accepted);
  }

  /** The one line the suite prints: counts in all and per transport. */
  line(): string {
    const per = [...this.counts.entries()]
      .map(([name, entry]) => `${name} ${entry.attempts}/${entry.accepted.length}`)
      .join(', ');
    return `hostile callers: ${this.attempts} attempts, ${this.accepted.length} accepted (attempts/accepted: ${per})`;
  }
}
