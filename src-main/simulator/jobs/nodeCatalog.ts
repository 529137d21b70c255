// The node classes the simulated worker knows. One catalogue backs submit validation (unknown
// classes, missing inputs, wrong types) and v1 GET /api/object_info, so both always agree.

/** Socket types carried along links; widget types double as socket types when a widget is linked. */
export type SocketType =
  | 'MODEL'
  | 'CLIP'
  | 'VAE'
  | 'CONDITIONING'
  | 'LATENT'
  | 'IMAGE'
  | 'MASK'
  | 'AUDIO'
  | 'INT'
  | 'FLOAT'
  | 'STRING'
  | 'BOOLEAN'
  | '*';

export type InputSpec =
  | { kind: 'int'; min: number; max: number; default: number }
  | { kind: 'float'; min: number; max: number; default: number }
  | { kind: 'string'; default: string; multiline?: boolean; acceptsAsset?: boolean }
  | { kind: 'boolean'; default: boolean }
  | { kind: 'enum'; options: readonly string[]; acceptsAsset?: boolean }
  | { kind: 'socket'; type: SocketType };

/** What executing the node does in the simulated worker. */
export type NodeBehaviour =
  | 'checkpoint'
  | 'text_encode'
  | 'empty_latent'
  | 'sampler'
  | 'vae_decode'
  | 'load_image'
  | 'tone'
  | 'save_image'
  | 'save_audio'
  | 'save_video'
  | 'save_text'
  | 'save_text_batch'
  | 'save_latent'
  | 'fail'
  | 'crash_worker'
  | 'partner_image';

export interface NodeClass {
  name: string;
  displayName: string;
  category: string;
  description: string;
  required: Readonly<Record<string, InputSpec>>;
  optional: Readonly<Record<string, InputSpec>>;
  outputs: readonly SocketType[];
  outputNames: readonly string[];
  outputNode: boolean;
  behaviour: NodeBehaviour;
  /**
   * A partner (API) node: it calls a paid partner service billed to the account whose key came in the job's
   * `extra_data.api_key_svc_org`. object_info says so with `api_node: true` (false on every other class).
   */
  apiNode: boolean;
}

const checkpoints = [
  'sd_xl_base_1.0.safetensors',
  'v1-5-pruned-emaonly.safetensors',
  'flux1-dev-fp8.safetensors',
];
const samplers = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'ddim', 'uni_pc'];
const schedulers = ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple'];
const filenamePrefix = (value: string): InputSpec => ({ kind: 'string', default: value });
/** Lets a node be ordered after another without using its value. */
const afterAnything: Readonly<Record<string, InputSpec>> = { after: { kind: 'socket', type: '*' } };

type NodeClassSpec = Omit<NodeClass, 'optional' | 'outputs' | 'outputNames' | 'outputNode' | 'apiNode'> &
  Partial<Pick<NodeClass, 'optional' | 'outputs' | 'apiNode'>>;

/**
 * Like ComfyUI's built-ins, outputs are named after their socket types. Every node here either feeds links or
 * ends a branch (saving a file, failing, crashing), so the output nodes are exactly those without outputs.
 */
function nodeClass(spec: NodeClassSpec): NodeClass {
  const outputs = spec.outputs ?? [];
  return {
    name: spec.name,
    displayName: spec.displayName,
    category: spec.category,
    description: spec.description,
    required: spec.required,
    optional: spec.optional ?? {},
    outputs,
    outputNames: outputs,
    outputNode: outputs.length === 0,
    behaviour: spec.behaviour,
    apiNode: spec.apiNode ?? false,
  };
}

