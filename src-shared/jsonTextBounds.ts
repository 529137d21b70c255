// Bounds on JSON text, checked over its raw UTF-8 bytes as they arrive, before JSON.parse ever runs
// (ARCHITECTURE rule 10: every frame from a page is bounded before it is parsed). JSON.parse builds whatever it
// is given: a 60 MB message nested 30 million levels deep blocked main for 9.2 s and took it to 3.2 GB
// (issue 19) before the argument could be refused. This scanner keeps no tree, only a depth counter and one
// bit per open container; it takes the text in pieces (a socket's chunks) and stops at the first bound
// crossed, so a deep message is refused at its first chunk. String contents are skipped with indexOf, so a
// large honest string costs little. It does not validate: JSON.parse still does that, on text known to be
// within bounds.
//
// It also notes the scalar members of the top object it has passed (a message's type and requestId), so a
// message refused here can still be answered rather than dropped.

export interface JsonTextLimits {
  /** Nesting of arrays and objects; the top value is depth 1. */
  maxDepth: number;
  /** Values of any kind, containers included (object keys are not values). */
  maxValues: number;
}

export type JsonTextVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: string;
      /** Scalar members of the top object seen before the scan stopped: strings and numbers, as parsed. */
      topMembers: Record<string, string | number>;
    };

type Refusal = Extract<JsonTextVerdict, { ok: false }>;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function isDelimiter(byte: number): boolean {
  return (
    byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || byte === COLON || isWhitespace(byte)
  );
}

/** Between tokens, inside a string, right after a backslash in one, inside a number or literal. */
const Mode = { Between: 0, InString: 1, AfterBackslash: 2, InScalar: 3 } as const;
type Mode = (typeof Mode)[keyof typeof Mode];

/** Top-level keys and scalars longer than this are not noted (a requestId or a type is short). */
const maxNotedBytes = 64;
const decoder = new TextDecoder();

export class JsonTextScanner {
  private readonly isObject: Uint8Array;
  private readonly topMembers: Record<string, string | number> = {};
  private refusal: Refusal | null = null;
  private depth = 0;
  private values = 0;
  private expectKey = false;
  private mode: Mode = Mode.Between;
  /** The string being read is an object key. */
  private inKey = false;
  private topKey: string | null = null;
  /** The bytes of a top-level token being noted, or null when the current token is not noted. */
  private note: number[] | null = null;

  constructor(private readonly limits: JsonTextLimits) {
    this.isObject = new Uint8Array(limits.maxDepth + 2);
  }

  /** The verdict so far: a refusal once a bound was crossed, else ok. */
  get verdict(): JsonTextVerdict {
    return this.refusal ?? { ok: true };
  }

  /** Scans `bytes[start, end)`, the next piece of the text; returns the refusal once a bound is crossed. */
  feed(bytes: Uint8Array, start = 0, end = bytes.length): Refusal | null {
    if (this.refusal !== null) return this.refusal;
    let i = start;
    // Where the next quote and backslash are, remembered so a string of many escapes is not searched again
    // from each one (that would be quadratic).
    let nextQuote = -1;
    let nextBackslash = -1;
    while (i < end) {
      if (this.mode === Mode.InString) {
        if (nextQuote < i) nextQuote = indexIn(bytes, QUOTE, i, end);
        if (nextBackslash < i) nextBackslash = indexIn(bytes, BACKSLASH, i, end);
        if (nextBackslash < nextQuote) {
          this.noteBytes(bytes, i, nextBackslash + 1);
          i = nextBackslash + 1;
          this.mode = Mode.AfterBackslash;
          continue;
        }
        if (nextQuote === end) {
          this.noteBytes(bytes, i, end);
          return null;
        }
        this.noteBytes(bytes, i, nextQuote + 1);
        i = nextQuote + 1;
        this.mode = Mode.Between;
        this.endToken();
        continue;
      }
      const byte = bytes[i] ?? 0;
      if (this.mode === Mode.AfterBackslash) {
        this.noteBytes(bytes, i, i + 1);
        this.mode = Mode.InString;
        i++;
        continue;
      }
      if (this.mode === Mode.InScalar) {
        if (!isDelimiter(byte)) {
          this.noteBytes(bytes, i, i + 1);
          i++;
          continue;
        }
        this.mode = Mode.Between;
        this.endToken();
      }
      const refusal = this.between(byte, bytes, i);
      if (refusal !== null) return refusal;
      i++;
    }
    return null;
  }

