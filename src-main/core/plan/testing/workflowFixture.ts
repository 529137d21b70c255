// A small text-to-image workflow for the planner's tests: a sampler with links and plain values, two prompts,
// an image loader, a second sampler with `noise_seed`, a boolean, and a node whose id holds a dot.
import type { ApiWorkflow } from '../workflowShape';

export function workflowFixture(): ApiWorkflow {
  return {
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: 42,
        steps: 20,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        denoise: 1,
        model: ['4', 0],
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
      },
    },
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd15.safetensors' } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 512, height: 512, batch_size: 1 } },
    '6': {
      class_type: 'CLIPTextEncode',
      inputs: { text: 'a cat', clip: ['4', 1] },
      _meta: { title: 'Positive' },
    },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'loupe', images: ['8', 0] } },
    '10': { class_type: 'LoadImage', inputs: { image: 'input.png' } },
    '11': { class_type: 'KSamplerAdvanced', inputs: { noise_seed: 5, add_noise: 'enable', model: ['4', 0] } },
    '12': { class_type: 'PreviewToggle', inputs: { enabled: true, options: { a: 1 } } },
    'group.1': { class_type: 'PrimitiveInt', inputs: { value: 3 } },
  };
}
