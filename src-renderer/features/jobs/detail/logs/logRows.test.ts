import { describe, expect, it } from 'vitest';
import { buildLogRows, countLines, displayLogText } from './logRows';

const rowsOf = (text: string, width: number) => {
  const rows = buildLogRows(text, width);
  return rows.starts.map((start, index) => [
    rows.text.slice(start, rows.ends[index]),
    rows.lineNumbers[index],
  ]);
};

describe('log rows', () => {
  it('makes one row per line and cuts long lines into rows of the pane width', () => {
    expect(rowsOf('ab\ncdefg\n\nh', 3)).toEqual([
      ['ab', 1],
      ['cde', 2],
      ['fg', 0],
      ['', 3],
      ['h', 4],
    ]);
    expect(countLines('ab\ncdefg\n\nh')).toBe(4);
  });

  it('does not start an empty line after a final line break', () => {
    expect(rowsOf('one\ntwo\n', 80)).toEqual([
      ['one', 1],
      ['two', 2],
    ]);
    expect(countLines('one\ntwo\n')).toBe(2);
    expect(rowsOf('', 80)).toEqual([['', 1]]);
  });

  it('never splits a surrogate pair', () => {
    const rows = rowsOf('a😀b😀', 2);
    expect(rows.map(([text]) => text)).toEqual(['a', '😀', 'b', '😀']);
  });

  it('ends lines at \\r\\n and a lone \\r, and shows controls and bidi characters', () => {
    const text = displayLogText('a\r\nb\rc\u001b[31md\u202Ee\u0000');
    expect(text).toBe('a\nb\nc␛[31md⟨U+202E⟩e␀');
  });

  it('cuts a 5 MB line into rows quickly', () => {
    const started = performance.now();
    const rows = buildLogRows('x'.repeat(5 * 1024 * 1024), 120);
    expect(rows.starts).toHaveLength(Math.ceil((5 * 1024 * 1024) / 120));
    expect(rows.lineCount).toBe(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
