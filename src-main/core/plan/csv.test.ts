// The table reader: RFC 4180's quoting, every line end, the mark some editors put first, and the errors that
// must not be guessed around.
import { describe, expect, it } from 'vitest';
import { readCsv, type CsvRecord } from './csv';

function records(text: string): CsvRecord[] {
  const reading = readCsv(text);
  if (!reading.ok) throw new Error(`line ${reading.line}: ${reading.reason}`);
  return reading.records;
}

const fields = (text: string): string[][] => records(text).map((record) => record.fields);

describe('readCsv', () => {
  it('reads plain fields and rows', () => {
    expect(fields('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads the last row without a line end', () => {
    expect(fields('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('keeps commas and line breaks inside quotes, and reads "" as a quote', () => {
    expect(fields('text,n\n"a, b",1\n"line one\nline two",2\n"say ""hi""",3')).toEqual([
      ['text', 'n'],
      ['a, b', '1'],
      ['line one\nline two', '2'],
      ['say "hi"', '3'],
    ]);
  });

  it('reads CRLF and lone CR line ends, and keeps a CRLF inside quotes', () => {
    expect(fields('a\r\n"x\r\ny"\r\nz\rw')).toEqual([['a'], ['x\r\ny'], ['z'], ['w']]);
  });

  it('drops a byte-order mark before the first header', () => {
    expect(fields('\uFEFF3.seed\n1')[0]).toEqual(['3.seed']);
  });

  it('keeps empty fields, at the ends too', () => {
    expect(fields(',a,\n,,')).toEqual([
      ['', 'a', ''],
      ['', '', ''],
    ]);
  });

  it('skips blank lines but keeps a quoted empty value', () => {
    expect(fields('a\n\n1\r\n\r\n""\n')).toEqual([['a'], ['1'], ['']]);
  });

  it('ignores spaces around a quoted field', () => {
    expect(fields('3, "a, b" ,4')).toEqual([['3', 'a, b', '4']]);
  });

  it('keeps spaces of an unquoted field, and a quote inside it as text', () => {
    expect(fields(' a ,5" tall')).toEqual([[' a ', '5" tall']]);
  });

  it('numbers each record by the line it starts on, across quoted line breaks', () => {
    const lines = records('h\n"a\nb\nc"\n\nd\r\ne').map((record) => record.line);
    expect(lines).toEqual([1, 2, 6, 7]);
  });

  it('is empty for empty text', () => {
    expect(fields('')).toEqual([]);
    expect(fields('\n\n')).toEqual([]);
  });

  it('refuses a quote never closed, naming the line it opened on', () => {
    expect(readCsv('a\n1\n"open,2\n3')).toEqual({
      ok: false,
      reason: 'a quoted value is never closed',
      line: 3,
    });
  });

  it('refuses text after a closing quote, naming its line', () => {
    const reading = readCsv('a\n"x\ny"z');
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.line).toBe(3);
    expect(!reading.ok && reading.reason).toMatch(/text after a closing quote/);
  });
});
