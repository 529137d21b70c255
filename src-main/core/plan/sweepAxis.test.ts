// A sweep as an axis: its target resolved against the workflow, its values typed as the input it replaces.
import { describe, expect, it } from 'vitest';
import { BatchPlanError } from './planError';
import { sweepAxis } from './sweepAxis';
import { workflowFixture } from './testing/workflowFixture';
import type { JsonValue } from './workflowShape';

function axisValues(text: string, readFile?: (name: string) => string): JsonValue[] {
  const axis = sweepAxis(text, workflowFixture(), readFile);
  return Array.from({ length: axis.length }, (_, i) => axis.valuesAt(i)[0] ?? null);
}

function failure(text: string, readFile?: (name: string) => string): BatchPlanError {
  try {
    sweepAxis(text, workflowFixture(), readFile);
  } catch (error) {
    if (error instanceof BatchPlanError) return error;
    throw error;
  }
  throw new Error(`${text} was accepted`);
}

describe('sweepAxis: typed values', () => {
  it('writes numbers into a number input, integers as integers', () => {
    const values = axisValues('3.cfg=7, 7.5,-2,1e1');
    expect(values).toEqual([7, 7.5, -2, 10]);
    expect(values.map((value) => Number.isInteger(value))).toEqual([true, false, true, true]);
    expect(JSON.stringify(values)).toBe('[7,7.5,-2,10]');
  });

  it('refuses a value that is not a number, naming the axis and the value', () => {
    const error = failure('3.seed=1,two,3');
    expect(error.message).toContain('3.seed=1,two,3');
    expect(error.message).toContain('"two" is not a number');
    expect(error.details).toEqual({
      part: 'sweep',
      source: '3.seed=1,two,3',
      target: '3.seed',
      value: 'two',
    });
  });

  it.each(['0x10', 'Infinity', 'NaN', '1 2', '7;5'])('refuses %j for a number input', (text) => {
    expect(failure(`3.cfg=${text}`).message).toMatch(/is not a number/);
  });

  it('writes true and false into a boolean input, in any case', () => {
    expect(axisValues('12.enabled=true,FALSE, True')).toEqual([true, false, true]);
  });

  it('refuses anything else for a boolean input', () => {
    const error = failure('12.enabled=true,1');
    expect(error.message).toMatch(/"1" is not true or false/);
    expect(error.details.value).toBe('1');
  });

  it('writes text into a text input as written, numbers included', () => {
    expect(axisValues('6.text=a cat,42,true')).toEqual(['a cat', '42', 'true']);
  });

  it('writes a range into a number input as numbers, lazily', () => {
    const axis = sweepAxis('3.seed=1..1000000000', workflowFixture(), undefined);
    expect(axis.length).toBe(1_000_000_000);
    expect(axis.valuesAt(999_999_999)).toEqual([1_000_000_000]);
  });

  it('writes a range into a text input as text', () => {
    expect(axisValues('6.text=1..3')).toEqual(['1', '2', '3']);
  });

  it('refuses a range for a boolean input', () => {
    expect(failure('12.enabled=0..1').message).toMatch(
      /holds true or false, so a range of numbers cannot go there/,
    );
  });

  it('types values from a file and names the line of a bad one', () => {
    expect(axisValues('3.cfg=@cfgs.txt', () => '5\n6.5\n')).toEqual([5, 6.5]);
    const error = failure('3.cfg=@cfgs.txt', () => '5\n\nhigh\n');
    expect(error.message).toContain('line 3 of cfgs.txt');
    expect(error.details).toMatchObject({ line: 3, value: 'high', target: '3.cfg' });
  });
});

describe('sweepAxis: targets', () => {
  it('refuses text without "=", with an example', () => {
    expect(failure('3.seed').message).toMatch(/Write NODE.INPUT=VALUES, for example 3.seed=1..8/);
  });

  it('refuses a target without a dot', () => {
    expect(failure('seed=1..3').message).toMatch(/does not name a node input/);
  });

  it('refuses a node that does not exist, listing the nodes', () => {
    const error = failure('99.seed=1..3');
    expect(error.message).toMatch(/no node "99"/);
    expect(error.message).toContain('3 (KSampler)');
    expect(error.details.target).toBe('99');
  });

  it('refuses an input the node does not have, listing the ones it can set', () => {
    const error = failure('3.sed=1..3');
    expect(error.message).toContain('Node 3 (KSampler) has no input "sed"');
    expect(error.message).toContain(
      'Inputs you can set: seed, steps, cfg, sampler_name, scheduler, denoise.',
    );
    expect(error.details.target).toBe('3.sed');
  });

  it('refuses a link, and lists the inputs that are values', () => {
    const error = failure('3.model=1,2');
    expect(error.message).toContain('3.model is wired to output 0 of node 4');
    expect(error.message).toContain('Inputs you can set: seed');
    expect(error.message).not.toMatch(/set:.*model/);
  });

  it('says so when a node has no input that holds a plain value', () => {
    expect(failure('8.strength=1').message).toContain('It has no inputs that hold a plain value.');
  });

  it('lists at most twenty nodes', () => {
    const workflow = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [String(i + 1), { class_type: `Node${i + 1}`, inputs: { n: 1 } }]),
    );
    const error = (() => {
      try {
        sweepAxis('99.n=1', workflow, undefined);
      } catch (caught) {
        return caught as BatchPlanError;
      }
      throw new Error('accepted');
    })();
    expect(error.message).toContain('20 (Node20), and 5 more.');
    expect(error.message).not.toContain('Node21');
  });

  it('shortens a long value in the message and in details', () => {
    const long = 'x'.repeat(500);
    const error = failure(`3.cfg=${long}`);
    expect(error.message).toContain(`"${'x'.repeat(60)}…"`);
    expect(error.message).toContain(`3.cfg=${'x'.repeat(73)}…: "`);
    expect(error.message.length).toBeLessThan(300);
    expect(error.details.source).toBe(`3.cfg=${long}`);
    expect(error.details.value).toBe(`${'x'.repeat(200)}…`);
  });

  it('refuses an input holding an object', () => {
    expect(failure('12.options=a').message).toMatch(/12.options holds an object/);
  });

  it('finds a node whose id holds a dot', () => {
    expect(axisValues('group.1.value=4,5')).toEqual([4, 5]);
  });

  it('keeps the axis as written for errors and previews', () => {
    const axis = sweepAxis(' 3.seed=1..3 ', workflowFixture(), undefined);
    expect(axis.source).toBe('3.seed=1..3');
    expect(axis.targets).toEqual([{ nodeId: '3', input: 'seed', key: '3.seed', kind: 'number' }]);
  });
});
