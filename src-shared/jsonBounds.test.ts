import { describe, expect, it } from 'vitest';
import { CONTRACT_ARGUMENT_LIMITS, checkJsonBounds } from './jsonBounds';

const small = { maxDepth: 4, maxNodes: 20, maxStringChars: 10 };

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('checkJsonBounds', () => {
  it('accepts ordinary values at the limits', () => {
    expect(checkJsonBounds({ a: [1, 'abc', null, { b: true }] }, small)).toEqual({ ok: true });
    expect(checkJsonBounds(nested(4), small)).toEqual({ ok: true });
    expect(checkJsonBounds('0123456789', small)).toEqual({ ok: true });
  });

  it('refuses nesting deeper than the limit, without overflowing on 100,000 levels', () => {
    expect(checkJsonBounds(nested(5), small)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('nested') as string,
    });
    expect(checkJsonBounds(nested(100_000), CONTRACT_ARGUMENT_LIMITS)).toMatchObject({ ok: false });
  });

  it('refuses too many values, too much text (keys count), and a value that contains itself (JSON never shares an object)', () => {
    expect(
      checkJsonBounds(
        Array.from({ length: 30 }, () => 0),
        small,
      ),
    ).toMatchObject({ ok: false });
    expect(checkJsonBounds({ abcdefghijk: 1 }, small)).toMatchObject({ ok: false });
    const loop: { self?: unknown } = {};
    loop.self = loop;
    expect(checkJsonBounds(loop, small)).toEqual({
      ok: false,
      reason: 'it refers to one object twice, or to itself',
    });
  });
});