  /** One byte outside strings and scalars: structure, or the start of a token. */
  private between(byte: number, bytes: Uint8Array, at: number): Refusal | null {
    if (isWhitespace(byte)) return null;
    switch (byte) {
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        this.depth += 1;
        if (this.depth > this.limits.maxDepth) {
          return this.refuse(`it is nested more than ${this.limits.maxDepth} levels deep`);
        }
        if (this.countValue()) return this.refusal;
        this.isObject[this.depth] = byte === OPEN_OBJECT ? 1 : 0;
        this.expectKey = byte === OPEN_OBJECT;
        return null;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        this.depth -= 1;
        if (this.depth < 0) return this.refuse('it is not JSON');
        this.expectKey = false;
        return null;
      case COMMA:
        this.expectKey = this.isObject[this.depth] === 1;
        return null;
      case COLON:
        this.expectKey = false;
        return null;
      case QUOTE:
        this.inKey = this.expectKey;
        if (!this.inKey && this.countValue()) return this.refusal;
        this.startToken(bytes, at);
        this.mode = Mode.InString;
        return null;
      default:
        // A number, true, false or null: runs to the next delimiter.
        if (this.countValue()) return this.refusal;
        this.inKey = false;
        this.startToken(bytes, at);
        this.mode = Mode.InScalar;
        return null;
    }
  }

  private countValue(): boolean {
    this.values += 1;
    if (this.values <= this.limits.maxValues) return false;
    this.refuse(`it holds more than ${this.limits.maxValues} values`);
    return true;
  }

  private refuse(reason: string): Refusal {
    this.refusal = { ok: false, reason, topMembers: this.topMembers };
    return this.refusal;
  }

  /** A key of the top object, or the scalar value of one of its members, is noted. */
  private startToken(bytes: Uint8Array, at: number): void {
    const topLevel = this.depth === 1 && this.isObject[1] === 1 && (this.inKey || this.topKey !== null);
    this.note = topLevel ? [] : null;
    this.noteBytes(bytes, at, at + 1);
  }

  private noteBytes(bytes: Uint8Array, from: number, to: number): void {
    const note = this.note;
    if (note === null) return;
    if (note.length + (to - from) > maxNotedBytes) {
      this.note = null;
      return;
    }
    for (let k = from; k < to; k++) note.push(bytes[k] ?? 0);
  }

  private endToken(): void {
    const note = this.note;
    this.note = null;
    if (this.inKey) {
      const key = note === null ? null : parsedScalar(note);
      this.topKey = typeof key === 'string' ? key : null;
      this.inKey = false;
      return;
    }
    if (note !== null && this.topKey !== null) {
      const value = parsedScalar(note);
      if (value !== null) this.topMembers[this.topKey] = value;
    }
    if (this.depth === 1) this.topKey = null;
  }
}

/** The index of `byte` in `bytes[from, end)`, or `end` when it is not there. */
function indexIn(bytes: Uint8Array, byte: number, from: number, end: number): number {
  const found = bytes.indexOf(byte, from);
  return found === -1 || found > end ? end : found;
}

function parsedScalar(note: readonly number[]): string | number | null {
  try {
    const value: unknown = JSON.parse(decoder.decode(Uint8Array.from(note)));
    return typeof value === 'string' || typeof value === 'number' ? value : null;
  } catch {
    return null;
  }
}

/** The whole text at once. */
export function scanJsonText(bytes: Uint8Array, limits: JsonTextLimits): JsonTextVerdict {
  const scanner = new JsonTextScanner(limits);
  scanner.feed(bytes);
  return scanner.verdict;
}
