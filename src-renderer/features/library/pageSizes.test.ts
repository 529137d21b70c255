// A search's first page is a screenful of the grid in the window, with rows to spare, never fewer than 40
// or more than a whole page; the pages after it are whole pages.
import { describe, expect, it } from 'vitest';
import { LIBRARY_PAGE_SIZE, firstPageLimit } from './pageSizes';

describe('the first page of a library search', () => {
  it('asks for the rows the window shows and four more, of the columns its width holds', () => {
    // Size M: 176 px tiles and an 8 px gap, 184 px a column; rows 228 px. 1,280 px hold 6 columns, and a
    // 760 px window shows 4 rows (3.3).
    expect(firstPageLimit('M', 'grid', { innerWidth: 1_280, innerHeight: 760 })).toBe(6 * (4 + 4));
    // Size S at 1,920 × 1,080: 120 px a column (16), rows 164 px (7).
    expect(firstPageLimit('S', 'grid', { innerWidth: 1_920, innerHeight: 1_080 })).toBe(16 * (7 + 4));
  });

  it('asks for at least 40 and at most a whole page', () => {
    expect(firstPageLimit('L', 'grid', { innerWidth: 400, innerHeight: 300 })).toBe(40);
    expect(firstPageLimit('M', 'list', { innerWidth: 1_280, innerHeight: 760 })).toBe(40);
    expect(firstPageLimit('S', 'grid', { innerWidth: 3_840, innerHeight: 2_160 })).toBe(LIBRARY_PAGE_SIZE);
  });

  it('asks for a whole page when the window says nothing sensible about its size', () => {
    expect(firstPageLimit('M', 'grid', { innerWidth: Number.NaN, innerHeight: 760 })).toBe(LIBRARY_PAGE_SIZE);
    expect(firstPageLimit('M', 'grid', { innerWidth: 1_280, innerHeight: Infinity })).toBe(LIBRARY_PAGE_SIZE);
  });
});
