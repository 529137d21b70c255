// Test support: a WebSocket client written on a bare TCP socket, so a test can send what a hostile page could
// and a library client would not (a frame whose header claims 60 MB, a compressed frame nobody negotiated),
// and so sending a large frame costs the test process no masking pass of its own (the mask key is zero,
// which the protocol allows). It reads the host's frames back: replies as text, and the close code.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../../src-shared/protocol';

/** A frame's header and payload, the payload masked with `mask` (a browser's key is random). */
export function maskedFrame(payload: Uint8Array, mask: Uint8Array, opcode = 0x1): Buffer {
  const frame = Buffer.concat([frameHeader(payload.length, opcode, false, mask), payload]);
  const start = frame.length - payload.length;
  for (let i = start; i < frame.length; i++) frame[i] = (frame[i] ?? 0) ^ (mask[(i - start) & 3] ?? 0);
  return frame;
}

export interface RawWsClient {
  /** The handshake's answer headers, lower-cased names. */
  headers: Record<string, string>;
  /**
   * Writes a frame header (FIN set); the payload follows with `write`, already masked with `mask` (a zero key,
   * the default, leaves it as it is).
   */
  writeHeader(length: number, options?: { opcode?: number; rsv1?: boolean; mask?: Uint8Array }): void;
  /** Writes payload bytes; resolves once the socket takes them (false when it has closed). */
  write(bytes: Uint8Array): Promise<boolean>;
  /** Header and payload at once, masked with a random key as a browser does (zero with `rsv1`). */
  sendText(text: string, options?: { rsv1?: boolean }): Promise<boolean>;
  /** The next text frame's payload, or null when the connection closed first. */
  nextText(): Promise<string | null>;
  /** When (performance.now()) the host's first frame arrived, or null before it has. */
  firstFrameAt(): number | null;
  /** The text frames received so far, taken. */
  takeTexts(): string[];
  /** Resolves with the close code the host sent, as soon as its close frame arrives (1006: dropped without one). */
  closed: Promise<number>;
  destroy(): void;
}

interface Frame {
  opcode: number;
  payload: Buffer;
}

function frameHeader(
  length: number,
  opcode: number,
  rsv1: boolean,
  mask: Uint8Array = new Uint8Array(4),
): Buffer {
  const first = 0x80 | (rsv1 ? 0x40 : 0) | opcode;
  if (length < 126) return Buffer.concat([Buffer.from([first, 0x80 | length]), mask]);
  if (length < 65_536) {
    const header = Buffer.alloc(4);
    header.writeUInt8(first, 0);
    header.writeUInt8(0x80 | 126, 1);
    header.writeUInt16BE(length, 2);
    return Buffer.concat([header, mask]);
  }
  const header = Buffer.alloc(10);
  header.writeUInt8(first, 0);
  header.writeUInt8(0x80 | 127, 1);
  header.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([header, mask]);
}

/** Frames the host sent, parsed from the bytes so far; returns what is left over. */
function parseFrames(buffer: Buffer, into: Frame[]): Buffer {
  let rest = buffer;
  for (;;) {
    if (rest.length < 2) return rest;
    const opcode = (rest[0] ?? 0) & 0x0f;
    let length = (rest[1] ?? 0) & 0x7f;
    let offset = 2;
    if (length === 126) {
      if (rest.length < 4) return rest;
      length = rest.readUInt16BE(2);
      offset = 4;
    } else if (length === 127) {
      if (rest.length < 10) return rest;
      length = Number(rest.readBigUInt64BE(2));
      offset = 10;
    }
    if (rest.length < offset + length) return rest;
    into.push({ opcode, payload: rest.subarray(offset, offset + length) });
    rest = rest.subarray(offset + length);
  }
}

export async function openRawWsClient(
  origin: string,
  token: string,
  options: {
    extensions?: string;
    /** Bytes written right behind the handshake, in the same write (the host reads them with it). */
    early?: Uint8Array;
  } = {},
): Promise<RawWsClient> {
  const { hostname, port } = new URL(origin);
  const socket: Socket = connect(Number(port), hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  socket.write(
    [
      `GET ${WS_PATH} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Protocol: ${WS_PROTOCOL}, ${WS_TOKEN_PREFIX}${token}`,
      `Origin: ${origin}`,
      ...(options.extensions === undefined ? [] : [`Sec-WebSocket-Extensions: ${options.extensions}`]),
      '',
      '',
    ].join('\r\n') + Buffer.from(options.early ?? new Uint8Array(0)).toString('latin1'),
    'latin1',
  );
  let pending: Buffer = Buffer.alloc(0);
  const headers = await new Promise<Record<string, string>>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      pending = Buffer.concat([pending, chunk]);
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onData);
      const [status = '', ...lines] = pending.subarray(0, end).toString('latin1').split('\r\n');
      pending = pending.subarray(end + 4);
      if (!status.includes(' 101 ')) reject(new Error(`handshake refused: ${status}`));
      resolve(
        Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
          }),
        ),
      );
    };
    socket.on('data', onData);
  });

  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => {
    resolveClosed = resolve;
  });
  let firstFrameAt: number | null = null;
  const take = (): void => {
    if (frames.length > 0) firstFrameAt ??= performance.now();
    const close = frames.find((frame) => frame.opcode === 0x8);
    if (close !== undefined) resolveClosed(close.payload.length >= 2 ? close.payload.readUInt16BE(0) : 1005);
    for (const waiter of waiters.splice(0)) waiter();
  };
  pending = parseFrames(pending, frames);
  take();
  socket.on('data', (chunk: Buffer) => {
    pending = parseFrames(Buffer.concat([pending, chunk]), frames);
    take();
  });
  socket.on('close', () => {
    ended = true;
    resolveClosed(1006);
    take();
  });

  const write = (bytes: Uint8Array): Promise<boolean> =>
    new Promise((resolve) => {
      if (socket.destroyed || ended) {
        resolve(false);
        return;
      }
      socket.write(bytes, (error) => resolve(error === undefined || error === null));
    });

  return {
    headers,
    writeHeader: (length, init = {}) => {
      if (!socket.destroyed)
        socket.write(frameHeader(length, init.opcode ?? 0x1, init.rsv1 === true, init.mask));
    },
    write,
    sendText: (text, init = {}) => {
      const payload = Buffer.from(text, 'utf8');
      if (init.rsv1 === true) return write(Buffer.concat([frameHeader(payload.length, 0x1, true), payload]));
      return write(maskedFrame(payload, randomBytes(4)));
    },
    nextText: async () => {
      for (;;) {
        const index = frames.findIndex((frame) => frame.opcode === 0x1);
        if (index !== -1) return (frames.splice(index, 1)[0]?.payload ?? Buffer.alloc(0)).toString('utf8');
        if (ended) return null;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    firstFrameAt: () => firstFrameAt,
    takeTexts: () => {
      const texts = frames
        .filter((frame) => frame.opcode === 0x1)
        .map((frame) => frame.payload.toString('utf8'));
      frames.splice(0, frames.length, ...frames.filter((frame) => frame.opcode !== 0x1));
      return texts;
    },
    closed,
    destroy: () => socket.destroy(),
  };
}
