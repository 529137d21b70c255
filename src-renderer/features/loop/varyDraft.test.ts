import { describe, expect, it } from 'vitest';
import type { JobRecipe } from '../../../src-shared/contract';
import { neighbourhoodSweeps, varyDraft } from './varyDraft';

const recipe: JobRecipe = {
  format: 'api',
  problem: null,
  workflowJson: '{"3":{"class_type":"KSampler","inputs":{"seed":41,"cfg":7}}}',
  inputs: [
    { target: '3.seed', classType: 'KSampler', value: 41, rule: null },
    { target: '3.cfg', classType: 'KSampler', value: 7, rule: null },
    { target: '3.steps', classType: 'KSampler', value: 20, rule: null },
  ],
  checked: false,
  batch: {
    batchId: 'b1',
    name: 'Dusk sweep',
    values: [
      { target: '6.text', value: 'a lighthouse, at dusk' },
      { target: '3.seed', value: 41 },
    ],
  },
};

describe('varyDraft', () => {
  it('opens the job’s workflow with its batch axes first, each holding the job’s own value', () => {
    const draft = varyDraft(recipe, 'job-1');
    expect(draft.workflow?.text).toBe(recipe.workflowJson);
    expect(draft.sweeps.map((sweep) => sweep.text)).toEqual(['6.text=a lighthouse\\, at dusk', '3.seed=41']);
    expect(draft.name).toBe('Variations of job-1');
  });

  it('refuses a recipe that cannot be run', () => {
    expect(() => varyDraft({ ...recipe, workflowJson: null }, 'job-1')).toThrow();
  });
});

describe('neighbourhoodSweeps', () => {
  it('proposes seed ± n and cfg ± one step, other axes held', () => {
    expect(neighbourhoodSweeps(recipe)).toEqual([
      '6.text=a lighthouse\\, at dusk',
      '3.seed=39..43',
      '3.cfg=6.5..7.5:0.5',
    ]);
    expect(neighbourhoodSweeps(recipe, { seedSpread: 50, cfgStep: 1 })).toEqual([
      '6.text=a lighthouse\\, at dusk',
      '3.seed=0..91',
      '3.cfg=6..8:1',
    ]);
  });
});
