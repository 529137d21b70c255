// The preview: each varied input with its first values, the total, and the first items, built lazily.
import { describe, expect, it, vi } from 'vitest';
import { describePlan } from './describePlan';
import { plan, sweep } from './testing/planKit';

describe('describePlan', () => {
  it('lists each varied input, the count and the first items', () => {
    const planned = plan({
      axes: [sweep('3.seed=1..100'), { kind: 'table', csv: '6.text,3.cfg\na,5\nb,6', name: 't.csv' }],
    });
    const description = describePlan(planned, { items: 3, values: 2 });
    expect(description.count).toBe(200);
    expect(description.zip).toBe(false);
    expect(description.repeat).toBeNull();
    expect(description.columns).toEqual([
      { target: '3.seed', source: '3.seed=1..100', kind: 'sweep', length: 100, firstValues: [1, 2] },
      { target: '6.text', source: 't.csv', kind: 'table', length: 2, firstValues: ['a', 'b'] },
      { target: '3.cfg', source: 't.csv', kind: 'table', length: 2, firstValues: [5, 6] },
    ]);
    expect(description.items).toEqual([
      {
        index: 0,
        copy: 0,
        slug: 'seed-1_text-a_cfg-5',
        values: [
          { target: '3.seed', value: 1 },
          { target: '6.text', value: 'a' },
          { target: '3.cfg', value: 5 },
        ],
      },
      expect.objectContaining({ index: 1, slug: 'seed-1_text-b_cfg-6' }),
      expect.objectContaining({ index: 2, slug: 'seed-2_text-a_cfg-5' }),
    ]);
  });

  it('shows a repeat’s drawn seeds as columns', () => {
    const description = describePlan(plan({ repeat: 2 }, { random: () => 0.5 }));
    expect(description.repeat).toBe(2);
    expect(description.columns).toEqual([
      { target: '3.seed', source: 'repeat', kind: 'repeat', length: 2, firstValues: [2 ** 49, 2 ** 49] },
      {
        target: '11.noise_seed',
        source: 'repeat',
        kind: 'repeat',
        length: 2,
        firstValues: [2 ** 49, 2 ** 49],
      },
    ]);
  });

  it('shows twenty items by default and builds no workflow for them', () => {
    const planned = plan({ axes: [sweep('3.seed=1..10000')] });
    const itemAt = vi.spyOn(planned, 'itemAt');
    const description = describePlan(planned);
    expect(description.items).toHaveLength(20);
    expect(description.columns[0]?.firstValues).toEqual([1, 2, 3, 4, 5]);
    expect(itemAt).not.toHaveBeenCalled();
  });

  it('shows fewer items when the plan has fewer', () => {
    expect(describePlan(plan({ axes: [sweep('3.seed=1..3')] })).items).toHaveLength(3);
  });
});
