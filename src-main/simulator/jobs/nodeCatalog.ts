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
  | 'save_text'
  | 'save_latent'
  | 'fail'
  | 'crash_worker';

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
}

const checkpoints = [
  'sd_xl_base_1.0.safetensors',
  'v1-5-pruned-emaonly.safetensors',
  'flux1-dev-fp8.safetensors',
];
const samplers = ['euler', 'euler_ancestral', 'dpmpp_2m', 'dpmpp_2m_sde', 'ddim', 'uni_pc'];
const schedulers = ['normal', 'karras', 'exponential', 'sgm_uniform', 'simple'];
const filenamePrefix = (value: string): InputSpec => ({ kind: 'string', default: value });

const classes: readonly NodeClass[] = [
  {
    name: 'CheckpointLoaderSimple',
    displayName: 'Load Checkpoint',
    category: 'loaders',
    description: 'Loads a diffusion model checkpoint.',
    required: { ckpt_name: { kind: 'enum', options: checkpoints, acceptsAsset: true } },
    optional: {},
    outputs: ['MODEL', 'CLIP', 'VAE'],
    outputNames: ['MODEL', 'CLIP', 'VAE'],
    outputNode: false,
    behaviour: 'checkpoint',
  },
  {
    name: 'CLIPTextEncode',
    displayName: 'CLIP Text Encode (Prompt)',
    category: 'conditioning',
    description: 'Encodes a text prompt.',
    required: {
      text: { kind: 'string', default: '', multiline: true },
      clip: { kind: 'socket', type: 'CLIP' },
    },
    optional: {},
    outputs: ['CONDITIONING'],
    outputNames: ['CONDITIONING'],
    outputNode: false,
    behaviour: 'text_encode',
  },
  {
    name: 'EmptyLatentImage',
    displayName: 'Empty Latent Image',
    category: 'latent',
    description: 'Creates an empty latent batch.',
    required: {
      width: { kind: 'int', min: 16, max: 8192, default: 512 },
      height: { kind: 'int', min: 16, max: 8192, default: 512 },
      batch_size: { kind: 'int', min: 1, max: 64, default: 1 },
    },
    optional: {},
    outputs: ['LATENT'],
    outputNames: ['LATENT'],
    outputNode: false,
    behaviour: 'empty_latent',
  },
  {
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
    optional: {},
    outputs: ['LATENT'],
    outputNames: ['LATENT'],
    outputNode: false,
    behaviour: 'sampler',
  },
  {
    name: 'VAEDecode',
    displayName: 'VAE Decode',
    category: 'latent',
    description: 'Decodes a latent into images.',
    required: { samples: { kind: 'socket', type: 'LATENT' }, vae: { kind: 'socket', type: 'VAE' } },
    optional: {},
    outputs: ['IMAGE'],
    outputNames: ['IMAGE'],
    outputNode: false,
    behaviour: 'vae_decode',
  },
  {
    name: 'LoadImage',
    displayName: 'Load Image',
    category: 'image',
    description: 'Loads an input image (a file name or a core/ASSET reference).',
    required: { image: { kind: 'string', default: '', acceptsAsset: true } },
    optional: {},
    outputs: ['IMAGE', 'MASK'],
    outputNames: ['IMAGE', 'MASK'],
    outputNode: false,
    behaviour: 'load_image',
  },
  {
    name: 'AudioTone',
    displayName: 'Audio Tone',
    category: 'audio',
    description: 'Generates a sine tone.',
    required: {
      frequency_hz: { kind: 'float', min: 20, max: 20_000, default: 440 },
      duration_ms: { kind: 'int', min: 10, max: 60_000, default: 1000 },
    },
    optional: {},
    outputs: ['AUDIO'],
    outputNames: ['AUDIO'],
    outputNode: false,
    behaviour: 'tone',
  },
  {
    name: 'SaveImage',
    displayName: 'Save Image',
    category: 'image',
    description: 'Saves images as PNG outputs.',
    required: { images: { kind: 'socket', type: 'IMAGE' }, filename_prefix: filenamePrefix('ComfyUI') },
    optional: {},
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'save_image',
  },
  {
    name: 'SaveAudio',
    displayName: 'Save Audio',
    category: 'audio',
    description: 'Saves audio as a WAV output.',
    required: { audio: { kind: 'socket', type: 'AUDIO' }, filename_prefix: filenamePrefix('audio/ComfyUI') },
    optional: {},
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'save_audio',
  },
  {
    name: 'SaveText',
    displayName: 'Save Text',
    category: 'utils',
    description: 'Saves text as a .txt output.',
    required: {
      text: { kind: 'string', default: '', multiline: true },
      filename_prefix: filenamePrefix('text/ComfyUI'),
    },
    optional: {},
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'save_text',
  },
  {
    name: 'SaveLatent',
    displayName: 'Save Latent',
    category: 'latent',
    description: 'Saves a latent as a .latent output.',
    required: {
      samples: { kind: 'socket', type: 'LATENT' },
      filename_prefix: filenamePrefix('latents/ComfyUI'),
    },
    optional: {},
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'save_latent',
  },
  {
    name: 'FailNode',
    displayName: 'Fail (simulator)',
    category: 'testing',
    description: 'Raises an exception when executed: the job fails with node_execution_error.',
    required: { message: { kind: 'string', default: 'Simulated failure' } },
    optional: { after: { kind: 'socket', type: '*' } },
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'fail',
  },
  {
    name: 'CrashWorkerNode',
    displayName: 'Crash Worker (simulator)',
    category: 'testing',
    description: 'The platform kills the worker while this node runs: the job fails and has no log.',
    required: {},
    optional: { after: { kind: 'socket', type: '*' } },
    outputs: [],
    outputNames: [],
    outputNode: true,
    behaviour: 'crash_worker',
  },
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
