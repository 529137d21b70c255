// The workflow every trial runs, and how an item is told apart on the service's side: by the values the batch
// varies (the sampler's seed and the input file bound to the image loader). The hostile server reads the
// identity out of each submitted workflow, so jobs are counted per item without trusting anything Loupe says.
import { z } from 'zod';

/** The node and input a trial sweeps (`3.seed`), and the one its input files are bound to (`10.image`). */
export const SEED_TARGET = '3.seed';
export const IMAGE_TARGET = '10.image';
/** Seeds per input file: 5 files × 10 seeds = the 50 items of a trial. */
export const SEEDS_PER_FILE = 10;
export const INPUT_FILES = 5;

export function trialWorkflow(): Record<string, unknown> {
  return {
    '3': {
      class_type: 'KSampler',
      inputs: {
        seed: 0,
        steps: 4,
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
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'chaos.safetensors' } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse in a storm', clip: ['4', 1] } },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'calm', clip: ['4', 1] } },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'chaos', images: ['8', 0] } },
    '10': { class_type: 'LoadImage', inputs: { image: 'input.png' } },
  };
}

const identityShape = z.looseObject({
  '3': z.looseObject({ inputs: z.looseObject({ seed: z.number() }) }),
  '10': z.looseObject({
    inputs: z.looseObject({
      image: z.looseObject({ __type: z.literal('core/ASSET'), info: z.looseObject({ id: z.string() }) }),
    }),
  }),
});

/**
 * An item's identity, `<file tag>:<seed>`: the tag is the first 8 hex digits of the bound file's blake3 hash
 * (stable when the same file is uploaded again as another asset). Null when the workflow is not a trial's.
 */
export function identityOf(
  workflow: unknown,
  hashOfAsset: (assetId: string) => string | null,
): string | null {
  const parsed = identityShape.safeParse(workflow);
  if (!parsed.success) return null;
  const hash = hashOfAsset(parsed.data['10'].inputs.image.info.id);
  return hash === null ? null : `${fileTag(hash)}:${parsed.data['3'].inputs.seed}`;
}

/** `blake3:0123abcd…` → `0123abcd`. */
export function fileTag(hash: string): string {
  return hash.replace(/^blake3:/, '').slice(0, 8);
}
