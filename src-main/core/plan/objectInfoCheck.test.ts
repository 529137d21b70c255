// Checking values against object_info: ranges, choices and types, one problem per input naming the first item
// that breaks the rule; classes and entries object_info does not describe are skipped.
import { describe, expect, it } from 'vitest';
import { checkAgainstObjectInfo } from './objectInfoCheck';
import { planBatch } from './planBatch';
import { plan, sweep } from './testing/planKit';

const OBJECT_INFO = {
  KSampler: {
    input: {
      required: {
        seed: ['INT', { default: 0, min: 0, max: 2 ** 64 }],
        steps: ['INT', { default: 20, min: 1, max: 10000 }],
        cfg: ['FLOAT', { default: 8, min: 0, max: 30, step: 0.1 }],
        sampler_name: [['euler', 'euler_ancestral', 'dpmpp_2m'], {}],
        scheduler: ['COMBO', { options: ['normal', 'karras'] }],
        denoise: ['FLOAT', { min: 0, max: 1 }],
      },
    },
  },
  CLIPTextEncode: { input: { required: { text: ['STRING', { multiline: true }], clip: ['CLIP'] } } },
  CheckpointLoaderSimple: { input: { required: { ckpt_name: [[]] } } },
  LoadImage: { input: { required: { image: [['input.png'], { image_upload: true }] } } },
  KSamplerAdvanced: { input: { required: { noise_seed: ['INT', { min: 0, max: 2 ** 32 - 1 }] } } },
  EmptyLatentImage: { input: { optional: { width: ['INT', { min: 16, max: 8192 }] } } },
};

const check = (axes: string[], options: { zip?: boolean; repeat?: number } = {}) =>
  checkAgainstObjectInfo(plan({ axes: axes.map(sweep), ...options }, { random: () => 0.5 }), OBJECT_INFO);

describe('checkAgainstObjectInfo', () => {
  it('finds nothing wrong with values inside the rules', () => {
    expect(
      check(['3.cfg=0..30:5', '3.sampler_name=euler,dpmpp_2m', '3.scheduler=karras', '6.text=a,b']),
    ).toEqual([]);
  });

  it('reports a value above the maximum, with the first item that holds it', () => {
    const problems = check(['3.seed=1..2', '3.cfg=20..40:5']);
    expect(problems).toEqual([
      {
        kind: 'above_max',
        target: '3.cfg',
        source: '3.cfg=20..40:5',
        itemIndex: 3,
        value: 35,
        offendingValues: 2,
        message:
          '3.cfg=20..40:5: 35 for 3.cfg does not fit KSampler, which takes at most 30; item 4 is the first ' +
          'with it (1 more value breaks the same rule).',
      },
    ]);
  });

  it('names the first item by the axis’s place in the order', () => {
    const [problem] = check(['3.cfg=29..31', '3.seed=1..4']);
    expect(problem).toMatchObject({ target: '3.cfg', value: 31, itemIndex: 8 });
  });

  it('reports a value below the minimum', () => {
    expect(check(['3.steps=0..3'])[0]).toMatchObject({ kind: 'below_min', value: 0, itemIndex: 0 });
  });

  it('reports a value that is not one of the choices, listing some', () => {
    const [problem] = check(['3.sampler_name=euler,eulr']);
    expect(problem).toMatchObject({ kind: 'not_a_choice', value: 'eulr', itemIndex: 1 });
    expect(problem?.message).toContain('one of "euler", "euler_ancestral", "dpmpp_2m"');
  });

  it('says how many choices there are when it lists only some', () => {
    const choices = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const info = { KSampler: { input: { required: { sampler_name: [choices] } } } };
    const [problem] = checkAgainstObjectInfo(plan({ axes: [sweep('3.sampler_name=z')] }), info);
    expect(problem?.message).toContain('one of "a", "b", "c", "d", "e", … (7 in all)');
  });

  it('reports text where true or false belongs, and a number where text belongs', () => {
    const workflow = { '1': { class_type: 'Toggle', inputs: { on: 'yes', label: 3 } } };
    const info = { Toggle: { input: { required: { on: ['BOOLEAN'], label: ['STRING'] } } } };
    const planned = planBatch({ workflow, axes: [sweep('1.on=yes,no'), sweep('1.label=1,2')] });
    expect(checkAgainstObjectInfo(planned, info).map((p) => [p.target, p.kind, p.message])).toEqual([
      ['1.on', 'wrong_type', expect.stringContaining('which takes true or false')],
      ['1.label', 'wrong_type', expect.stringContaining('which takes text')],
    ]);
  });

  it('reads choices written as COMBO with options', () => {
    expect(check(['3.scheduler=normal,exponential'])[0]).toMatchObject({
      kind: 'not_a_choice',
      value: 'exponential',
    });
  });

  it('reports a fraction where a whole number belongs', () => {
    expect(check(['3.steps=20,20.5'])[0]).toMatchObject({ kind: 'wrong_type', value: 20.5, itemIndex: 1 });
    expect(check(['3.steps=20,20.5'])[0]?.message).toContain('takes a whole number');
  });

  it('reads optional inputs too', () => {
    expect(check(['5.width=8,512'])[0]).toMatchObject({ kind: 'below_min', target: '5.width', value: 8 });
  });

  it('checks each column of a table', () => {
    const planned = plan({ axes: [{ kind: 'table', csv: '3.cfg,3.steps\n7,20\n50,0', name: 't.csv' }] });
    expect(checkAgainstObjectInfo(planned, OBJECT_INFO).map((p) => [p.target, p.kind, p.itemIndex])).toEqual([
      ['3.cfg', 'above_max', 1],
      ['3.steps', 'below_min', 1],
    ]);
  });

  it('checks a repeat’s seeds against a sampler that allows fewer', () => {
    const problems = check([], { repeat: 2 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      kind: 'above_max',
      target: '11.noise_seed',
      source: 'repeat',
      itemIndex: 0,
    });
    expect(problems[0]?.offendingValues).toBe(2);
  });

  it('skips classes it does not know, types it cannot read, and empty choice lists', () => {
    expect(check(['12.enabled=true,false', '4.ckpt_name=anything'])).toEqual([]);
    expect(
      checkAgainstObjectInfo(plan({ axes: [sweep('3.cfg=99')] }), { KSampler: { input: 'broken' } }),
    ).toEqual([]);
    expect(checkAgainstObjectInfo(plan({ axes: [sweep('3.cfg=99')] }), null)).toEqual([]);
    expect(
      checkAgainstObjectInfo(plan({ axes: [sweep('3.cfg=99')] }), {
        KSampler: { input: { required: { cfg: 'x' } } },
      }),
    ).toEqual([]);
  });

  it('does not hold uploaded files against the choices of files on the service', () => {
    const planned = plan({ axes: [{ kind: 'inputs', target: '10.image', assetIds: ['abc'] }] });
    expect(checkAgainstObjectInfo(planned, OBJECT_INFO)).toEqual([]);
  });

  it('reports each input once', () => {
    expect(check(['3.cfg=40,50,-1', '3.steps=0,20000'])).toHaveLength(2);
  });
});
