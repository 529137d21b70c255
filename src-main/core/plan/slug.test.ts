// Slugs: readable, short, and made only of characters every file system takes.
import { describe, expect, it } from 'vitest';
import { itemSlug } from './slug';
import { plan, sweep } from './testing/planKit';

const SAFE = /^[A-Za-z0-9._-]+$/;

describe('itemSlug', () => {
  it('names an item by its inputs and values', () => {
    expect(plan({ axes: [sweep('3.seed=3'), sweep('3.cfg=7.5')] }).itemAt(0).slug).toBe('seed-3_cfg-7.5');
  });

  it('replaces anything outside [A-Za-z0-9._-], and drops accents', () => {
    const slug = itemSlug([{ input: 'text', value: 'a cat/dog: "café" ☕' }], null, 0);
    expect(slug).toBe('text-a-cat-dog-cafe');
  });

  it('keeps a negative number’s sign and a boolean', () => {
    expect(
      itemSlug(
        [
          { input: 'x', value: -5 },
          { input: 'on', value: true },
        ],
        null,
        0,
      ),
    ).toBe('x--5_on-true');
  });

  it('shortens a long value, keeping a hash so different long values stay apart', () => {
    const a = itemSlug([{ input: 'text', value: `${'a very long prompt '.repeat(5)}ending one` }], null, 0);
    const b = itemSlug([{ input: 'text', value: `${'a very long prompt '.repeat(5)}ending two` }], null, 0);
    expect(a).not.toBe(b);
    expect(a.length).toBeLessThanOrEqual('text-'.length + 24);
    expect(a).toMatch(/^text-a-very-long-prom-[0-9a-z]{7}$/);
  });

  it('names an asset by the first 8 characters of its id', () => {
    const value = { __type: 'core/ASSET', info: { id: '0f3c9a1e-7b2d-4c1a-9e55-1a2b3c4d5e6f' } };
    expect(itemSlug([{ input: 'image', value }], null, 0)).toBe('image-0f3c9a1e');
  });

  it('adds the copy number', () => {
    expect(itemSlug([{ input: 'seed', value: 1 }], 2, 0)).toBe('seed-1_r2');
  });

  it('never starts with a dot or a dash, nor ends with a dot', () => {
    expect(itemSlug([{ input: '..', value: 'x.' }], null, 0)).toBe('x');
    expect(itemSlug([{ input: '-rf', value: '..' }], null, 0)).toBe('rf');
  });

  it('stays within 100 characters however many values', () => {
    const parts = Array.from({ length: 30 }, (_, i) => ({ input: `input${i}`, value: `value${i}` }));
    expect(itemSlug(parts, null, 0).length).toBeLessThanOrEqual(100);
  });

  it('names an item with nothing varied by its number', () => {
    expect(plan({}).itemAt(0).slug).toBe('item-1');
    expect(itemSlug([], null, 41)).toBe('item-42');
  });

  it('is always safe, whatever the text', () => {
    const nasty = [
      '../../etc/passwd',
      'CON',
      'a\u202Eb',
      '\u0000\n\t',
      '名前',
      '😀😀',
      'C:\\x',
      '  ',
      '.hidden',
    ];
    for (const value of nasty) {
      const slug = itemSlug([{ input: 'text', value }], null, 0);
      expect(slug, value).toMatch(SAFE);
      expect(slug.startsWith('.') || slug.startsWith('-'), value).toBe(false);
    }
  });
});
