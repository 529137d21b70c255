// The frame guard on its own: whatever pieces the socket cuts the bytes into, it follows the frames (fragments,
// control frames between them, binary messages), hands ws every frame unmasked under a zero key, and refuses the
// first message out of bounds by its index. What it cannot follow it leaves untouched.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FrameGuard, unmaskInPlace, type OutOfBounds } from './frameGuard';

interface PlainFrame {
  fin: boolean;
  opcode: number;
  payload: Buffer;
}

function encode(frame: PlainFrame, mask: Uint8Array): Buffer {
  const { payload } = frame;
  const length = payload.length;
  const first = (frame.fin ? 0x80 : 0) | frame.opcode;
  const size =
    length < 126 ? [0x80 | length] : length < 65_536 ? [0x80 | 126, length >> 8, length & 0xff] : null;
  if (size === null) throw new Error('test frames are small');
  const masked = Buffer.from(payload);
  unmaskInPlace(masked, 0, masked.length, mask, 0);
  return Buffer.concat([Buffer.from([first, ...size]), mask, masked]);
}

/** Reads frames back: header fields, the mask key as it now stands, the payload bytes as they now stand. */
function decode(bytes: Buffer): Array<PlainFrame & { mask: Buffer }> {
  const frames: Array<PlainFrame & { mask: Buffer }> = [];
  let at = 0;
  while (at < bytes.length) {
    const first = bytes[at] ?? 0;
    let length = (bytes[at + 1] ?? 0) & 0x7f;
    let offset = at + 2;
    if (length === 126) {
      length = bytes.readUInt16BE(offset);
      offset += 2;
    }
    const mask = bytes.subarray(offset, offset + 4);
    const payload = bytes.subarray(offset + 4, offset + 4 + length);
    frames.push({ fin: (first & 0x80) !== 0, opcode: first & 0x0f, mask, payload });
    at = offset + 4 + length;
  }
  return frames;
}

const text = (value: string): Buffer => Buffer.from(value, 'utf8');

function guardOver(stream: Buffer, pieceSize: number, maxSkippedBytes = 1000) {
  const refusals: Array<{ refusal: OutOfBounds; index: number; skipped: boolean }> = [];
  const guard = new FrameGuard({
    limits: { maxDepth: 4, maxValues: 1000 },
    maxMessageBytes: 100_000,
    maxSkippedBytes,
    onOutOfBounds: (refusal, index, skipped) => refusals.push({ refusal, index, skipped }),
  });
  // Views into one buffer, as the socket's chunks are: what the guard changes lands in `stream`.
  for (let at = 0; at < stream.length; at += pieceSize) guard.take(stream.subarray(at, at + pieceSize));
  return { guard, refusals };
}

describe('FrameGuard', () => {
  const plain: PlainFrame[] = [
    { fin: false, opcode: 0x1, payload: text('{"type":"call","requestId":1,') },
    { fin: true, opcode: 0x9, payload: text('ping') },
    { fin: true, opcode: 0x0, payload: text(`"args":{"big":"${'é[{'.repeat(10_000)}"}}`) },
    { fin: true, opcode: 0x2, payload: randomBytes(300) },
    { fin: true, opcode: 0x1, payload: text('{"type":"call","requestId":7,"args":[[[[[[1]]]]]]}') },
    { fin: true, opcode: 0x1, payload: text('{"type":"call","requestId":8,"args":{}}') },
  ];

  for (const pieceSize of [1, 3, 7, 64, 4096, 1_000_000]) {
    it(`follows fragments, control and binary frames in pieces of ${pieceSize}, unmasking in place`, () => {
      const stream = Buffer.concat(plain.map((frame) => encode(frame, randomBytes(4))));
      const { guard, refusals } = guardOver(stream, pieceSize);
      const seen = decode(stream);
      // Every frame reaches ws under a zero key, its payload as the page wrote it: the refused message's too, so
      // ws stays in step with the next one.
      for (const [index, frame] of seen.entries()) {
        expect(frame.mask.equals(Buffer.alloc(4)), `frame ${index} key`).toBe(true);
        expect(frame.payload.equals(plain[index]?.payload ?? Buffer.alloc(0)), `frame ${index}`).toBe(true);
      }
      expect(refusals).toMatchObject([
        {
          index: 2,
          skipped: true,
          refusal: { reason: 'it is nested more than 4 levels deep', topMembers: { requestId: 7 } },
        },
      ]);
      expect([0, 1, 2, 3].map((index) => guard.delivered(index))).toEqual([true, true, false, true]);
    });
  }

  it('stops at a refused message with more left of it than it passes over', () => {
    const stream = Buffer.concat(plain.map((frame) => encode(frame, randomBytes(4))));
    const { guard, refusals } = guardOver(stream, 1, 0);
    expect(refusals).toMatchObject([{ index: 2, skipped: false }]);
    expect([0, 1, 2, 3].map((index) => guard.delivered(index))).toEqual([true, true, false, false]);
  });

  it('leaves a frame it cannot follow untouched, and counts nothing after it as checked', () => {
    const mask = randomBytes(4);
    const reserved = encode({ fin: true, opcode: 0x1, payload: text('{"a":1}') }, mask);
    reserved[0] = (reserved[0] ?? 0) | 0x40;
    const before = Buffer.from(reserved);
    const { guard, refusals } = guardOver(reserved, 3);
    expect(reserved.equals(before)).toBe(true);
    expect(refusals).toEqual([]);
    expect(guard.delivered(0)).toBe(false);
  });

  it('stands aside at a length past the limit, before the mask key, for ws to refuse', () => {
    const header = Buffer.from([0x81, 0x80 | 127, 0, 0, 0, 0, 0x03, 0x93, 0x87, 0x00, 1, 2, 3, 4]);
    const before = Buffer.from(header);
    const { guard } = guardOver(header, 5);
    expect(header.equals(before)).toBe(true);
    expect(guard.delivered(0)).toBe(false);
  });

  it('unmasks in words whatever the alignment and the key phase', () => {
    const original = randomBytes(1000);
    const mask = randomBytes(4);
    for (const [start, phase] of [
      [0, 0],
      [1, 3],
      [2, 1],
      [3, 2],
    ] as const) {
      const bytes = Buffer.from(original);
      unmaskInPlace(bytes, start, 900, mask, phase);
      const expected = Buffer.from(original);
      for (let i = 0; i < 900; i++)
        expected[start + i] = (original[start + i] ?? 0) ^ (mask[(phase + i) & 3] ?? 0);
      expect(bytes.equals(expected), `start ${start}, phase ${phase}`).toBe(true);
    }
  });
});
