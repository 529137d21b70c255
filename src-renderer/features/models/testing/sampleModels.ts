// Router data for the Models screen's tests: a small catalogue, a model whose input schema exercises every
// kind of field the form draws, and runs in each state.
import type {
  ModelCatalogue,
  ModelDetail,
  ModelSummary,
  RouterRunDetail,
  RouterSpend,
} from '../../../../src-shared/contracts/models';

export const IMAGE_MODEL = 'acme/imagegen-2';

const IMAGE_SUMMARY: ModelSummary = {
  id: IMAGE_MODEL,
  provider: 'acme',
  model: 'imagegen-2',
  billing: { charges_on_policy_rejection: 'yes' },
  outputKind: 'image',
};

export const CATALOGUE: ModelCatalogue = {
  kind: 'catalogue',
  fetchedAt: '2025-01-01T00:00:00.000Z',
  stale: false,
  staleReason: null,
  models: [
    IMAGE_SUMMARY,
    {
      id: 'lexa/chat-3.5',
      provider: 'lexa',
      model: 'chat-3.5',
      billing: { charges_on_policy_rejection: 'unknown' },
      outputKind: 'text',
    },
    {
      id: 'sonora/tts-1',
      provider: 'sonora',
      model: 'tts-1',
      billing: { charges_on_policy_rejection: 'unknown' },
      outputKind: 'audio',
    },
    {
      id: 'lumen/video-1',
      provider: 'lumen',
      model: 'video-1',
      billing: { charges_on_policy_rejection: 'no' },
      outputKind: 'video',
    },
    {
      id: 'vectorly/embed-3',
      provider: 'vectorly',
      model: 'embed-3',
      billing: { charges_on_policy_rejection: 'unknown' },
      outputKind: null,
    },
  ],
};

export const IMAGE_INPUT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['prompt'],
  properties: {
    prompt: { type: 'string', minLength: 1, maxLength: 2000, description: 'What to draw.' },
    width: { type: 'integer', minimum: 256, maximum: 2048, default: 1024 },
    guidance_scale: { type: 'number', minimum: 0, maximum: 20, default: 7 },
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    scheduler: { type: 'string', enum: ['euler', 'ddim', 'karras'] },
    output_format: { type: 'string', enum: ['png', 'jpeg'], default: 'png' },
    image_url: { type: 'string', format: 'uri', maxLength: 2048 },
  },
};

export const IMAGE_DETAIL: ModelDetail = {
  ...IMAGE_SUMMARY,
  schema: {
    input: IMAGE_INPUT_SCHEMA,
    output: null,
    outputContentType: 'application/json',
    etag: '"v1"',
    fromCache: false,
  },
};

export function runDetail(overrides: Partial<RouterRunDetail> = {}): RouterRunDetail {
  return {
    runId: 'run-1',
    modelId: IMAGE_MODEL,
    mode: 'sync',
    state: 'completed',
    createdAt: '2025-01-01T10:00:00.000Z',
    updatedAt: '2025-01-01T10:00:05.000Z',
    queuePosition: null,
    creditsUsed: 4,
    replayed: false,
    errorBucket: null,
    input: { prompt: 'a lighthouse', width: 1024, guidance_scale: 7, output_format: 'png' },
    options: {},
    requestId: 'req-1',
    output: { images: [{ url: 'https://example.invalid/1.png', width: 1024, height: 1024 }], seed: 7 },
    media: [],
    droppedParams: [],
    fallbackProvider: null,
    committedSpend: { limit: 5000, current: 4, remaining: 4996 },
    error: null,
    cancelRequested: false,
    cancelAfterStart: false,
    attempts: 1,
    ...overrides,
  };
}

export function spend(overrides: Partial<RouterSpend> = {}): RouterSpend {
  return {
    committedSpend: { limit: 5000, current: 1200, remaining: 3800 },
    lastCreditsUsed: 4,
    totalCreditsUsed: 1200,
    updatedAt: '2025-01-01T10:00:05.000Z',
    low: false,
    ...overrides,
  };
}
