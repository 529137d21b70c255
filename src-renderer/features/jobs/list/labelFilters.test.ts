import { describe, expect, it } from 'vitest';
import { labelFiltersSchema } from '../../../../src-shared/contract';
import { labelRecord, parseLabelFilter } from './labelFilters';

describe('label filters', () => {
  it('accepts key=value with the service key rules and keeps = inside the value', () => {
    expect(parseLabelFilter('project=lighthouse', [])).toEqual({
      ok: true,
      filter: { key: 'project', value: 'lighthouse' },
    });
    expect(parseLabelFilter('a.b_c-D9=x=y', [])).toEqual({
      ok: true,
      filter: { key: 'a.b_c-D9', value: 'x=y' },
    });
    expect(parseLabelFilter('k=', [])).toEqual({ ok: true, filter: { key: 'k', value: '' } });
    expect(parseLabelFilter(`${'k'.repeat(40)}=v`, []).ok).toBe(true);
  });

  it('refuses what the service would refuse, saying why', () => {
    const cases: [string, RegExp][] = [
      ['project', /key=value/],
      ['=value', /key is empty/],
      [`${'k'.repeat(41)}=v`, /at most 40/],
      ['pro ject=x', /not a label key/],
      ['prøject=x', /not a label key/],
      ['metadata[k]=x', /not a label key/],
      [`k=${'v'.repeat(1025)}`, /at most 1024/],
      ['k=a\u0000b', /control or direction/],
      ['k=\u001b[31mred', /control or direction/],
      ['k=abc\u202Etxt.exe', /control or direction/],
      ['k=a\u2066b', /control or direction/],
    ];
    for (const [text, message] of cases) {
      const result = parseLabelFilter(text, []);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
  });

  it('shows hidden characters in its message instead of passing them on', () => {
    const result = parseLabelFilter('k=abc\u202Etxt', []);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain('⟨U+202E⟩');
      expect(result.message).not.toContain('\u202E');
    }
  });

  it('allows at most three filters and one per key', () => {
    const three = [
      { key: 'a', value: '1' },
      { key: 'b', value: '2' },
      { key: 'c', value: '3' },
    ];
    expect(parseLabelFilter('d=4', three)).toEqual({
      ok: false,
      message: 'At most three label filters: remove one to add another.',
    });
    expect(parseLabelFilter('a=9', three.slice(0, 1)).ok).toBe(false);
    // What passes here also passes the contract's own schema.
    expect(labelFiltersSchema.safeParse(labelRecord(three)).success).toBe(true);
  });
});
