// Combining axes (every combination, or zipped), the item limit worked out before anything is built, and the
// caller's workflow left exactly as it was.
import { describe, expect, it, vi } from 'vitest';
import { isDomainError } from '../errors';
import { materialisePlan } from './batchPlan';
import { isBatchPlanError } from './planError';
import { DEFAULT_MAX_BATCH_ITEMS, planBatch } from './planBatch';
import { plan, refusal, refusalOf, rows, sweep } from './testing/planKit';
import { workflowFixture } from './testing/workflowFixture';

describe('planBatch: combining axes', () => {
  it('takes every combination, the first axis outermost', () => {
    expect(rows({ axes: [sweep('3.seed=1..2'), sweep('3.cfg=5,6,7')] })).toEqual([
      { '3.seed': 1, '3.cfg': 5 },
      { '3.seed': 1, '3.cfg': 6 },
      { '3.seed': 1, '3.cfg': 7 },
      { '3.seed': 2, '3.cfg': 5 },
      { '3.seed': 2, '3.cfg': 6 },
      { '3.seed': 2, '3.cfg': 7 },
    ]);
  });

  it('lists values in axis order', () => {
    const item = plan({ axes: [sweep('6.text=a'), sweep('3.seed=1')] }).itemAt(0);
    expect(item.values.map((value) => value.target)).toEqual(['6.text', '3.seed']);
  });

  it('multiplies three axes', () => {
    expect(plan({ axes: [sweep('3.seed=1..3'), sweep('3.cfg=5,6'), sweep('6.text=a,b,c,d')] }).count).toBe(
      24,
    );
  });

  it('pairs the axes value by value with zip', () => {
    expect(rows({ axes: [sweep('3.seed=1..3'), sweep('6.text=a,b,c')], zip: true })).toEqual([
      { '3.seed': 1, '6.text': 'a' },
      { '3.seed': 2, '6.text': 'b' },
      { '3.seed': 3, '6.text': 'c' },
    ]);
  });

  it('refuses a zip of axes of different lengths, naming each length', () => {
    const error = refusalOf({ axes: [sweep('3.seed=1..8'), sweep('6.text=a,b,c')], zip: true });
    expect(error.message).toContain('3.seed=1..8 has 8, 6.text=a,b,c has 3');
    expect(error.details).toEqual({
      part: 'zip',
      lengths: [
        { source: '3.seed=1..8', length: 8 },
        { source: '6.text=a,b,c', length: 3 },
      ],
    });
  });

  it('makes one item, the workflow as it is, with no axes', () => {
    const planned = plan({});
    expect(planned.count).toBe(1);
    const item = planned.itemAt(0);
    expect(item.values).toEqual([]);
    expect(item.workflow).toEqual(workflowFixture());
  });

  it('refuses two axes that set the same input', () => {
    const error = refusalOf({ axes: [sweep('3.seed=1..2'), sweep('3.seed=5,6')] });
    expect(error.message).toContain('3.seed is set by two axes (3.seed=1..2 and 3.seed=5,6)');
    expect(error.details).toMatchObject({ part: 'sweep', target: '3.seed' });
  });

  it('reads @file sweeps through the readFile it is given', () => {
    const readFile = vi.fn((name: string) => (name === 'cfgs.txt' ? '4\n5\n' : ''));
    expect(rows({ axes: [sweep('3.cfg=@cfgs.txt')] }, { readFile })).toEqual([
      { '3.cfg': 4 },
      { '3.cfg': 5 },
    ]);
  });
});

