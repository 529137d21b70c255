import { describe, expect, it } from 'vitest';
import { LoupeCallError } from '../../../lib/callError';
import { EMPTY_DRAFT, type NewBatchDraft } from './newBatchStore';
import { placePlanError } from './planErrorPlace';
import { checkDraft, defaultBatchName } from './planRequest';
import { escapeListValue, guessSpec, listFromLines, sweepTarget, withSpec } from './sweepText';
import { readWorkflowText } from './workflowReading';

const WORKFLOW = { id: 7, name: 'kite.json', text: '{"1":{"class_type":"SaveText","inputs":{"text":"hi"}}}' };
const draft = (patch: Partial<NewBatchDraft>): NewBatchDraft => ({
  ...EMPTY_DRAFT,
  workflow: WORKFLOW,
  ...patch,
});
const api = readWorkflowText(WORKFLOW.text);

describe('sweep text', () => {
  it('guesses a short run from a value: four whole numbers, four halves, both booleans, the text itself', () => {
    expect(guessSpec(42)).toBe('42..45');
    expect(guessSpec(-1)).toBe('-1..2');
    expect(guessSpec(0.1)).toBe('0.1..1.6:0.5');
    expect(guessSpec(true)).toBe('true,false');
    expect(guessSpec('euler')).toBe('euler');
  });

  it('writes text so the planner reads it back as one value, never a list, a file or a range', () => {
    expect(escapeListValue('a, b')).toBe('a\\, b');
    expect(escapeListValue('C:\\x')).toBe('C:\\\\x');
    expect(escapeListValue('@home')).toBe('\\@home');
    expect(escapeListValue('1..8')).toBe('1\\.\\.8');
    expect(escapeListValue('a photo. cinematic')).toBe('a photo. cinematic');
  });

  it('turns a text file’s lines into a list, blank lines skipped, and keeps the sweep’s target', () => {
    expect(listFromLines('\uFEFFa red kite\r\n\r\ntwo, kites\n')).toBe('a red kite,two\\, kites');
    expect(withSpec('6.text=old', 'a,b')).toBe('6.text=a,b');
    expect(withSpec('6.text', 'a,b')).toBe('6.text=a,b');
    expect(sweepTarget(' 3.seed =1..8')).toBe('3.seed');
    expect(sweepTarget('3.seed')).toBeNull();
  });
});

describe('reading a workflow in the page', () => {
  it('lists nodes by id with their plain inputs; a saved request body is unwrapped as main does', () => {
    const wrapped = JSON.stringify({
      prompt: {
        '10': { class_type: 'B', inputs: { n: 1, link: ['2', 0] } },
        '2': { class_type: 'A', inputs: {} },
      },
    });
    const reading = readWorkflowText(wrapped);
    expect(reading).toEqual({
      kind: 'api',
      nodes: [
        { id: '2', classType: 'A', title: null, inputs: [], assetInputs: [], fixed: [] },
        {
          id: '10',
          classType: 'B',
          title: null,
          inputs: [{ name: 'n', value: 1 }],
          assetInputs: [],
          fixed: ['link'],
        },
      ],
    });
  });

  it('tells an editor save and text that is not JSON apart', () => {
    expect(readWorkflowText('{"nodes":[],"links":[]}').kind).toBe('ui');
    expect(readWorkflowText('{nope').kind).toBe('not_json');
  });
});

describe('the draft as a plan request', () => {
  it('sends sweeps as written and the table by text, but keys them by file id, not by their text', () => {
    const table = { id: 9, name: 'prompts.csv', text: '6.text\nkite\n' };
    const check = checkDraft(
      draft({
        sweeps: [
          { id: 1, text: '1.text=a,b' },
          { id: 2, text: '  ' },
        ],
        table,
      }),
      api,
    );
    expect(check.request?.args).toEqual({
      workflowJson: WORKFLOW.text,
      fileName: 'kite.json',
      axes: [
        { kind: 'sweep', text: '1.text=a,b' },
        { kind: 'table', csv: table.text, name: 'prompts.csv' },
      ],
    });
    expect(check.request?.key).toBe(JSON.stringify([7, ['1.text=a,b', 'table#9'], false, null]));
    expect(check.request?.key).not.toContain('SaveText');
  });

  it('asks for nothing while a field is wrong, and says which', () => {
    const short = checkDraft(draft({ sweeps: [{ id: 3, text: '3.' }] }), api);
    expect(short.request).toBeNull();
    expect(short.sweepErrors.get(3)).toBe('Write NODE.INPUT=VALUES, for example 3.seed=1..8.');
    const many = checkDraft(
      draft({ sweeps: Array.from({ length: 17 }, (_, id) => ({ id, text: `1.text=${id}` })) }),
      api,
    );
    expect(many.request).toBeNull();
    expect(many.axesError).toContain('at most 16 axes');
    expect(checkDraft(draft({ repeat: '0' }), api).request).toBeNull();
    expect(checkDraft(draft({ repeat: ' 12 ' }), api).request?.args.repeat).toBe(12);
    const window = checkDraft(draft({ window: '65' }), api);
    expect([window.window, window.windowError]).toEqual([null, 'A whole number from 1 to 64.']);
    // The window and the name are Start's, not the plan's: the preview still comes.
    expect(window.request).not.toBeNull();
    expect(checkDraft(draft({ name: ' ' }), api).nameError).toBe('Give the batch a name.');
    expect(checkDraft(draft({}), { kind: 'ui' }).request).toBeNull();
  });

  it('names the batch after its file unless the user names it', () => {
    expect(defaultBatchName('Lighthouse.JSON')).toBe('Lighthouse');
    expect(checkDraft(draft({}), api).name).toBe('kite');
    expect(checkDraft(draft({ name: ' Kites at noon ' }), api).name).toBe('Kites at noon');
  });
});

describe('where a refusal is shown', () => {
  const refusal = (details: unknown, code = 'invalid_batch_plan') =>
    new LoupeCallError({ code, message: 'No.', details });
  const sweeps = [
    { id: 1, text: '3.seed=1..2' },
    { id: 2, text: ' 3.cfg=x ' },
    { id: 3, text: '3.cfg=x' },
  ];

  it('beside the axis the planner names (the later of two alike), or the part it names', () => {
    expect(placePlanError(refusal({ part: 'sweep', source: '3.cfg=x' }), sweeps).place).toEqual({
      kind: 'sweep',
      sweepId: 3,
    });
    expect(placePlanError(refusal({ part: 'table', source: 'a.csv' }), sweeps).place.kind).toBe('table');
    expect(placePlanError(refusal({ part: 'zip' }), sweeps).place.kind).toBe('zip');
    expect(placePlanError(refusal({ part: 'limit' }), sweeps).place.kind).toBe('preview');
    expect(placePlanError(refusal({ part: 'sweep', source: 'gone=1' }), sweeps).place.kind).toBe('preview');
    expect(placePlanError(refusal(undefined, 'workflow_format_ui'), sweeps).place.kind).toBe('workflow');
    expect(placePlanError(new Error('boom'), sweeps).place.kind).toBe('preview');
  });
});