const classes: readonly NodeClass[] = [
  nodeClass({
    name: 'CheckpointLoaderSimple',
    displayName: 'Load Checkpoint',
    category: 'loaders',
    description: 'Loads a diffusion model checkpoint.',
    required: { ckpt_name: { kind: 'enum', options: checkpoints, acceptsAsset: true } },
    outputs: ['MODEL', 'CLIP', 'VAE'],
    behaviour: 'checkpoint',
  }),
  nodeClass({
    name: 'CLIPTextEncode',
    displayName: 'CLIP Text Encode (Prompt)',
    category: 'conditioning',
    description: 'Encodes a text prompt.',
    required: {
      text: { kind: 'string', default: '', multiline: true },
      clip: { kind: 'socket', type: 'CLIP' },
    },
    outputs: ['CONDITIONING'],
    behaviour: 'text_encode',
  }),
  nodeClass({
    name: 'EmptyLatentImage',
    displayName: 'Empty Latent Image',
    category: 'latent',
    description: 'Creates an empty latent batch.',
    required: {
      width: { kind: 'int', min: 16, max: 8192, default: 512 },
      height: { kind: 'int', min: 16, max: 8192, default: 512 },
      batch_size: { kind: 'int', min: 1, max: 64, default: 1 },
    },
    outputs: ['LATENT'],
    behaviour: 'empty_latent',
  }),
  nodeClass({
    name: 'KSampler',
    displayName: 'KSampler',
    category: 'sampling',
    description: 'Denoises a latent, one sampler step at a time.',
    required: {
      model: { kind: 'socket', type: 'MODEL' },
      seed: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 },
      steps: { kind: 'int', min: 1, max: 10_000, default: 20 },
      cfg: { kind: 'float', min: 0, max: 100, default: 8 },
      sampler_name: { kind: 'enum', options: samplers },
      scheduler: { kind: 'enum', options: schedulers },
      positive: { kind: 'socket', type: 'CONDITIONING' },
      negative: { kind: 'socket', type: 'CONDITIONING' },
      latent_image: { kind: 'socket', type: 'LATENT' },
      denoise: { kind: 'float', min: 0, max: 1, default: 1 },
    },
    outputs: ['LATENT'],
    behaviour: 'sampler',
  }),
  nodeClass({
    name: 'VAEDecode',
    displayName: 'VAE Decode',
    category: 'latent',
    description: 'Decodes a latent into images.',
    required: { samples: { kind: 'socket', type: 'LATENT' }, vae: { kind: 'socket', type: 'VAE' } },
    outputs: ['IMAGE'],
    behaviour: 'vae_decode',
  }),
  nodeClass({
    name: 'LoadImage',
    displayName: 'Load Image',
    category: 'image',
    description: 'Loads an input image (a file name or a core/ASSET reference).',
    required: { image: { kind: 'string', default: '', acceptsAsset: true } },
    outputs: ['IMAGE', 'MASK'],
    behaviour: 'load_image',
  }),
  nodeClass({
    name: 'AudioTone',
    displayName: 'Audio Tone',
    category: 'audio',
    description: 'Generates a sine tone.',
    required: {
      frequency_hz: { kind: 'float', min: 20, max: 20_000, default: 440 },
      duration_ms: { kind: 'int', min: 10, max: 60_000, default: 1000 },
    },
    outputs: ['AUDIO'],
    behaviour: 'tone',
  }),
  nodeClass({
    name: 'SaveImage',
    displayName: 'Save Image',
    category: 'image',
    description: 'Saves images as PNG outputs.',
    required: { images: { kind: 'socket', type: 'IMAGE' }, filename_prefix: filenamePrefix('ComfyUI') },
    behaviour: 'save_image',
  }),
  nodeClass({
    name: 'SaveAudio',
    displayName: 'Save Audio',
    category: 'audio',
    description: 'Saves audio as a WAV output.',
    required: { audio: { kind: 'socket', type: 'AUDIO' }, filename_prefix: filenamePrefix('audio/ComfyUI') },
    behaviour: 'save_audio',
  }),
  nodeClass({
    name: 'SaveWEBM',
    displayName: 'Save WEBM',
    category: 'image/video',
    description: 'Saves images as a WebM video output (the simulator writes one fixed short clip).',
    required: { images: { kind: 'socket', type: 'IMAGE' }, filename_prefix: filenamePrefix('video/ComfyUI') },
    behaviour: 'save_video',
  }),
  nodeClass({
    name: 'SaveText',
    displayName: 'Save Text',
    category: 'utils',
    description: 'Saves text as a .txt output.',
    required: {
      text: { kind: 'string', default: '', multiline: true },
      filename_prefix: filenamePrefix('text/ComfyUI'),
    },
    behaviour: 'save_text',
  }),
  nodeClass({
    name: 'SaveTextBatch',
    displayName: 'Save Text Batch (simulator)',
    category: 'testing',
    description:
      'Saves `count` small text outputs at once, numbered: one job with thousands of outputs, for clients to ' +
      'page through.',
    required: {
      text: { kind: 'string', default: 'line', multiline: true },
      count: { kind: 'int', min: 1, max: 20_000, default: 100 },
      filename_prefix: filenamePrefix('text/batch'),
    },
    behaviour: 'save_text_batch',
  }),
  nodeClass({
    name: 'SaveLatent',
    displayName: 'Save Latent',
    category: 'latent',
    description: 'Saves a latent as a .latent output.',
    required: {
      samples: { kind: 'socket', type: 'LATENT' },
      filename_prefix: filenamePrefix('latents/ComfyUI'),
    },
    behaviour: 'save_latent',
  }),
  nodeClass({
    name: 'FailNode',
    displayName: 'Fail (simulator)',
    category: 'testing',
    description: 'Raises an exception when executed: the job fails with node_execution_error.',
    required: { message: { kind: 'string', default: 'Simulated failure' } },
    optional: afterAnything,
    behaviour: 'fail',
  }),
  nodeClass({
    name: 'CrashWorkerNode',
    displayName: 'Crash Worker (simulator)',
    category: 'testing',
    description: 'The platform kills the worker while this node runs: the job fails and has no log.',
    required: {},
    optional: afterAnything,
    behaviour: 'crash_worker',
  }),
  nodeClass({
    name: 'PartnerImageNode',
    displayName: 'Partner Image (simulator)',
    category: 'api node/image',
    description:
      'Generates an image through a partner service, billed to the account whose API key came with the job ' +
      '(extra_data.api_key_svc_org). Without that key it fails as the real partner nodes do.',
    required: {
      prompt: { kind: 'string', default: '', multiline: true },
      width: { kind: 'int', min: 16, max: 2048, default: 512 },
      height: { kind: 'int', min: 16, max: 2048, default: 512 },
      seed: { kind: 'int', min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 },
    },
    outputs: ['IMAGE'],
    behaviour: 'partner_image',
    apiNode: true,
  }),
];

const byName = new Map(classes.map((c) => [c.name, c]));

export function findNodeClass(name: string): NodeClass | undefined {
  return byName.get(name);
}

export function allNodeClasses(): readonly NodeClass[] {
  return classes;
}

/** The socket type a widget input carries when it is fed by a link instead of a literal. */
export function socketTypeOf(spec: InputSpec): SocketType {
  switch (spec.kind) {
    case 'int':
      return 'INT';
    case 'float':
      return 'FLOAT';
    case 'string':
    case 'enum':
      return 'STRING';
    case 'boolean':
      return 'BOOLEAN';
    case 'socket':
      return spec.type;
  }
}
