import { describe, expect, it } from 'vitest';
import { fullTitle } from './fullTitle';

describe('fullTitle', () => {
  it('a title cut from the first prompt gives the whole prompt, its whitespace on one line', () => {
    const prompt = 'a lighthouse on a cliff at dusk, stormy\n sea,   long exposure';
    expect(fullTitle({ title: 'a lighthouse on a cliff at dusk, stormy…', prompt })).toBe(
      'a lighthouse on a cliff at dusk, stormy sea, long exposure',
    );
  });

  it('keeps a title that is not the prompt cut short: whole, a batch name, or another text', () => {
    expect(fullTitle({ title: 'a fox', prompt: 'a fox' })).toBe('a fox');
    expect(fullTitle({ title: 'Lighthouse study · seed 3…', prompt: null })).toBe(
      'Lighthouse study · seed 3…',
    );
    expect(fullTitle({ title: 'something else…', prompt: 'a fox in the snow' })).toBe('something else…');
  });

  it('shows invisible and direction-changing characters in the prompt instead of obeying them', () => {
    const shown = fullTitle({ title: 'evil…', prompt: 'evil\u202Egnp.exe and more' });
    expect(shown).not.toContain('\u202E');
    expect(shown.startsWith('evil')).toBe(true);
  });
});
