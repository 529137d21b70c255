import { describe, expect, it } from 'vitest';
import { parseContentRange, parseRangeHeader, rangeHeaderOf, resolveRange } from './byteRange';

describe('byte ranges', () => {
  it('reads single ranges and ignores what it cannot use', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ kind: 'from', start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ kind: 'from', start: 100, end: null });
    expect(parseRangeHeader('bytes=-50')).toEqual({ kind: 'suffix', length: 50 });
    for (const ignored of [null, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,5-9', 'items=0-1', 'bytes=x-1']) {
      expect(parseRangeHeader(ignored)).toBeNull();
    }
  });

  it('resolves against the size: clamps the end, 416 past the end', () => {
    expect(resolveRange(parseRangeHeader('bytes=0-99'), 50)).toEqual({ kind: 'partial', start: 0, end: 49 });
    expect(resolveRange(parseRangeHeader('bytes=-10'), 50)).toEqual({ kind: 'partial', start: 40, end: 49 });
    expect(resolveRange(parseRangeHeader('bytes=-100'), 50)).toEqual({ kind: 'partial', start: 0, end: 49 });
    expect(resolveRange(parseRangeHeader('bytes=50-'), 50)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange(parseRangeHeader('bytes=-0'), 50)).toEqual({ kind: 'unsatisfiable' });
    expect(resolveRange(null, 50)).toEqual({ kind: 'full' });
  });

  it('normalises what goes upstream and reads Content-Range back', () => {
    expect(rangeHeaderOf({ kind: 'from', start: 3, end: null })).toBe('bytes=3-');
    expect(rangeHeaderOf({ kind: 'suffix', length: 7 })).toBe('bytes=-7');
    expect(parseContentRange('bytes 0-9/100')).toEqual({ start: 0, end: 9, size: 100 });
    expect(parseContentRange('bytes */100')).toEqual({ unsatisfied: true, size: 100 });
    expect(parseContentRange('nonsense')).toBeNull();
  });
});
