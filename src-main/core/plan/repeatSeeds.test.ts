// Repeat: copies side by side, each with fresh seeds from the injected random, the swept seed left alone.
import { describe, expect, it, vi } from 'vitest';
import { planBatch } from './planBatch';
import { SEED_LIMIT, drawSeed } from './repeatSeeds';
import { plan, refusalOf, rows, sweep } from './testing/planKit';

/** A random that returns `values` in turn. */
function sequence(...values: number[]): () => number {
  let next = 0;
  return () => values[next++ % values.length] ?? 0;
}

describe('repeat', () => {
  it('makes copies of each combination, side by side', () => {
    const planned = plan({ axes: [sweep('6.text=a,b')], repeat: 3 }, { random: () => 0.5 });
    expect(planned.count).toBe(6);
    const items = [...planned.items()];
    expect(items.map((item) => item.workflow['6']?.inputs.text)).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
    expect(items.map((item) => item.copy)).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it('redraws every seed and noise_seed that holds a number, from the random it is given', () => {
    const items = rows({ repeat: 2 }, { random: sequence(0, 0.25, 0.5, 0.75) });
    expect(items).toEqual([
      { '3.seed': 0, '11.noise_seed': 0.25 * SEED_LIMIT },
      { '3.seed': 0.5 * SEED_LIMIT, '11.noise_seed': 0.75 * SEED_LIMIT },
    ]);
  });

  it('writes the drawn seeds into the workflow', () => {
    const item = plan({ repeat: 1 }, { random: sequence(0.5, 0.25) }).itemAt(0);
    expect(item.workflow['3']?.inputs.seed).toBe(2 ** 49);
    expect(item.workflow['11']?.inputs.noise_seed).toBe(2 ** 48);
  });

  it('leaves a seed an axis sets to the axis', () => {
    const items = rows({ axes: [sweep('3.seed=7')], repeat: 2 }, { random: () => 0.5 });
    expect(items).toEqual([
      { '3.seed': 7, '11.noise_seed': 2 ** 49 },
      { '3.seed': 7, '11.noise_seed': 2 ** 49 },
    ]);
  });

  it('leaves a seed that is a link alone', () => {
    const workflow = {
      '1': { class_type: 'Seed', inputs: { seed: 3 } },
      '2': { class_type: 'KSampler', inputs: { seed: ['1', 0], steps: 4 } },
    };
    const planned = planBatch({ workflow, repeat: 1 }, { random: () => 0.5 });
    expect(planned.itemAt(0).workflow['2']?.inputs.seed).toEqual(['1', 0]);
    expect(planned.itemAt(0).values).toEqual([{ target: '1.seed', value: 2 ** 49 }]);
  });

  it('draws once: an item reads the same seeds however often it is asked for', () => {
    const random = vi.fn(sequence(0.1, 0.2, 0.3, 0.4, 0.5, 0.6));
    const planned = plan({ repeat: 3 }, { random });
    expect(random).toHaveBeenCalledTimes(6);
    const later = planned.itemAt(2).values;
    expect(planned.itemAt(2).values).toEqual(later);
    expect(planned.itemAt(0).values).toEqual(
      plan({ repeat: 3 }, { random: sequence(0.1, 0.2) }).itemAt(0).values,
    );
  });

  it('keeps the workflow’s own seeds without repeat', () => {
    const random = vi.fn(() => 0.5);
    const item = plan({}, { random }).itemAt(0);
    expect(item.workflow['3']?.inputs.seed).toBe(42);
    expect(item.values).toEqual([]);
    expect(random).not.toHaveBeenCalled();
  });

  it('uses Math.random when no random is given, below 2^50', () => {
    const seeds = rows({ repeat: 50 }).map((row) => row['3.seed']);
    expect(
      seeds.every(
        (seed) => typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed < SEED_LIMIT,
      ),
    ).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(40);
  });

  it('keeps a drawn seed valid whatever the random returns', () => {
    expect(drawSeed(() => 1)).toBe(SEED_LIMIT - 1);
    expect(drawSeed(() => -0.5)).toBe(0);
    expect(drawSeed(() => Number.NaN)).toBe(0);
    expect(drawSeed(() => 0.999999999999)).toBeLessThan(SEED_LIMIT);
  });

  it.each([0, -2, 1.5])('refuses a repeat of %s', (repeat) => {
    expect(refusalOf({ repeat }).details.part).toBe('repeat');
  });

  it('adds the copy to the slug when there are several', () => {
    const items = [...plan({ axes: [sweep('3.cfg=7')], repeat: 2 }, { random: () => 0 }).items()];
    expect(items.map((item) => item.slug)).toEqual(['cfg-7_r1', 'cfg-7_r2']);
    expect(plan({ axes: [sweep('3.cfg=7')], repeat: 1 }, { random: () => 0 }).itemAt(0).slug).toBe('cfg-7');
  });
});
