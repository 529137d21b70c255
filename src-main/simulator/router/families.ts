// Model families: the native input/output schemas and the operations a family of partner models offers.
// Catalog entries (catalog.ts) pick a family, so thirty-odd models cost a handful of schemas.
import type { JsonSchema } from './validate';

export type FamilyKind =
  | 'text-to-image'
  | 'signed-image'
  | 'image-edit'
  | 'upscale'
  | 'text-to-speech'
  | 'music'
  | 'speech-to-text'
  | 'chat'
  | 'embedding'
  | 'video';

export interface ModelFamily {
  kind: FamilyKind;
  input: JsonSchema;
  /** The 200 content type of a native run: JSON for most, raw bytes for the audio generators. */
  outputContentType: string;
  output: JsonSchema;
  /** Rule 4 of provider selection: the body's own fields select the operation; each has its own rate. */
  selectOperation(body: Record<string, unknown>): string;
  /** Cost of each operation in US cents (1 credit = 1 cent in this simulator). */
  costCents: Readonly<Record<string, number>>;
  /** Run length in queue steps (RouterSimulatorOptions.queueStepMs each). */
  steps: number;
}

const url: JsonSchema = { type: 'string', format: 'uri', maxLength: 2048 };
const seed: JsonSchema = { type: 'integer', minimum: 0, maximum: 4294967295 };
const side: JsonSchema = { type: 'integer', minimum: 256, maximum: 2048, default: 1024 };
const imageRef: JsonSchema = {
  type: 'object',
  required: ['url', 'content_type', 'width', 'height'],
  properties: {
    url,
    content_type: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
  },
};
const imageGenProps: Record<string, JsonSchema> = {
  prompt: { type: 'string', minLength: 1, maxLength: 2000 },
  negative_prompt: { type: 'string', maxLength: 2000 },
  width: side,
  height: side,
  num_images: { type: 'integer', minimum: 1, maximum: 4, default: 1 },
  seed,
  guidance_scale: { type: 'number', minimum: 0, maximum: 20, default: 7 },
  output_format: { type: 'string', enum: ['png'], default: 'png' },
};
const imagesOutput: JsonSchema = {
  type: 'object',
  required: ['images', 'seed'],
  properties: { images: { type: 'array', items: imageRef }, seed },
};
/**
 * A picture as a partner CDN hands it out: a signed link (no extension, no content_type beside it) that expires
 * within minutes. Only the schema says what it is: a `uri` under `images`.
 */
const signedImageRef: JsonSchema = {
  type: 'object',
  required: ['url', 'width', 'height'],
  properties: { url, width: { type: 'integer' }, height: { type: 'integer' } },
};
const wavBytes: JsonSchema = { type: 'string', format: 'binary' };
const single = (name: string) => (): string => name;

