// Bounds a page's messages while they stream in, before the WebSocket library buffers them whole (issue 19,
// fault 6). It reads the client's frames off the raw socket ahead of ws (a prepended 'data' listener, so it
// sees every chunk first) and runs the JSON text scanner over each text message as its bytes arrive: a
// message nested too deep or holding too many values is refused at the chunk that crosses the bound, never
// buffered to its end, unmasked or parsed.
//
// Client frames are masked (RFC 6455 §5.3) and the scanner needs the real bytes, so the guard unmasks each
// payload in place, in words, and zeroes the frame's mask key where it stands: ws then reads a frame masked
// with zeros, which it passes through unchanged (its own byte-by-byte unmask of a 16 MiB message took main
// 300 ms). What the guard cannot read as a frame (a reserved bit, an unmasked frame, a length past the socket's
// limit), it leaves alone and stops: ws refuses those itself, and no later message counts as checked.
import { JsonTextScanner, type JsonTextLimits, type JsonTextVerdict } from '../../src-shared/jsonTextBounds';

export type OutOfBounds = Extract<JsonTextVerdict, { ok: false }>;

export interface FrameGuardOptions {
  limits: JsonTextLimits;
  /** The socket's own limit on a message (ws's maxPayload): past it, ws closes the connection. */
  maxMessageBytes: number;
  /**
   * A refused message with at most this much left of it (in its last frame) is passed over, and the
   * connection goes on: a page's one bad call should not cost it its connection. More than this, the guard
   * stops rather than let ws buffer the rest.
   */
  maxSkippedBytes: number;
  /**
   * A message crossed a bound, with its index (0 for the connection's first). `skipped`: the rest of it is
   * passed over and the guard reads on; otherwise it has stopped and the connection should close.
   */
  onOutOfBounds(refusal: OutOfBounds, messageIndex: number, skipped: boolean): void;
}

const OPCODE_CONTINUATION = 0x0;
const OPCODE_TEXT = 0x1;
const OPCODE_BINARY = 0x2;

const maskWord = new Uint32Array(1);
const maskWordBytes = new Uint8Array(maskWord.buffer);

/** XORs `bytes[start, start + length)` with `mask`, starting at `phase` within the key, in place. */
export function unmaskInPlace(
  bytes: Uint8Array,
  start: number,
  length: number,
  mask: Uint8Array,
  phase: number,
): void {
  const end = start + length;
  let i = start;
  // Byte by byte up to a 4-byte boundary of the underlying memory, then a word at a time.
  while (i < end && (bytes.byteOffset + i) % 4 !== 0) {
    bytes[i] = (bytes[i] ?? 0) ^ (mask[(phase + i - start) & 3] ?? 0);
    i++;
  }
  const words = Math.floor((end - i) / 4);
  if (words > 0) {
    for (let k = 0; k < 4; k++) maskWordBytes[k] = mask[(phase + i - start + k) & 3] ?? 0;
    const key = maskWord[0] ?? 0;
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) view[w] = (view[w] ?? 0) ^ key;
    i += words * 4;
  }
  while (i < end) {
    bytes[i] = (bytes[i] ?? 0) ^ (mask[(phase + i - start) & 3] ?? 0);
    i++;
  }
}

export class FrameGuard {
  /** The first message the guard did not read, once it has stopped. */
  private unreadFrom: number | null = null;
  /** Messages refused and passed over, until ws delivers them. */
  private readonly refused = new Set<number>();
  private stopped = false;
  private messages = 0;
  /** The frame header being read: its bytes, how many are in, and how many it has. */
  private readonly header = new Uint8Array(14);
  private headerFill = 0;
  private headerLength = 2;
  private payloadLeft = 0;
  private readonly mask = new Uint8Array(4);
  private phase = 0;
  private inPayload = false;
  /** The data frame's message is scanned (text), or not (binary; a control frame is not a message). */
  private scanner: JsonTextScanner | null = null;
  private messageBytes = 0;
  private messageFinal = false;
  private dataFrame = false;
  /** The rest of a refused message's last frame is being passed over. */
  private skipping = false;

  constructor(private readonly options: FrameGuardOptions) {}

  /**
   * Whether message `index`, which ws has just delivered, was read whole within bounds. ws delivers messages in
   * the order they came, and the guard has read every byte of one before ws can deliver it.
   */
  delivered(index: number): boolean {
    if (this.refused.delete(index)) return false;
    return this.unreadFrom === null || index < this.unreadFrom;
  }

