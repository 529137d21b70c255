// When the committed-spend meter says "low": under a tenth of the limit, or under a dollar (US cents); never when
// nothing is known.
import { describe, expect, it } from 'vitest';
import { isLow } from './spendTracker';

describe('isLow', () => {
  it.each([
    [{ limit: 50_000, current: 3, remaining: 49_997 }, false],
    [{ limit: 50_000, current: 45_001, remaining: 4_999 }, true],
    [{ limit: 500, current: 401, remaining: 99 }, true],
    [{ limit: 500, current: 300, remaining: 200 }, false],
    [{ limit: null, current: null, remaining: 99 }, true],
    [{ limit: 10_000, current: 9_500, remaining: null }, true],
    [{ limit: null, current: 5, remaining: null }, false],
  ])('%j → %s', (figures, low) => {
    expect(isLow(figures)).toBe(low);
  });
  it('is not low when nothing is known', () => {
    expect(isLow(null)).toBe(false);
  });
});