const families: Record<FamilyKind, ModelFamily> = {
  'text-to-image': {
    kind: 'text-to-image',
    input: { type: 'object', additionalProperties: false, required: ['prompt'], properties: imageGenProps },
    outputContentType: 'application/json',
    output: imagesOutput,
    selectOperation: single('text-to-image'),
    costCents: { 'text-to-image': 4 },
    steps: 2,
  },
  'signed-image': {
    kind: 'signed-image',
    input: { type: 'object', additionalProperties: false, required: ['prompt'], properties: imageGenProps },
    outputContentType: 'application/json',
    output: {
      type: 'object',
      required: ['images', 'seed'],
      properties: { images: { type: 'array', items: signedImageRef }, seed },
    },
    selectOperation: single('text-to-image'),
    costCents: { 'text-to-image': 4 },
    steps: 2,
  },
  'image-edit': {
    kind: 'image-edit',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['prompt'],
      properties: { ...imageGenProps, image_url: url, strength: { type: 'number', minimum: 0, maximum: 1 } },
    },
    outputContentType: 'application/json',
    output: imagesOutput,
    // An input image switches text-to-image to image-to-image (provider-selection rule 4).
    selectOperation: (body) => ('image_url' in body ? 'image-to-image' : 'text-to-image'),
    costCents: { 'text-to-image': 4, 'image-to-image': 6 },
    steps: 3,
  },
  upscale: {
    kind: 'upscale',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['image_url'],
      properties: { image_url: url, scale: { type: 'integer', enum: [2, 4], default: 2 } },
    },
    outputContentType: 'application/json',
    output: { type: 'object', required: ['image'], properties: { image: imageRef } },
    selectOperation: single('upscale'),
    costCents: { upscale: 3 },
    steps: 2,
  },
  'text-to-speech': {
    kind: 'text-to-speech',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['text'],
      properties: {
        text: { type: 'string', minLength: 1, maxLength: 5000 },
        voice: { type: 'string', enum: ['alloy', 'ember', 'sage', 'fable'], default: 'alloy' },
        speed: { type: 'number', minimum: 0.5, maximum: 2, default: 1 },
        sample_rate: { type: 'integer', enum: [16000, 24000], default: 24000 },
      },
    },
    outputContentType: 'audio/wav',
    output: wavBytes,
    selectOperation: single('text-to-speech'),
    costCents: { 'text-to-speech': 2 },
    steps: 2,
  },
  music: {
    kind: 'music',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['prompt'],
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: 1000 },
        duration_seconds: { type: 'number', minimum: 1, maximum: 30, default: 2 },
        seed,
      },
    },
    outputContentType: 'audio/wav',
    output: wavBytes,
    selectOperation: single('text-to-music'),
    costCents: { 'text-to-music': 8 },
    steps: 4,
  },
  'speech-to-text': {
    kind: 'speech-to-text',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['audio_url'],
      properties: { audio_url: url, language: { type: 'string', minLength: 2, maxLength: 5 } },
    },
    outputContentType: 'application/json',
    output: {
      type: 'object',
      required: ['text', 'language', 'segments'],
      properties: {
        text: { type: 'string' },
        language: { type: 'string' },
        segments: {
          type: 'array',
          items: {
            type: 'object',
            properties: { start: { type: 'number' }, end: { type: 'number' }, text: { type: 'string' } },
          },
        },
      },
    },
    selectOperation: single('speech-to-text'),
    costCents: { 'speech-to-text': 1 },
    steps: 2,
  },
  chat: {
    kind: 'chat',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['messages'],
      properties: {
        messages: {
          type: 'array',
          minItems: 1,
          maxItems: 64,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['role', 'content'],
            properties: {
              role: { type: 'string', enum: ['system', 'user', 'assistant'] },
              content: { type: 'string', maxLength: 32000 },
            },
          },
        },
        max_tokens: { type: 'integer', minimum: 1, maximum: 8192, default: 512 },
        temperature: { type: 'number', minimum: 0, maximum: 2, default: 1 },
        top_k: { type: 'integer', minimum: 1, maximum: 100 },
      },
    },
    outputContentType: 'application/json',
    output: {
      type: 'object',
      required: ['id', 'output_text', 'finish_reason', 'usage'],
      properties: {
        id: { type: 'string' },
        output_text: { type: 'string' },
        finish_reason: { type: 'string', enum: ['stop', 'length'] },
        usage: {
          type: 'object',
          properties: { input_tokens: { type: 'integer' }, output_tokens: { type: 'integer' } },
        },
      },
    },
    selectOperation: single('chat'),
    costCents: { chat: 1 },
    steps: 1,
  },
  embedding: {
    kind: 'embedding',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['texts'],
      properties: {
        texts: {
          type: 'array',
          minItems: 1,
          maxItems: 64,
          items: { type: 'string', minLength: 1, maxLength: 8192 },
        },
        dimensions: { type: 'integer', enum: [16, 64, 256], default: 16 },
      },
    },
    outputContentType: 'application/json',
    output: {
      type: 'object',
      required: ['embeddings', 'dimensions'],
      properties: {
        embeddings: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        dimensions: { type: 'integer' },
      },
    },
    selectOperation: single('embedding'),
    costCents: { embedding: 1 },
    steps: 1,
  },
  video: {
    kind: 'video',
    input: {
      type: 'object',
      additionalProperties: false,
      required: ['prompt'],
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: 2000 },
        duration_seconds: { type: 'integer', enum: [5, 10], default: 5 },
        aspect_ratio: { type: 'string', enum: ['16:9', '9:16', '1:1'], default: '16:9' },
        first_frame_url: url,
        reference_url: url,
        seed,
      },
    },
    outputContentType: 'application/json',
    output: {
      type: 'object',
      required: ['video', 'seed'],
      properties: {
        video: {
          type: 'object',
          properties: { url, content_type: { type: 'string' }, duration_seconds: { type: 'integer' } },
        },
        seed,
      },
    },
    // A first-frame image selects image-to-video; a reference image or clip selects reference-to-video.
    selectOperation: (body) =>
      'first_frame_url' in body
        ? 'image-to-video'
        : 'reference_url' in body
          ? 'reference-to-video'
          : 'text-to-video',
    costCents: { 'text-to-video': 50, 'image-to-video': 60, 'reference-to-video': 80 },
    // Longer than the synchronous deadline on purpose: video is effectively a queued-only model.
    steps: 12,
  },
};

export function familyOf(kind: FamilyKind): ModelFamily {
  return families[kind];
}
