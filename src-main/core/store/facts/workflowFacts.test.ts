import { describe, expect, it } from 'vitest';
import { textToImageWorkflow, type ApiWorkflow } from '../../../simulator/jobs/sampleWorkflows';
import { titleOf, workflowFacts } from './workflowFacts';

describe('workflowFacts (API format)', () => {
  it('reads prompts by the sampler they feed, and the sampler, model and size', () => {
    const facts = workflowFacts(textToImageWorkflow({ prompt: 'a lighthouse at dusk', seed: 41, steps: 20 }));
    expect(facts).toMatchObject({
      prompts: ['a lighthouse at dusk'],
      negatives: ['blurry'],
      seed: 41,
      steps: 20,
      cfg: 7,
      sampler: 'euler',
      scheduler: 'normal',
      denoise: 1,
      models: ['sd_xl_base_1.0.safetensors'],
      width: 64,
      height: 64,
    });
    expect(facts.strings).toContainEqual({
      at: '6.text',
      nodeClass: 'CLIPTextEncode',
      value: 'a lighthouse at dusk',
    });
    expect(facts.strings).toContainEqual({
      at: '9.filename_prefix',
      nodeClass: 'SaveImage',
      value: 'ComfyUI',
    });
  });

  it('follows a seed and a prompt wired from primitive nodes, and names LoRAs', () => {
    const workflow: ApiWorkflow = {
      ...textToImageWorkflow(),
      '20': { class_type: 'PrimitiveInt', inputs: { value: 123456 } },
      '21': { class_type: 'PrimitiveString', inputs: { value: 'a red fox in snow' } },
      '22': { class_type: 'LoraLoader', inputs: { lora_name: 'film-grain.safetensors', model: ['4', 0] } },
    };
    workflow['3'] = { ...workflow['3']!, inputs: { ...workflow['3']!.inputs, seed: ['20', 0] } };
    workflow['6'] = { ...workflow['6']!, inputs: { text: ['21', 0], clip: ['4', 1] } };
    const facts = workflowFacts(workflow);
    expect(facts.seed).toBe(123456);
    expect(facts.prompts).toEqual(['a red fox in snow']);
    expect(facts.loras).toEqual(['film-grain.safetensors']);
  });

  it('takes anything hostile without throwing, and bounds what it keeps', () => {
    expect(workflowFacts(null).prompts).toEqual([]);
    expect(workflowFacts({ a: 1, b: { class_type: 3 } }).strings).toEqual([]);
    const many = Object.fromEntries(
      Array.from({ length: 2_000 }, (_, i) => [
        String(i),
        { class_type: 'Note', inputs: { text: 'x'.repeat(10_000) } },
      ]),
    );
    const facts = workflowFacts(many);
    expect(facts.strings.length).toBeLessThanOrEqual(400);
    expect(Math.max(...facts.strings.map((s) => s.value.length))).toBeLessThanOrEqual(4_000);
  });
});

describe('workflowFacts (the editor’s save format)', () => {
  it('reads widget values by the node type’s widget order, and sides by links', () => {
    const save = {
      nodes: [
        { id: 4, type: 'CheckpointLoaderSimple', widgets_values: ['flux1-dev-fp8.safetensors'] },
        { id: 6, type: 'CLIPTextEncode', widgets_values: ['harbour at dawn, oil painting'] },
        { id: 7, type: 'CLIPTextEncode', widgets_values: ['watermark'] },
        { id: 5, type: 'EmptyLatentImage', widgets_values: [1024, 768, 1] },
        {
          id: 3,
          type: 'KSampler',
          widgets_values: [99, 'randomize', 28, 3.5, 'dpmpp_2m', 'karras', 0.8],
          inputs: [
            { name: 'positive', link: 1 },
            { name: 'negative', link: 2 },
          ],
        },
      ],
      links: [
        [1, 6, 0, 3, 1, 'CONDITIONING'],
        [2, 7, 0, 3, 2, 'CONDITIONING'],
      ],
    };
    expect(workflowFacts(save, 'save')).toMatchObject({
      prompts: ['harbour at dawn, oil painting'],
      negatives: ['watermark'],
      seed: 99,
      steps: 28,
      cfg: 3.5,
      sampler: 'dpmpp_2m',
      scheduler: 'karras',
      denoise: 0.8,
      models: ['flux1-dev-fp8.safetensors'],
      width: 1024,
      height: 768,
    });
  });
});

describe('titleOf', () => {
  it('names a job by its first prompt words, cut at a word', () => {
    const facts = workflowFacts(
      textToImageWorkflow({
        prompt: 'a lighthouse at dusk, dramatic clouds, volumetric light, 35mm film, grain',
      }),
    );
    expect(titleOf(facts, 40)).toBe('a lighthouse at dusk, dramatic clouds…');
    expect(titleOf(workflowFacts({}))).toBeNull();
  });
});
