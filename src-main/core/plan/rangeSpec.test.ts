// Ranges: inclusive ends, steps, negatives and decimals counted exactly, and the refusals.
import { describe, expect, it } from 'vitest';
import { looksLikeRange, readRange, type NumberRange } from './rangeSpec';

function values(spec: string): number[] {
  const reading = readRange(spec);
  if (!reading.ok) throw new Error(reading.reason);
  const range: NumberRange = reading.range;
  return Array.from({ length: range.length }, (_, i) => range.at(i));
}

function reason(spec: string): string {
  const reading = readRange(spec);
  if (reading.ok) throw new Error(`${spec} was read as a range`);
  return reading.reason;
}

describe('readRange', () => {
  it('includes both ends', () => {
    expect(values('1..8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('takes a step, and stops at the last value not past the end', () => {
    expect(values('1..100:5')).toEqual([
      1, 6, 11, 16, 21, 26, 31, 36, 41, 46, 51, 56, 61, 66, 71, 76, 81, 86, 91, 96,
    ]);
    expect(values('0..10:5')).toEqual([0, 5, 10]);
  });

  it('takes negative ends', () => {
    expect(values('-4..4:2')).toEqual([-4, -2, 0, 2, 4]);
    expect(values('-3..-1')).toEqual([-3, -2, -1]);
  });

  it('writes -0 as 0', () => {
    expect(Object.is(values('-0..1')[0], 0)).toBe(true);
  });

  it('counts decimals exactly, with no drift at the end', () => {
    expect(values('0.1..0.3:0.1')).toEqual([0.1, 0.2, 0.3]);
    expect(values('5..7:0.5')).toEqual([5, 5.5, 6, 6.5, 7]);
  });

  it('has one value when both ends are the same', () => {
    expect(values('3..3')).toEqual([3]);
  });

  it('allows spaces around the dots and the colon', () => {
    expect(values(' 1 .. 3 : 1 ')).toEqual([1, 2, 3]);
  });

  it('knows a long range by its length alone', () => {
    const reading = readRange('1..1000000000000');
    expect(reading.ok && reading.range.length).toBe(1_000_000_000_000);
    expect(reading.ok && reading.range.at(999_999_999_999)).toBe(1_000_000_000_000);
  });

  it('refuses a range that counts down, and says how to write it', () => {
    expect(reason('8..1')).toMatch(/ends below where it starts.*1\.\.8/);
  });

  it('refuses a step of 0 or less', () => {
    expect(reason('1..8:0')).toMatch(/step must be greater than 0/);
    expect(reason('1..8:-1')).toMatch(/step must be greater than 0/);
  });

  it('refuses numbers too large to count exactly', () => {
    expect(reason('1..99999999999999999999')).toMatch(/too large/);
  });

  it('refuses more decimal places than it can count in', () => {
    expect(reason('0..1:0.0000000001')).toMatch(/decimal places/);
  });
});

describe('looksLikeRange', () => {
  it('is true only for START..END[:STEP]', () => {
    expect(looksLikeRange('1..8')).toBe(true);
    expect(looksLikeRange('1..8:2')).toBe(true);
    expect(looksLikeRange('1..')).toBe(false);
    expect(looksLikeRange('a..b')).toBe(false);
    expect(looksLikeRange('1...8')).toBe(false);
    expect(looksLikeRange('1,8')).toBe(false);
  });
});
