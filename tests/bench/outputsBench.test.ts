// The outputs benchmark still runs and still compares like with like (a tiny size: speed is measured by
// `npm run bench -- outputs`, never here).
import { describe, expect, it } from 'vitest';
import { benchManyOutputs } from '../../bench/core/outputsBench';

describe('benchManyOutputs', () => {
  it('follows the jobs into the store, measures the old flush on the same jobs, and gives a ratio', async () => {
    const figures = await benchManyOutputs({ jobs: 1, outputsPerJob: 300 });
    const value = (start: string): number =>
      figures.find((f) => f.name.startsWith(start))?.value ?? Number.NaN;
    expect(figures.map((f) => f.name)).toContain('one flush as before / longest stall now');
    expect(value('1 jobs × 300 outputs, followed live: output transactions')).toBeGreaterThanOrEqual(2);
    const stall = value("1 jobs × 300 outputs, followed live: main's longest event-loop stall");
    const reference = value('reference, same run');
    expect(stall).toBeGreaterThan(0);
    // (The table rounds each figure, so the ratio is checked for being one, not to the digit.)
    expect(reference).toBeGreaterThanOrEqual(0);
    expect(Number.isFinite(value('one flush as before'))).toBe(true);
  }, 60_000);
});
