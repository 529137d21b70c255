// Ready-made API-format workflows over the simulator's node catalogue, used by the demo seed and by
// tests (and handy for anyone poking at the simulator with curl).

export type ApiWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown> }>;

export interface TextToImageParams {
  prompt?: string;
  steps?: number;
  width?: number;
  height?: number;
  batch?: number;
  seed?: number;
  filenamePrefix?: string;
}

export function textToImageWorkflow(params: TextToImageParams = {}): ApiWorkflow {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
    '5': {
      class_type: 'EmptyLatentImage',
      inputs: { width: params.width ?? 64, height: params.height ?? 64, batch_size: params.batch ?? 1 },
    },
    '6': {
      class_type: 'CLIPTextEncode',
      inputs: { text: params.prompt ?? 'a lighthouse at dusk', clip: ['4', 1] },
    },
    '7': { class_type: 'CLIPTextEncode', inputs: { text: 'blurry', clip: ['4', 1] } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        model: ['4', 0],
        seed: params.seed ?? 42,
        steps: params.steps ?? 4,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        positive: ['6', 0],
        negative: ['7', 0],
        latent_image: ['5', 0],
        denoise: 1,
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': {
      class_type: 'SaveImage',
      inputs: { images: ['8', 0], filename_prefix: params.filenamePrefix ?? 'ComfyUI' },
    },
  };
}

export function audioWorkflow(frequencyHz = 440, durationMs = 500): ApiWorkflow {
  return {
    '1': { class_type: 'AudioTone', inputs: { frequency_hz: frequencyHz, duration_ms: durationMs } },
    '2': { class_type: 'SaveAudio', inputs: { audio: ['1', 0], filename_prefix: 'audio/tone' } },
  };
}

/** The text-to-image chain saved as a video (SaveWEBM) instead of pictures: a job that makes only a video. */
export function videoWorkflow(params: TextToImageParams = {}): ApiWorkflow {
  return {
    ...textToImageWorkflow(params),
    '9': {
      class_type: 'SaveWEBM',
      inputs: { images: ['8', 0], filename_prefix: params.filenamePrefix ?? 'video/ComfyUI' },
    },
  };
}

export function textAndLatentWorkflow(text = 'caption: a lighthouse at dusk'): ApiWorkflow {
  return {
    '1': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '2': { class_type: 'SaveText', inputs: { text, filename_prefix: 'text/caption' } },
    '3': { class_type: 'SaveLatent', inputs: { samples: ['1', 0], filename_prefix: 'latents/demo' } },
  };
}

/** One job with `count` small text outputs (at most 20,000), written at once. */
export function manyOutputsWorkflow(count: number, text = 'line'): ApiWorkflow {
  return {
    '1': { class_type: 'SaveTextBatch', inputs: { text, count, filename_prefix: 'text/batch' } },
  };
}

export function failingWorkflow(message = 'Simulated failure'): ApiWorkflow {
  return {
    '1': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '2': { class_type: 'FailNode', inputs: { message, after: ['1', 0] } },
  };
}

export function crashingWorkflow(): ApiWorkflow {
  return {
    '1': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '2': { class_type: 'CrashWorkerNode', inputs: { after: ['1', 0] } },
  };
}

/**
 * A workflow with a partner (API) node: it runs only when the job's extra_data carries the account's own API
 * key, and otherwise fails as the real partner nodes do ("Unauthorized: Please login first …").
 */
export function partnerImageWorkflow(prompt = 'a lighthouse at dusk, by a partner model'): ApiWorkflow {
  return {
    '1': { class_type: 'PartnerImageNode', inputs: { prompt, width: 64, height: 64, seed: 7 } },
    '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'partner/image' } },
  };
}

/** A workflow that reads an uploaded asset through a core/ASSET reference. */
export function assetInputWorkflow(assetId: string): ApiWorkflow {
  return {
    '1': { class_type: 'LoadImage', inputs: { image: { __type: 'core/ASSET', info: { id: assetId } } } },
    '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'from-asset' } },
  };
}

/**
 * An image-to-image workflow whose LoadImage names a file (`10.image`), as the editor exports one: a batch binds
 * uploaded images to that input (an inputs axis), one item per image.
 */
export function loadImageWorkflow(image = 'example.png', filenamePrefix = 'variations'): ApiWorkflow {
  return {
    '10': { class_type: 'LoadImage', inputs: { image } },
    '12': { class_type: 'SaveImage', inputs: { images: ['10', 0], filename_prefix: filenamePrefix } },
  };
}

/** A small authoring (UI-format) document, the shape a `save`-format workflow response carries. */
export function uiWorkflowDocument(id: string): Record<string, unknown> {
  return {
    id,
    revision: 3,
    last_node_id: 9,
    last_link_id: 9,
    nodes: [
      {
        id: 4,
        type: 'CheckpointLoaderSimple',
        pos: [26, 474],
        size: [315, 98],
        widgets_values: ['sd_xl_base_1.0.safetensors'],
      },
      { id: 9, type: 'SaveImage', pos: [1451, 189], size: [210, 270], widgets_values: ['ComfyUI'] },
      { id: 10, type: 'Note', pos: [40, 40], size: [300, 120], widgets_values: ['Frontend-only note node'] },
    ],
    links: [[9, 8, 0, 9, 0, 'IMAGE']],
    groups: [],
    config: {},
    extra: { ds: { scale: 1, offset: [0, 0] } },
    version: 0.4,
  };
}
