// What a model makes, read from its openapi.json's 200 response: a byte answer says it in its content type
// (audio/wav → audio); a JSON answer says it in its schema: references to images (an object with a url and a
// width or height, a property named image/images) → image; audio or video links likewise; a text field at the top
// (output_text, text, transcript …) → text; anything else → data. No output half: null, Loupe does not know.
import type { ModelOutputKind } from '../../../src-shared/contracts/models';
import type { JsonObject } from '../store';

type Json = JsonObject[string];

/** Schema nodes looked at; a schema larger than this is judged by what was seen. */
const MAX_NODES = 5000;
const TEXT_FIELDS = new Set([
  'text',
  'output_text',
  'content',
  'completion',
  'transcript',
  'answer',
  'message',
]);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertiesOf(schema: Json | undefined): JsonObject {
  const properties = isObject(schema) ? schema['properties'] : undefined;
  return isObject(properties) ? properties : {};
}

/** Property names of every object schema inside (items, nested objects, combinators), with their schemas. */
function* namedProperties(schema: Json): Generator<[string, Json]> {
  const stack: Json[] = [schema];
  for (let seen = 0; stack.length > 0 && seen < MAX_NODES; seen++) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    if (!isObject(node)) continue;
    for (const [name, child] of Object.entries(propertiesOf(node))) {
      yield [name.toLowerCase(), child];
      stack.push(child);
    }
    for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
      const child = node[key];
      if (child !== undefined) stack.push(child);
    }
  }
}

/** `{url, width|height}`: how an output refers to a picture. */
function isImageRef(schema: Json): boolean {
  const names = Object.keys(propertiesOf(schema)).map((name) => name.toLowerCase());
  return names.includes('url') && (names.includes('width') || names.includes('height'));
}

function kindOfJson(schema: JsonObject): ModelOutputKind {
  const names = new Map<string, Json>();
  let imageRef = false;
  for (const [name, child] of namedProperties(schema)) {
    if (!names.has(name)) names.set(name, child);
    if (isImageRef(child) || (isObject(child) && isImageRef(child['items'] ?? null))) imageRef = true;
  }
  const has = (...candidates: string[]): boolean => candidates.some((name) => names.has(name));
  if (imageRef || has('image', 'images', 'image_url', 'image_urls')) return 'image';
  if (has('audio', 'audios', 'audio_url', 'audio_urls')) return 'audio';
  if (has('video', 'videos', 'video_url', 'video_urls')) return 'video';
  const top = propertiesOf(schema);
  const textField = Object.entries(top).some(
    ([name, child]) => TEXT_FIELDS.has(name.toLowerCase()) && isObject(child) && child['type'] === 'string',
  );
  return textField ? 'text' : 'data';
}

export function outputKindFrom(
  contentType: string | null,
  schema: JsonObject | null,
): ModelOutputKind | null {
  if (contentType === null) return null;
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (essence.startsWith('image/')) return 'image';
  if (essence.startsWith('audio/')) return 'audio';
  if (essence.startsWith('video/')) return 'video';
  if (essence.startsWith('text/')) return 'text';
  if (essence === 'application/json' || essence.endsWith('+json')) {
    return schema === null ? null : kindOfJson(schema);
  }
  return 'data';
}
