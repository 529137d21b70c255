// The text after `=`: which form it is, lists and their escapes, files through the caller's readFile.
import { describe, expect, it, vi } from 'vitest';
import { BatchPlanError } from './planError';
import { readSweepSpec, type SweepValues } from './sweepSpec';

const SOURCE = '6.text=…';

function texts(spec: string, readFile?: (name: string) => string): string[] {
  const values: SweepValues = readSweepSpec(spec, SOURCE, readFile);
  if (values.form === 'range') throw new Error('read as a range');
  return values.texts;
}

function failure(spec: string, readFile?: (name: string) => string): BatchPlanError {
  try {
    readSweepSpec(spec, SOURCE, readFile);
  } catch (error) {
    if (error instanceof BatchPlanError) return error;
    throw error;
  }
  throw new Error(`${spec} was accepted`);
}

describe('readSweepSpec: forms', () => {
  it('reads START..END as a range', () => {
    const values = readSweepSpec('1..8', SOURCE, undefined);
    expect(values.form).toBe('range');
    expect(values.form === 'range' && values.range.length).toBe(8);
  });

  it('reports a wrong range as an error of the sweep, naming the range', () => {
    const error = failure('8..1');
    expect(error.code).toBe('invalid_batch_plan');
    expect(error.details).toMatchObject({ part: 'sweep', source: SOURCE, value: '8..1' });
    expect(error.message).toContain('8..1');
  });

  it('reads a list, trimming each value', () => {
    expect(texts('a, b ,c')).toEqual(['a', 'b', 'c']);
  });

  it('reads one value without commas as a list of one', () => {
    expect(texts('a cat')).toEqual(['a cat']);
  });

  it('refuses no values at all', () => {
    expect(failure('  ').message).toMatch(/no values after "="/);
  });

  it('refuses an empty value in a list, and says how to write a comma', () => {
    const error = failure('a,,b');
    expect(error.message).toMatch(/value 2 of the list is empty/);
    expect(error.message).toContain('\\,');
    expect(failure('a,b,').message).toMatch(/value 3/);
  });
});

describe('readSweepSpec: escapes', () => {
  it('keeps an escaped comma inside a value', () => {
    expect(texts('a\\, b,c')).toEqual(['a, b', 'c']);
  });

  it('reads \\\\ as one backslash, and \\\\, as a backslash then a split', () => {
    expect(texts('a\\\\,b')).toEqual(['a\\', 'b']);
  });

  it('keeps other backslashes as written, so a Windows path needs no doubling', () => {
    expect(texts('C:\\models\\x.safetensors')).toEqual(['C:\\models\\x.safetensors']);
  });

  it('reads \\@ as text, not a file', () => {
    const readFile = vi.fn(() => 'x');
    expect(texts('\\@home', readFile)).toEqual(['@home']);
    expect(readFile).not.toHaveBeenCalled();
  });

  it('reads an escaped range as text', () => {
    expect(texts('1\\..8')).toEqual(['1..8']);
  });
});

describe('readSweepSpec: files', () => {
  it('reads one value per line, skipping blank lines, for any line end', () => {
    const readFile = vi.fn(() => '\uFEFF5\r\n\r\n6.5\n  \n7\r8\n');
    const values = readSweepSpec('@cfgs.txt', SOURCE, readFile);
    expect(readFile).toHaveBeenCalledWith('cfgs.txt');
    expect(values).toEqual({
      form: 'file',
      name: 'cfgs.txt',
      texts: ['5', '6.5', '7', '8'],
      lines: [1, 3, 5, 6],
    });
  });

  it('keeps a line as written, commas and spaces included', () => {
    expect(texts('@p.txt', () => ' a cat, oil painting \nb')).toEqual([' a cat, oil painting ', 'b']);
  });

  it('refuses a file with no values', () => {
    expect(failure('@empty.txt', () => '\n \r\n').message).toMatch(/"empty.txt" has no values/);
  });

  it('refuses @ with no name', () => {
    expect(failure('@', () => '1').message).toMatch(/write the file name after @/);
  });

  it('refuses a file when the caller gave no way to read one', () => {
    const error = failure('@cfgs.txt');
    expect(error.message).toMatch(/cannot be read here/);
    expect(error.details).toMatchObject({ part: 'sweep', value: 'cfgs.txt' });
  });

  it('turns a failed read into a plan error that names the file and keeps the cause', () => {
    const cause = new Error('ENOENT: no such file');
    const error = failure('@missing.txt', () => {
      throw cause;
    });
    expect(error.message).toMatch(/"missing.txt" could not be read \(ENOENT: no such file\)/);
    expect(error.cause).toBe(cause);
  });
});