describe('planBatch: items', () => {
  it('writes the values into a copy of the workflow, and nowhere else', () => {
    const item = plan({ axes: [sweep('3.seed=9'), sweep('6.text=a dog')] }).itemAt(0);
    const expected = workflowFixture();
    expected['3']!.inputs.seed = 9;
    expected['6']!.inputs.text = 'a dog';
    expect(item.workflow).toEqual(expected);
  });

  it('keeps fields beside class_type and inputs', () => {
    expect(plan({}).itemAt(0).workflow['6']?._meta).toEqual({ title: 'Positive' });
  });

  it('never changes the workflow it was given', () => {
    const workflow = workflowFixture();
    const before = structuredClone(workflow);
    const planned = planBatch({ workflow, axes: [sweep('3.seed=1..3'), sweep('6.text=a,b')] });
    materialisePlan(planned);
    expect(workflow).toEqual(before);
  });

  it('is not changed by a later change to the caller’s workflow, or to another item', () => {
    const workflow = workflowFixture();
    const planned = planBatch({ workflow, axes: [sweep('3.seed=1..2')] });
    workflow['3']!.inputs.cfg = 99;
    (workflow['6']!._meta as { title: string }).title = 'changed';
    const first = planned.itemAt(0);
    first.workflow['3']!.inputs.steps = 1;
    const second = planned.itemAt(1);
    expect(second.workflow['3']?.inputs.cfg).toBe(7);
    expect(second.workflow['3']?.inputs.steps).toBe(20);
    expect(second.workflow['6']?._meta).toEqual({ title: 'Positive' });
  });

  it('builds items one at a time, from any position', () => {
    const planned = plan({ axes: [sweep('3.seed=1..10000')] });
    const clone = vi.spyOn(globalThis, 'structuredClone');
    const firstTwenty = [...planned.items(0, 20)];
    expect(firstTwenty).toHaveLength(20);
    expect(clone.mock.calls.length).toBeLessThan(100);
    clone.mockRestore();
    expect(firstTwenty[19]?.values).toEqual([{ target: '3.seed', value: 20 }]);
    expect(planned.itemAt(9_999).workflow['3']?.inputs.seed).toBe(10_000);
  });

  it('iterates every item, and materialises them all in order', () => {
    const planned = plan({ axes: [sweep('3.seed=1..3')] });
    expect([...planned].map((item) => item.index)).toEqual([0, 1, 2]);
    expect(materialisePlan(planned).map((item) => item.workflow['3']?.inputs.seed)).toEqual([1, 2, 3]);
  });

  it('clips items(from, to) to the plan', () => {
    const planned = plan({ axes: [sweep('3.seed=1..3')] });
    expect([...planned.items(2, 50)].map((item) => item.index)).toEqual([2]);
    expect([...planned.items(-5, 1)].map((item) => item.index)).toEqual([0]);
  });

  it('refuses an index outside the plan', () => {
    const planned = plan({ axes: [sweep('3.seed=1..3')] });
    expect(() => planned.itemAt(3)).toThrow(RangeError);
    expect(() => planned.itemAt(-1)).toThrow(RangeError);
    expect(() => planned.itemAt(0.5)).toThrow(RangeError);
  });
});

describe('planBatch: the item limit', () => {
  it('refuses a million-value range without reading a value of it', () => {
    const error = refusalOf({ axes: [sweep('3.seed=1..1000000')] });
    expect(error.message).toContain('1,000,000 items, more than the limit of 10,000');
    expect(error.message).not.toMatch(/zip/);
  });

  it('refuses a million combinations, and offers zip', () => {
    const error = refusalOf({ axes: [sweep('3.seed=1..1000'), sweep('3.steps=1..1000')] });
    expect(error.message).toContain('1,000,000 items, more than the limit of 10,000');
    expect(error.message).toMatch(/zip the axes/);
    expect(error.details).toEqual({ part: 'limit', count: '1000000', limit: DEFAULT_MAX_BATCH_ITEMS });
  });

  // Building even a fraction of these would never finish: the refusal proves the count came from lengths.
  it('counts past 2^53 exactly', () => {
    const error = refusalOf({
      axes: [sweep('3.seed=1..1000000000'), sweep('3.steps=1..1000000000'), sweep('5.width=1..1000000000')],
    });
    expect(error.details.count).toBe('1000000000000000000000000000');
  });

  it('accepts a plan of exactly the limit', () => {
    expect(plan({ axes: [sweep('3.seed=1..100'), sweep('3.steps=1..100')] }).count).toBe(10_000);
  });

  it('takes a limit of the caller’s', () => {
    expect(refusalOf({ axes: [sweep('3.seed=1..4')], maxItems: 3 }).message).toContain(
      '4 items, more than the limit of 3',
    );
    expect(plan({ axes: [sweep('3.seed=1..20000')], maxItems: 20_000 }).count).toBe(20_000);
  });

  it('counts zipped axes once', () => {
    expect(plan({ axes: [sweep('3.seed=1..10000'), sweep('3.steps=1..10000')], zip: true }).count).toBe(
      10_000,
    );
  });

  it('counts repeat copies against the limit', () => {
    expect(refusalOf({ axes: [sweep('3.seed=1..5000')], repeat: 3 }).details.count).toBe('15000');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a limit of %s', (maxItems) => {
    expect(refusalOf({ maxItems }).details.part).toBe('limit');
  });
});

describe('planBatch: errors', () => {
  it('throws domain errors with the code invalid_batch_plan', () => {
    const error = refusalOf({ axes: [sweep('3.seed=x')] });
    expect(isDomainError(error, 'invalid_batch_plan')).toBe(true);
    expect(isBatchPlanError(error)).toBe(true);
    expect(error.name).toBe('BatchPlanError');
  });
});

describe('planBatch: the workflow', () => {
  it('refuses a workflow whose node lacks a class_type, naming the node', () => {
    const error = refusal({ workflow: { '1': { inputs: {} } } });
    expect(error.message).toMatch(/not an API-format graph \(node 1\)/);
    expect(error.details).toEqual({ part: 'workflow', target: '1' });
  });

  it('refuses the editor’s own save format', () => {
    expect(refusal({ workflow: { nodes: [], links: [] } }).message).toMatch(
      /export the workflow in API format/,
    );
  });

  it('refuses an empty workflow', () => {
    expect(refusal({ workflow: {} }).message).toMatch(/no nodes/);
  });
});
