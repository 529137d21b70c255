// The uiSchema the generated form uses, read off the model's input schema: which widget each field gets and
// what it is called. rjsf picks a sensible default for everything else (enums already become selects).
import type { UiSchema } from '@rjsf/utils';
import { humanLabel } from './fieldLabel';

type Schema = Record<string, unknown>;

/** What a URL field expects, so the asset picker can offer the right files; null when it is not a media field. */
export type MediaKind = 'image' | 'audio' | 'video' | 'media';

/** A range wider than this is a number box with its bounds as a hint: a slider over four billion seeds moves
 * by millions per pixel and helps nobody. */
const MAX_SLIDER_SPAN = 100_000;

/** Strings this long or longer (or without a limit) are written in a box of several lines. */
const TEXTAREA_FROM_LENGTH = 200;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeNames(schema: Schema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** A URL of a picture, sound or clip, by its format and by what its name, description or media type say. */
export function mediaKindOf(key: string, schema: Schema): MediaKind | null {
  if (!typeNames(schema).includes('string') || Array.isArray(schema.enum)) return null;
  const format = typeof schema.format === 'string' ? schema.format : '';
  const mediaType = typeof schema.contentMediaType === 'string' ? schema.contentMediaType : '';
  const words = `${key} ${typeof schema.description === 'string' ? schema.description : ''} ${mediaType}`;
  const urlish = ['uri', 'url', 'uri-reference', 'data-url'].includes(format) || /(^|_)(url|uri)$/i.test(key);
  if (!urlish && mediaType === '') return null;
  if (/image|img|photo|picture|frame|mask|sketch/i.test(words)) return 'image';
  if (/audio|voice|sound|speech|music/i.test(words)) return 'audio';
  if (/video|clip|movie/i.test(words)) return 'video';
  if (/reference|media/i.test(words)) return 'media';
  return null;
}

/** Both bounds, finite, and close enough together for a slider (see MAX_SLIDER_SPAN). */
export function sliderRange(schema: Schema): { min: number; max: number } | null {
  const numeric = typeNames(schema).some((type) => type === 'number' || type === 'integer');
  const { minimum, maximum } = schema;
  if (!numeric || Array.isArray(schema.enum) || typeof minimum !== 'number' || typeof maximum !== 'number') {
    return null;
  }
  if (!Number.isFinite(minimum) || !Number.isFinite(maximum) || maximum <= minimum) return null;
  return maximum - minimum <= MAX_SLIDER_SPAN ? { min: minimum, max: maximum } : null;
}

function wantsTextarea(schema: Schema): boolean {
  if (!typeNames(schema).includes('string') || Array.isArray(schema.enum) || schema.format !== undefined) {
    return false;
  }
  return typeof schema.maxLength !== 'number' || schema.maxLength >= TEXTAREA_FROM_LENGTH;
}

function fieldUi(key: string | null, schema: Schema): UiSchema {
  const ui: UiSchema = {};
  if (key !== null && typeof schema.title !== 'string') ui['ui:title'] = humanLabel(key);
  const media = key === null ? null : mediaKindOf(key, schema);
  if (media !== null) {
    ui['ui:widget'] = 'media';
    ui['ui:options'] = { mediaKind: media };
  } else if (sliderRange(schema)) {
    ui['ui:widget'] = 'slider';
  } else if (wantsTextarea(schema)) {
    ui['ui:widget'] = 'textarea';
  }
  if (isSchema(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (isSchema(child)) ui[name] = fieldUi(name, child);
    }
  }
  if (isSchema(schema.items)) {
    // Items have no name of their own: they are numbered by the array template.
    const items = fieldUi(null, schema.items);
    if (Object.keys(items).length > 0) ui.items = items;
  }
  return ui;
}

/** The form's uiSchema for a model's input schema; the root needs no title (the page names the model). */
export function uiSchemaFor(schema: Schema): UiSchema {
  return {
    ...fieldUi(null, schema),
    'ui:submitButtonOptions': { norender: true },
  };
}
