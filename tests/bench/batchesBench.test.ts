// The batches benchmark still runs and still compares like with like (a tiny size: speed is measured by
// `npm run bench`, never here).
import { describe, expect, it } from 'vitest';
import { benchBatchList } from '../../bench/core/batchesBench';

describe('benchBatchList', () => {
  it('times batches.list and the per-batch reference over the same store, and gives their ratio', () => {
    const figures = benchBatchList({ batches: 4, itemsPerBatch: 2, workflowBytes: 200, rounds: 1 });
    expect(figures.map((f) => f.name)).toEqual([
      'batches.list, 4 batches × 2 jobs',
      'reference: one batches.get per batch, 4 batches × 2 jobs',
      'one batches.get per batch / batches.list',
    ]);
    const [list, eachGet, ratio] = figures.map((f) => f.value);
    expect(list).toBeGreaterThan(0);
    expect(ratio).toBeCloseTo((eachGet ?? 0) / (list ?? 1), 6);
  });
});
