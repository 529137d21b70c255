// The simulated partner-model catalog. Ids follow NOTES.md Part B: lowercase slugs that allow '.', '_' and '-'.
import { familyOf, type FamilyKind, type ModelFamily } from './families';

/** The four published alternate provider slugs (NOTES.md Part B, "Provider values"). */
export const ALTERNATE_PROVIDERS = ['fastlane', 'harbor', 'kiln', 'nimbus'] as const;
export type AlternateSlug = (typeof ALTERNATE_PROVIDERS)[number];

export interface AlternateProvider {
  slug: AlternateSlug;
  /** Native fields this provider cannot express exactly: dropped on translation and disclosed. */
  drops: readonly string[];
  /** True when translating this provider's answer back to the native output fails (raw answer returned). */
  untranslatableOutput?: boolean;
}

export interface ModelEntry {
  id: string;
  provider: string;
  model: string;
  family: ModelFamily;
  /** Unlisted models (retired or private previews) still occupy catalog pages, which is why pages run short. */
  listed: boolean;
  billing: { charges_on_policy_rejection: string };
  inputSchemaUrl?: string;
  /** One model publishes only the input half of its openapi.json (NOTES.md: "the output half may be missing"). */
  publishesOutputSchema: boolean;
  alternates: readonly AlternateProvider[];
  /** Operation → cost in US cents, already scaled for this model. */
  costCents: Readonly<Record<string, number>>;
  steps: number;
}

interface Row {
  family: FamilyKind;
  listed?: boolean;
  billing?: 'unknown' | 'yes' | 'no';
  schemaUrl?: boolean;
  noOutputSchema?: boolean;
  alternates?: AlternateProvider[];
  costScale?: number;
  steps?: number;
}

const rows: Record<string, Row> = {
  'acme/imagegen-1': { family: 'text-to-image', listed: false },
  'acme/imagegen-2': {
    family: 'text-to-image',
    schemaUrl: true,
    billing: 'yes',
    alternates: [
      { slug: 'kiln', drops: ['negative_prompt', 'guidance_scale'] },
      { slug: 'fastlane', drops: ['seed'] },
    ],
  },
  'acme/imagegen-2-edit': {
    family: 'image-edit',
    schemaUrl: true,
    billing: 'yes',
    alternates: [{ slug: 'kiln', drops: ['strength', 'negative_prompt'] }],
  },
  'acme/imagegen-2-turbo': { family: 'text-to-image', costScale: 0.5, steps: 1 },
  // Its pictures are signed CDN links that expire in a minute, with no extension and no content_type.
  'acme/imagegen-2-signed': { family: 'signed-image' },
  'acme/imagegen-2.1': { family: 'text-to-image', alternates: [{ slug: 'nimbus', drops: [] }] },
  'acme/imagegen-3-preview': { family: 'text-to-image', listed: false },
  'acme/inpaint-1': { family: 'image-edit' },
  'acme/upscale-4x': { family: 'upscale', schemaUrl: true },
  'ember.ai/portrait-1': { family: 'text-to-image', billing: 'no' },
  'lexa/chat-3.5': {
    family: 'chat',
    schemaUrl: true,
    alternates: [
      { slug: 'fastlane', drops: ['top_k'] },
      { slug: 'nimbus', drops: [], untranslatableOutput: true },
    ],
  },
  'lexa/chat-3.5-mini': { family: 'chat', costScale: 0.5 },
  'lexa/chat-4': { family: 'chat', noOutputSchema: true, costScale: 3 },
  'lexa/code-2': { family: 'chat' },
  'lexa/summarize-1': { family: 'chat' },
  'lumen/cinema-1': { family: 'video', costScale: 12, steps: 16 },
  'lumen/video-1': {
    family: 'video',
    schemaUrl: true,
    alternates: [{ slug: 'harbor', drops: ['aspect_ratio'] }],
  },
  'lumen/video-1-fast': { family: 'video', costScale: 0.6, steps: 9 },
  'nova_labs/sketch-to-image-1': { family: 'image-edit' },
  'pixelworks/canvas-lite': { family: 'text-to-image', costScale: 0.5 },
  'pixelworks/canvas-xl': {
    family: 'text-to-image',
    alternates: [{ slug: 'nimbus', drops: ['guidance_scale'] }],
  },
  'pixelworks/canvas-xl-edit': { family: 'image-edit' },
  'pixelworks/restore-1': { family: 'upscale' },
  'scribe/transcribe-2': { family: 'speech-to-text', schemaUrl: true },
  'scribe/transcribe-2-fast': { family: 'speech-to-text', steps: 1 },
  'sonora/music-1': { family: 'music' },
  'sonora/tts-1': {
    family: 'text-to-speech',
    schemaUrl: true,
    alternates: [{ slug: 'harbor', drops: ['speed'] }],
  },
  'sonora/tts-1-hd': { family: 'text-to-speech', costScale: 2 },
  'sonora/voice-design-1': { family: 'text-to-speech', billing: 'no' },
  'vectorly/embed-3': { family: 'embedding', schemaUrl: true },
  'vectorly/embed-3-small': { family: 'embedding' },
  'vectorly/embed-multilingual-1': { family: 'embedding' },
};

function buildEntry(id: string, row: Row): ModelEntry {
  const [provider = '', model = ''] = id.split('/');
  const family = familyOf(row.family);
  const scale = row.costScale ?? 1;
  const costCents = Object.fromEntries(
    Object.entries(family.costCents).map(([operation, cents]) => [
      operation,
      Math.max(1, Math.round(cents * scale)),
    ]),
  );
  const entry: ModelEntry = {
    id,
    provider,
    model,
    family,
    listed: row.listed ?? true,
    billing: { charges_on_policy_rejection: row.billing ?? 'unknown' },
    publishesOutputSchema: row.noOutputSchema !== true,
    alternates: row.alternates ?? [],
    costCents,
    steps: row.steps ?? family.steps,
  };
  if (row.schemaUrl) entry.inputSchemaUrl = `https://schemas.router.sim.invalid/${id}/input.schema.json`;
  return entry;
}

/** Every model, unlisted ones included, in the stable id order that cursors index into. */
export const CATALOG: readonly ModelEntry[] = Object.entries(rows)
  .map(([id, row]) => buildEntry(id, row))
  .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const byId = new Map(CATALOG.map((entry) => [entry.id, entry]));

/** Providers that exist in the catalog; a `model_provider` naming one of them is a real provider. */
export const CATALOG_PROVIDERS: ReadonlySet<string> = new Set(CATALOG.map((entry) => entry.provider));

/** Look up a model a caller may address; unlisted models are not addressable. */
export function findModel(id: string): ModelEntry | undefined {
  const entry = byId.get(id);
  return entry?.listed ? entry : undefined;
}

const SLUG = /^[a-z0-9]+([._-][a-z0-9]+)*$/;

/** Whether two raw path segments form a syntactically valid model id (lengths from the spec's Limits). */
export function isValidModelId(provider: string, model: string): boolean {
  return provider.length <= 64 && model.length <= 128 && SLUG.test(provider) && SLUG.test(model);
}
