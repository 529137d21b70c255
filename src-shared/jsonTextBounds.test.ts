import { describe, expect, it } from 'vitest';
import { JsonTextScanner, scanJsonText, type JsonTextLimits } from './jsonTextBounds';

const encoder = new TextEncoder();
const scan = (text: string, limits: JsonTextLimits = { maxDepth: 4, maxValues: 20 }) =>
  scanJsonText(encoder.encode(text), limits);

describe('scanJsonText', () => {
  it('passes JSON within the bounds, whatever its strings hold', () => {
    expect(scan('{"a":[1,2,{"b":"[[[[{{{{"}],"c":"\\"]]]}","d":null,"e":true}')).toEqual({ ok: true });
    expect(scan('"just a string"')).toEqual({ ok: true });
    expect(scan('  [ 1 , -2.5e3 , "é" ]  ')).toEqual({ ok: true });
  });

  it('refuses nesting deeper than the bound at the first level too many', () => {
    expect(scan('[[[[1]]]]')).toEqual({ ok: true });
    expect(scan('[[[[[1]]]]]')).toMatchObject({ ok: false, reason: 'it is nested more than 4 levels deep' });
    expect(scan('{"a":{"b":{"c":{"d":{}}}}}')).toMatchObject({ ok: false });
  });

  it('counts values, not keys, and refuses past the bound', () => {
    const twenty = `[${Array.from({ length: 19 }, () => '0').join(',')}]`;
    expect(scan(twenty)).toEqual({ ok: true });
    expect(scan(`[${Array.from({ length: 20 }, () => '"x"').join(',')}]`)).toMatchObject({
      ok: false,
      reason: 'it holds more than 20 values',
    });
    const keyed = `{${Array.from({ length: 19 }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(scan(keyed)).toEqual({ ok: true });
  });

  it('skips escapes inside strings: an escaped quote does not end one, an escaped backslash does not escape', () => {
    // Brackets inside the strings would cross the bound if they were counted.
    expect(scan('["\\\\", "\\"[[[[[[", "\\\\\\"]]]]]]"]')).toEqual({ ok: true });
    expect(scan('["\\\\"[[[[[["]')).toMatchObject({ ok: false });
  });

  it('says a stray closing bracket is not JSON, and waits for the rest of a string left open', () => {
    expect(scan(']')).toMatchObject({ ok: false, reason: 'it is not JSON' });
    // The next piece may close it; JSON.parse refuses what never does.
    expect(scan('["abc')).toEqual({ ok: true });
  });

  it('reads the text in pieces as it reads it whole, however it is cut', () => {
    const frame = `{"type":"call","requestId":12345,"name":"jobs.get","args":{"a":"x\\\\\\"[[[[[","b":${'['.repeat(6)}`;
    const bytes = encoder.encode(frame);
    const whole = scanJsonText(bytes, { maxDepth: 5, maxValues: 100 });
    expect(whole).toEqual({
      ok: false,
      reason: 'it is nested more than 5 levels deep',
      topMembers: { type: 'call', requestId: 12345, name: 'jobs.get' },
    });
    for (const size of [1, 2, 3, 7, 16]) {
      const scanner = new JsonTextScanner({ maxDepth: 5, maxValues: 100 });
      for (let at = 0; at < bytes.length; at += size)
        scanner.feed(bytes, at, Math.min(at + size, bytes.length));
      expect(scanner.verdict, `pieces of ${size}`).toEqual(whole);
    }
  });

  it('notes the top object’s scalar members it passed before refusing, so the refusal can be answered', () => {
    const frame = `{"type":"call","requestId":7,"name":"jobs.get","args":${'['.repeat(10)}${']'.repeat(10)}}`;
    expect(scan(frame)).toEqual({
      ok: false,
      reason: 'it is nested more than 4 levels deep',
      topMembers: { type: 'call', requestId: 7, name: 'jobs.get' },
    });
  });

  it('refuses a 30-million-deep frame at the first level too many', () => {
    const bytes = new Uint8Array(60_000_000);
    bytes.fill(0x5b, 0, 30_000_000);
    bytes.fill(0x5d, 30_000_000);
    expect(scanJsonText(bytes, { maxDepth: 65, maxValues: 1_000_000 })).toMatchObject({
      ok: false,
      reason: 'it is nested more than 65 levels deep',
    });
  });
});
