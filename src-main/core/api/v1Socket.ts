// The v1 WebSocket (wss://{base_host}/ws?clientId=…&token=…) with reconnect. The token rides in the
// query as the spec says, so the URL is never logged. A refused handshake (401/403) stops for good:
// the same credential will not start working by retrying.
import { randomUUID } from 'node:crypto';
import WebSocket, { type RawData } from 'ws';
import { fullJitterDelay } from './backoff';
import { BODY_LIMITS } from './bodyLimits';
import { mayReceive, type BoundCredential, type Connection } from './connection';
import { parseV1JsonFrame, type V1JsonMessage } from './schemas/v1Socket';
import { familyBaseUrl, toWebSocketUrl } from './urls';
import { parseV1BinaryFrame, type V1BinaryMessage } from './v1BinaryFrames';

export type V1SocketMessage = V1JsonMessage | V1BinaryMessage;

export type V1SocketState =
  | { state: 'connecting' }
  | { state: 'open' }
  | { state: 'waiting'; retryInMs: number }
  | { state: 'closed'; reason: 'closed-by-client' | 'unauthorized' | 'gave-up' };

export interface V1SocketOptions {
  connection: Connection;
  /** Currently ignored by the managed service, but sent as documented. */
  clientId?: string;
  onMessage: (message: V1SocketMessage) => void;
  onStateChange?: (state: V1SocketState) => void;
  createWebSocket?: (url: string) => WebSocket;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Consecutive failed connects before giving up. */
  maxFailures?: number;
}

/**
 * A message longer than its limit closes the socket (1009) instead of being buffered, and without
 * permessage-deflate a small compressed frame cannot inflate into a large one.
 */
export function openV1WebSocket(address: string): WebSocket {
  return new WebSocket(address, { maxPayload: BODY_LIMITS.v1SocketMessage, perMessageDeflate: false });
}

export class V1Socket {
  private socket: WebSocket | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private stopped = false;
  private readonly clientId: string;

  constructor(private readonly options: V1SocketOptions) {
    this.clientId = options.clientId ?? randomUUID();
  }

  start(): void {
    this.stopped = false;
    this.reconnect();
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.removeAllListeners();
    this.socket?.on('error', () => undefined);
    this.socket?.terminate();
    this.socket = null;
    this.options.onStateChange?.({ state: 'closed', reason: 'closed-by-client' });
  }

  private async connect(): Promise<void> {
    this.options.onStateChange?.({ state: 'connecting' });
    const url = toWebSocketUrl(familyBaseUrl(this.options.connection, 'v1'), 'ws');
    url.searchParams.set('clientId', this.clientId);
    let credential: BoundCredential | null = null;
    try {
      credential = await this.options.connection.credential();
    } catch {
      // A key that cannot be read now (a locked keychain) is not "no key": a socket opened without it would be
      // refused as unauthorized, which ends it for good. Nothing is opened; it tries again after a while.
      if (!this.stopped) this.scheduleReconnect();
      return;
    }
    // The key rides in the query to the v1 origin only, and only if it was given for that origin.
    if (mayReceive(credential, familyBaseUrl(this.options.connection, 'v1').origin)) {
      url.searchParams.set('token', credential.secret);
    }
    if (this.stopped) return;
    const socket = (this.options.createWebSocket ?? openV1WebSocket)(url.toString());
    this.socket = socket;
    let refusedStatus: number | null = null;
    socket.on('unexpected-response', (_request, response) => {
      refusedStatus = response.statusCode ?? null;
      response.resume();
      socket.terminate();
    });
    socket.on('open', () => {
      this.failures = 0;
      this.options.onStateChange?.({ state: 'open' });
    });
    socket.on('message', (data: RawData, isBinary: boolean) => this.deliver(data, isBinary));
    // Errors are followed by 'close', where the reconnect decision is made.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      if (refusedStatus === 401 || refusedStatus === 403) {
        this.stopped = true;
        this.options.onStateChange?.({ state: 'closed', reason: 'unauthorized' });
        return;
      }
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    this.failures++;
    if (this.failures > (this.options.maxFailures ?? 20)) {
      this.stopped = true;
      this.options.onStateChange?.({ state: 'closed', reason: 'gave-up' });
      return;
    }
    const delay = fullJitterDelay(this.failures - 1, {
      baseMs: this.options.baseDelayMs ?? 500,
      capMs: this.options.maxDelayMs ?? 30_000,
      random: this.options.random ?? Math.random,
    });
    this.options.onStateChange?.({ state: 'waiting', retryInMs: delay });
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.reconnect();
    }, delay);
  }

  /** `connect` handles its own failures (it schedules the next try); anything else is a bug, said once. */
  private reconnect(): void {
    this.connect().catch((error: unknown) => {
      console.error('The v1 socket could not reconnect', error);
    });
  }

  private deliver(data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data)
      ? Buffer.concat(data)
      : data instanceof ArrayBuffer
        ? Buffer.from(data)
        : data;
    if (isBinary) {
      this.options.onMessage(parseV1BinaryFrame(bytes));
      return;
    }
    const message = parseV1JsonFrame(bytes.toString('utf8'));
    if (message !== null) this.options.onMessage(message);
  }
}
