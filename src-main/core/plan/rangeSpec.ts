// `1..8`, `1..100:5`, `-4..4:2`, `0.5..2:0.25`: a range of numbers read as a length and a rule for the i-th
// value, never as a list, so `1..1000000` costs nothing until the planner has checked the count.
//
// A range counts up only. `8..1` is refused rather than read as counting down: a range whose ends were typed
// the wrong way round is more often a slip than a wish, and a list (`8,7,6`) says a countdown plainly.
// Decimal ends and steps are counted in whole units of their finest decimal place, so `0.1..0.3:0.1` has
// exactly three values and the last is 0.3, not 0.30000000000000004.

export interface NumberRange {
  length: number;
  at(index: number): number;
}

export type RangeReading = { ok: true; range: NumberRange } | { ok: false; reason: string };

const NUMBER = String.raw`[+-]?\d+(?:\.\d+)?`;
const RANGE = new RegExp(String.raw`^(${NUMBER})\s*\.\.\s*(${NUMBER})(?:\s*:\s*(${NUMBER}))?$`);

/** True when `spec` is written as a range (it may still be a wrong one; see readRange). */
export function looksLikeRange(spec: string): boolean {
  return RANGE.test(spec.trim());
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** `text` in units of 10^-decimals, exactly (from its digits, not by multiplying a float). */
function scaled(text: string, decimals: number): number {
  const [whole = '', fraction = ''] = text.replace(/^\+/, '').split('.');
  return Number(whole + fraction.padEnd(decimals, '0'));
}

const MAX_DECIMALS = 9;

/** Reads a range written as `START..END[:STEP]`; the reason, for a person, when it cannot be one. */
export function readRange(spec: string): RangeReading {
  const match = RANGE.exec(spec.trim());
  if (match === null) return { ok: false, reason: 'it is not written START..END or START..END:STEP' };
  const [, startText = '', endText = '', stepText = '1'] = match;
  const decimals = Math.max(decimalsOf(startText), decimalsOf(endText), decimalsOf(stepText));
  if (decimals > MAX_DECIMALS) {
    return {
      ok: false,
      reason: `it has more than ${MAX_DECIMALS} decimal places; write the values as a list`,
    };
  }
  const start = scaled(startText, decimals);
  const end = scaled(endText, decimals);
  const step = scaled(stepText, decimals);
  if (![start, end, step].every((n) => Number.isSafeInteger(n))) {
    return { ok: false, reason: 'its numbers are too large to count exactly' };
  }
  if (step <= 0) return { ok: false, reason: 'its step must be greater than 0' };
  if (end < start) {
    return {
      ok: false,
      reason:
        `it ends below where it starts; a range counts up, so write ${endText}..${startText}, ` +
        'or list the values in the order you want',
    };
  }
  const unit = 10 ** decimals;
  // `+ 0` turns -0 (from `-0..3`) into 0, which is what JSON would write anyway.
  return {
    ok: true,
    range: { length: Math.floor((end - start) / step) + 1, at: (index) => (start + index * step) / unit + 0 },
  };
}
