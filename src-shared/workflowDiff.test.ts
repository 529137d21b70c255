import { describe, expect, it } from 'vitest';
import { DIFF_MAX_DIFFERENCES, DIFF_MAX_NODES, DIFF_SHOWN_LENGTH, diffWorkflows } from './workflowDiff';

function graph(seed: unknown, text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    '3': {
      class_type: 'KSampler',
      inputs: { seed, steps: 20, cfg: 7, model: ['4', 0], positive: ['6', 0] },
    },
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd.safetensors' } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text, clip: ['4', 1] } },
    ...extra,
  };
}

const longStart = 'a lighthouse on a cliff above a wild grey sea, oil painting, thick brush strokes, at ';

describe('diffWorkflows', () => {
  it('lists only the inputs whose values differ, long texts cut around the difference', () => {
    const diff = diffWorkflows([graph(41, `${longStart}dusk`), graph(42, `${longStart}dawn`)]);
    expect(diff.inputs.map((d) => d.target)).toEqual(['3.seed', '6.text']);
    expect(diff.inputs[0]?.line).toBe('3.seed 41 → 42');
    const text = diff.inputs[1]?.line ?? '';
    expect(text).toMatch(/^6\.text "….*dusk" → "….*dawn"$/);
    expect(text.length).toBeLessThan(2 * DIFF_SHOWN_LENGTH + 20);
    expect(diff.nodes).toEqual([]);
    expect(diff.truncated).toBe(0);
  });

  it('compares links as references, never following them', () => {
    const a = graph(1, 'x');
    const b = graph(1, 'x');
    (b['3'] as { inputs: Record<string, unknown> }).inputs.model = ['5', 0];
    const same = diffWorkflows([graph(1, 'x'), graph(1, 'x')]);
    expect(same.inputs).toEqual([]);
    const diff = diffWorkflows([a, b]);
    expect(diff.inputs).toHaveLength(1);
    expect(diff.inputs[0]?.line).toBe('3.model link 4:0 → link 5:0');
    expect(diff.inputs[0]?.values[1]).toEqual({ kind: 'link', node: '5', output: 0 });
  });

  it('names nodes present in only some workflows, and inputs one of them lacks', () => {
    const b = graph(1, 'x', { '9': { class_type: 'SaveImage', inputs: { images: ['8', 0] } } });
    (b['4'] as { inputs: Record<string, unknown> }).inputs.extra = true;
    const diff = diffWorkflows([graph(1, 'x'), b, graph(2, 'x')]);
    expect(diff.nodes).toEqual([{ nodeId: '9', classType: 'SaveImage', presentIn: [false, true, false] }]);
    expect(diff.inputs.map((d) => d.line)).toEqual(['3.seed 1 → 1 → 2', '4.extra (none) → true → (none)']);
  });

  it('sorts node ids as numbers and compares nested values deeply', () => {
    const a = {
      '10': { class_type: 'X', inputs: { v: { a: [1, 2] } } },
      '2': { class_type: 'Y', inputs: { v: 1 } },
    };
    const b = {
      '10': { class_type: 'X', inputs: { v: { a: [1, 3] } } },
      '2': { class_type: 'Y', inputs: { v: 2 } },
    };
    expect(diffWorkflows([a, b]).inputs.map((d) => d.line)).toEqual([
      '2.v 1 → 2',
      '10.v {"a":[1,2]} → {"a":[1,3]}',
    ]);
  });

  it('stays bounded on hostile workflows and says what it left out', () => {
    const many: Record<string, unknown> = {};
    const other: Record<string, unknown> = {};
    for (let i = 0; i < DIFF_MAX_NODES + 50; i++) {
      many[String(i)] = { class_type: 'N', inputs: { v: i } };
      other[String(i)] = { class_type: 'N', inputs: { v: i + 1 } };
    }
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = [deep, 0, 0];
    many['deep'] = { class_type: 'D', inputs: { v: deep, big: 'x'.repeat(1_000_000) } };
    other['deep'] = { class_type: 'D', inputs: { v: deep, big: 'y'.repeat(1_000_000) } };
    const started = Date.now();
    const diff = diffWorkflows([many, other]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(diff.inputs).toHaveLength(DIFF_MAX_DIFFERENCES);
    expect(diff.truncated).toBeGreaterThan(0);
  });

  it('never calls a too-large-to-compare value the same', () => {
    const nested = (): unknown => {
      let deep: unknown = 1;
      for (let i = 0; i < 30_000; i++) deep = [deep];
      return deep;
    };
    const a = { '1': { class_type: 'D', inputs: { v: nested() } } };
    const b = { '1': { class_type: 'D', inputs: { v: nested() } } };
    const diff = diffWorkflows([a, b]);
    expect(diff.inputs[0]?.target).toBe('1.v');
    expect(diff.inputs[0]?.line.length).toBeLessThan(200);
  });
});
