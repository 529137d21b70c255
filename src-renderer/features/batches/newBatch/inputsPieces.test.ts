import { describe, expect, it } from 'vitest';
import type { BatchTemplate } from '../../../../src-shared/contract';
import { LoupeCallError } from '../../../lib/callError';
import { allToggled, toggled, withRange } from './inputsPicker/checklistSelection';
import { defaultFileTarget, fileTargets } from './inputsTargets';
import { EMPTY_DRAFT, type NewBatchDraft } from './newBatchStore';
import { placePlanError } from './planErrorPlace';
import { checkDraft } from './planRequest';
import { draftFromTemplate, templatePlanOf } from './templates/templateDraft';
import { readWorkflowText } from './workflowReading';

const GRAPH = {
  '3': { class_type: 'KSampler', inputs: { seed: 42, model: ['4', 0] } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a kite' } },
  '10': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
  '11': {
    class_type: 'LoadImageMask',
    inputs: { image: { __type: 'core/ASSET', info: { id: '0f3c9a1e77' } } },
  },
  '12': { class_type: 'Note', inputs: { text: 'see photo.jpg' } },
};
const WORKFLOW = { id: 7, name: 'relight.json', text: JSON.stringify(GRAPH) };
const api = readWorkflowText(WORKFLOW.text);
const draft = (patch: Partial<NewBatchDraft>): NewBatchDraft => ({
  ...EMPTY_DRAFT,
  workflow: WORKFLOW,
  ...patch,
});

describe('inputs axes in the plan request', () => {
  it('sends each inputs axis after the sweeps and before the table, keyed by its revision', () => {
    const check = checkDraft(
      draft({
        sweeps: [{ id: 1, text: '3.seed=1..2' }],
        inputs: [{ id: 2, target: '10.image', assetIds: ['b', 'a'], revision: 5 }],
        table: { id: 9, name: 't.csv', text: '6.text\nx\n' },
      }),
      api,
    );
    expect(check.request?.args.axes).toEqual([
      { kind: 'sweep', text: '3.seed=1..2' },
      { kind: 'inputs', target: '10.image', assetIds: ['b', 'a'] },
      { kind: 'table', csv: '6.text\nx\n', name: 't.csv' },
    ]);
    expect(check.request?.key).toBe(
      JSON.stringify([7, ['3.seed=1..2', 'inputs#2.5', 'table#9'], false, null]),
    );
  });

  it('refuses an input with more assets than the contract takes, and names it', () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => `a${i}`);
    const check = checkDraft(
      draft({ inputs: [{ id: 2, target: '10.image', assetIds: ids, revision: 1 }] }),
      api,
    );
    expect(check.request).toBeNull();
    expect(check.axesError).toBe('10.image has 10,001 assets; one input takes at most 10,000.');
  });

  it('places the planner’s refusal beside the inputs axis its source names', () => {
    const inputs = [
      { id: 4, target: '10.image', assetIds: ['a'], revision: 1 },
      { id: 5, target: '10.image', assetIds: ['a', 'b'], revision: 2 },
    ];
    const refusal = (source: string) =>
      new LoupeCallError({
        code: 'invalid_batch_plan',
        message: 'no',
        details: { part: 'inputs', source },
      });
    expect(placePlanError(refusal('10.image=2 assets'), [], inputs).place).toEqual({
      kind: 'inputs',
      inputsId: 5,
    });
    expect(placePlanError(refusal('10.image=1 asset'), [], inputs).place).toEqual({
      kind: 'inputs',
      inputsId: 4,
    });
    expect(placePlanError(refusal('9.image=1 asset'), [], inputs).place.kind).toBe('preview');
  });
});

describe('where files can go', () => {
  it('offers file inputs first (asset references, media names, Load… file inputs), then other text', () => {
    if (api.kind !== 'api') throw new Error('not read');
    const targets = fileTargets(api.nodes);
    expect(targets.map((t) => [t.target, t.likely])).toEqual([
      ['10.image', true],
      ['11.image', true],
      ['12.text', true],
      ['6.text', false],
    ]);
    expect(targets[1]?.now).toBe('asset 0f3c9a1e');
    expect(defaultFileTarget(targets, new Set())).toBe('10.image');
    expect(defaultFileTarget(targets, new Set(['10.image']))).toBe('11.image');
    expect(defaultFileTarget(targets.slice(3), new Set())).toBe('6.text');
    expect(defaultFileTarget([], new Set())).toBeNull();
  });
});

describe('the picker’s selection', () => {
  const shown = ['a', 'b', 'c', 'd'];
  it('keeps the order picked; ranges and select-all join in list order', () => {
    expect(toggled(['c'], 'a')).toEqual(['c', 'a']);
    expect(toggled(['c', 'a'], 'c')).toEqual(['a']);
    expect(withRange(['d'], shown, 'c', 'a')).toEqual(['d', 'a', 'b', 'c']);
    expect(withRange(['d'], shown, null, 'b')).toEqual(['d', 'b']);
    expect(allToggled(['z', 'c'], shown)).toEqual(['z', 'c', 'a', 'b', 'd']);
    expect(allToggled(['z', 'a', 'b', 'c', 'd'], shown)).toEqual(['z']);
  });
});

describe('templates', () => {
  it('a template opens as the draft it was saved from, and saves back the same plan', () => {
    const plan: BatchTemplate['plan'] = {
      workflowJson: WORKFLOW.text,
      fileName: 'relight.json',
      axes: [
        { kind: 'inputs', target: '10.image', assetIds: ['b', 'a'] },
        { kind: 'sweep', text: '3.seed=1..2' },
      ],
      zip: true,
      repeat: 3,
      window: 6,
      autoRetry: 4,
    };
    const { draft: opened, notes } = draftFromTemplate({
      id: 't1',
      name: 'Relight',
      savedAt: '2025-01-01T00:00:00.000Z',
      plan,
    });
    expect(notes).toEqual([
      'This template lists its axes in another order than this screen keeps them (sweeps, files, table): ' +
        'the items are the same, in another order.',
    ]);
    expect(opened.inputs.map((axis) => [axis.target, axis.assetIds])).toEqual([['10.image', ['b', 'a']]]);
    expect(opened).toMatchObject({ repeat: '3', zip: true, window: '6', autoRetry: true, name: 'Relight' });
    const again = templatePlanOf(checkDraft(opened, readWorkflowText(plan.workflowJson)));
    // The screen sends sweeps before inputs axes: the same axes, in the order it shows them.
    expect(again).toEqual({
      plan: { ...plan, axes: [plan.axes[1], plan.axes[0]] },
    });
  });
});
