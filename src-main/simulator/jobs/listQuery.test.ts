// The list query parser on its own: the limit cap and cursor round trip, which the HTTP suite can
// only observe indirectly.
import { describe, expect, it } from 'vitest';
import { encodeCursor, parseListQuery } from './listQuery';

describe('parseListQuery', () => {
  it('defaults to 500 and reads a bigger limit as 500', () => {
    expect(parseListQuery('')).toMatchObject({ ok: true, query: { limit: 500, afterSeq: null } });
    expect(parseListQuery('limit=600')).toMatchObject({ ok: true, query: { limit: 500 } });
    expect(parseListQuery('limit=7')).toMatchObject({ ok: true, query: { limit: 7 } });
  });

  it('round-trips cursors', () => {
    expect(parseListQuery(`cursor=${encodeCursor(42)}`)).toMatchObject({ ok: true, query: { afterSeq: 42 } });
  });

  it('decodes filter values, + as space and %3B as a semicolon', () => {
    const parsed = parseListQuery('metadata[a]=x+y&metadata[b]=p%3Bq&metadata[c]=%C3%A9');
    expect(parsed.ok && Object.fromEntries(parsed.query.filters)).toEqual({ a: 'x y', b: 'p;q', c: 'é' });
  });
});
