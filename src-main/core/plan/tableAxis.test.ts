// Tables: a header of inputs, a row per position, every cell typed, and rows combined with sweeps.
import { describe, expect, it } from 'vitest';
import { plan, refusalOf, rows, sweep } from './testing/planKit';

const table = (csv: string, name?: string) =>
  ({ kind: 'table', csv, ...(name === undefined ? {} : { name }) }) as const;

describe('table axis', () => {
  it('makes one item per row, typing each cell as its input', () => {
    expect(
      rows({ axes: [table('3.seed,6.text,12.enabled\r\n1,"a cat, oil",true\r\n2,,false\r\n')] }),
    ).toEqual([
      { '3.seed': 1, '6.text': 'a cat, oil', '12.enabled': true },
      { '3.seed': 2, '6.text': '', '12.enabled': false },
    ]);
  });

  it('trims the header and reads a byte-order mark', () => {
    expect(rows({ axes: [table('\uFEFF 3.seed , 3.cfg \n1,7.5')] })).toEqual([{ '3.seed': 1, '3.cfg': 7.5 }]);
  });

  it('keeps a cell of text exactly, spaces and line breaks included', () => {
    expect(rows({ axes: [table('6.text\n" two\nlines "')] })).toEqual([{ '6.text': ' two\nlines ' }]);
  });

  it('multiplies with sweeps: each row with each combination', () => {
    expect(rows({ axes: [table('6.text\na\nb'), sweep('3.seed=1..2')] })).toEqual([
      { '6.text': 'a', '3.seed': 1 },
      { '6.text': 'a', '3.seed': 2 },
      { '6.text': 'b', '3.seed': 1 },
      { '6.text': 'b', '3.seed': 2 },
    ]);
  });

  it('counts as one axis in a zip', () => {
    expect(rows({ axes: [table('6.text,3.cfg\na,5\nb,6'), sweep('3.seed=1..2')], zip: true })).toEqual([
      { '6.text': 'a', '3.cfg': 5, '3.seed': 1 },
      { '6.text': 'b', '3.cfg': 6, '3.seed': 2 },
    ]);
    expect(
      refusalOf({ axes: [table('6.text\na\nb'), sweep('3.seed=1..3')], zip: true }).details.lengths,
    ).toEqual([
      { source: 'table', length: 2 },
      { source: '3.seed=1..3', length: 3 },
    ]);
  });

  it('refuses a bad cell, naming the table, row, line and column', () => {
    const error = refusalOf({ axes: [table('6.text,3.seed\n"multi\nline",1\nb,two', 'prompts.csv')] });
    expect(error.message).toContain('prompts.csv, row 2 (line 4), column 3.seed: "two" is not a number');
    expect(error.details).toEqual({
      part: 'table',
      source: 'prompts.csv',
      row: 2,
      line: 4,
      target: '3.seed',
      value: 'two',
    });
  });

  it('refuses a row with the wrong number of values', () => {
    const error = refusalOf({ axes: [table('6.text,3.seed\na, b,1')] });
    expect(error.message).toContain('row 1 (line 2) has 3 values, but the header names 2 columns');
    expect(error.details).toMatchObject({ row: 1, line: 2 });
  });

  it('refuses a header naming an input that does not exist, or is a link', () => {
    expect(refusalOf({ axes: [table('3.sed\n1')] }).message).toContain('has no input "sed"');
    expect(refusalOf({ axes: [table('3.model\n1')] }).details).toMatchObject({
      part: 'table',
      target: '3.model',
    });
  });

  it('refuses a header naming one input twice, or an empty column', () => {
    expect(refusalOf({ axes: [table('3.seed,3.seed\n1,2')] }).message).toMatch(/names 3.seed twice/);
    expect(refusalOf({ axes: [table('3.seed,\n1,2')] }).message).toMatch(/column 2 of the header is empty/);
  });

  it('refuses an empty table, and a header with no rows', () => {
    expect(refusalOf({ axes: [table('\n\n')] }).message).toMatch(/table is empty/);
    expect(refusalOf({ axes: [table('3.seed\n')] }).message).toMatch(/has a header but no rows/);
  });

  it('refuses broken quoting with its line', () => {
    const error = refusalOf({ axes: [table('6.text\n"never closed', 'p.csv')] });
    expect(error.message).toBe('p.csv, line 2: a quoted value is never closed.');
    expect(error.details).toEqual({ part: 'table', source: 'p.csv', line: 2 });
  });

  it('refuses a table and a sweep that set the same input', () => {
    expect(refusalOf({ axes: [table('3.seed\n1'), sweep('3.seed=2')] }).message).toMatch(/set by two axes/);
  });

  it('previews under its name', () => {
    expect(plan({ axes: [table('3.seed\n1', 'seeds.csv')] }).axes[0]?.source).toBe('seeds.csv');
  });
});
