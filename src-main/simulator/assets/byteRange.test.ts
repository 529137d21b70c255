import { describe, expect, it } from 'vitest';
import { parseRange } from './byteRange';

describe('parseRange', () => {
  it('reads the single-range forms', () => {
    expect(parseRange(undefined, 10)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 10)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('BYTES = 2 - 4', 10)).toEqual({ kind: 'partial', start: 2, end: 4 });
    expect(parseRange('bytes=7-', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ kind: 'partial', start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ kind: 'partial', start: 0, end: 9 });
  });

  it('refuses ranges outside the content', () => {
    expect(parseRange('bytes=10-', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=10-20', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 10)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: malformed, inverted and multi-range headers', () => {
    for (const header of ['bytes=5-2', 'items=0-1', 'bytes=0-1,4-5', 'bytes=-', 'bytes=a-b']) {
      expect(parseRange(header, 10), header).toEqual({ kind: 'full' });
    }
  });
});