  /** One chunk as the socket read it, before ws sees it. */
  take(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length && !this.stopped) {
      if (!this.inPayload) {
        i = this.readHeader(chunk, i);
        continue;
      }
      const length = Math.min(this.payloadLeft, chunk.length - i);
      unmaskInPlace(chunk, i, length, this.mask, this.phase);
      this.phase = (this.phase + length) & 3;
      const refusal = this.dataFrame ? (this.scanner?.feed(chunk, i, i + length) ?? null) : null;
      this.payloadLeft -= length;
      i += length;
      if (refusal !== null && !this.refuse(refusal)) return;
      if (this.payloadLeft === 0) this.endFrame();
    }
  }

  /** Reads header bytes from `at`; returns where it stopped. */
  private readHeader(chunk: Uint8Array, at: number): number {
    let i = at;
    while (i < chunk.length && this.headerFill < this.headerLength) {
      const byte = chunk[i] ?? 0;
      const index = this.headerFill;
      this.header[index] = byte;
      this.headerFill++;
      if (index === 1 && !this.startFrame()) return chunk.length;
      // The mask key (the header's last four bytes, once its length is known): kept here, zeroed where ws will
      // read it, since the payload reaches ws unmasked.
      if (index >= 2 && index >= this.headerLength - 4) chunk[i] = 0;
      i++;
      // Every length byte is in, the mask key not yet: a frame past the limit is left to ws untouched.
      if (this.headerFill === this.headerLength - 4 && !this.lengthFits()) return chunk.length;
    }
    if (this.headerFill === this.headerLength) this.openPayload();
    return i;
  }

  /** The first two bytes are in: a frame the guard can follow, or a stop. */
  private startFrame(): boolean {
    const first = this.header[0] ?? 0;
    const second = this.header[1] ?? 0;
    const opcode = first & 0x0f;
    const known = opcode <= OPCODE_BINARY || (opcode >= 0x8 && opcode <= 0xa);
    // Reserved bits (no extension is negotiated), an unknown opcode or an unmasked client frame: ws refuses it.
    if ((first & 0x70) !== 0 || !known || (second & 0x80) === 0) return this.stop();
    const length7 = second & 0x7f;
    this.headerLength = 2 + (length7 === 126 ? 2 : length7 === 127 ? 8 : 0) + 4;
    return true;
  }

  /** The extended length is in (or there is none): past the socket's limit, ws refuses the frame. */
  private lengthFits(): boolean {
    return this.payloadLength() <= this.options.maxMessageBytes || this.stop();
  }

  private payloadLength(): number {
    const length7 = (this.header[1] ?? 0) & 0x7f;
    if (length7 < 126) return length7;
    if (length7 === 126) return ((this.header[2] ?? 0) << 8) | (this.header[3] ?? 0);
    let length = 0;
    for (let k = 2; k < 10; k++) length = length * 256 + (this.header[k] ?? 0);
    return length;
  }

  private openPayload(): void {
    const first = this.header[0] ?? 0;
    const opcode = first & 0x0f;
    const length = this.payloadLength();
    if (length > this.options.maxMessageBytes) {
      this.stop();
      return;
    }
    this.mask.set(this.header.subarray(this.headerLength - 4, this.headerLength));
    this.payloadLeft = length;
    this.phase = 0;
    this.inPayload = true;
    this.dataFrame = opcode <= OPCODE_BINARY;
    if (this.dataFrame) {
      if (opcode !== OPCODE_CONTINUATION) {
        this.messageBytes = 0;
        this.scanner = opcode === OPCODE_TEXT ? new JsonTextScanner(this.options.limits) : null;
      }
      this.messageBytes += length;
      this.messageFinal = (first & 0x80) !== 0;
      if (this.messageBytes > this.options.maxMessageBytes) {
        this.stop();
        return;
      }
    }
    if (length === 0) this.endFrame();
  }

  private endFrame(): void {
    this.inPayload = false;
    this.headerFill = 0;
    this.headerLength = 2;
    if ((this.dataFrame || this.skipping) && this.messageFinal) {
      this.messages++;
      this.scanner = null;
      this.skipping = false;
    }
  }

  /** Refuses the message being read; true when the guard reads on (the rest of it is passed over). */
  private refuse(refusal: OutOfBounds): boolean {
    const index = this.messages;
    const skipped = this.messageFinal && this.payloadLeft <= this.options.maxSkippedBytes;
    if (skipped) {
      // The rest of this message is still unmasked for ws (which stays in step), but no longer scanned.
      this.refused.add(index);
      this.scanner = null;
      this.dataFrame = false;
      this.skipping = true;
    } else {
      this.stop();
    }
    this.options.onOutOfBounds(refusal, index, skipped);
    return skipped;
  }

  /** From here on nothing is read or changed, and no message counts as read. */
  private stop(): false {
    this.stopped = true;
    this.unreadFrom ??= this.messages;
    return false;
  }
}
