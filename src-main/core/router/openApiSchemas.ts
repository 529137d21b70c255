// What a model's openapi.json says (NOTES part B): the input schema is the run operation's requestBody, the output
// schema is that operation's 200 response content, whose key is the output's content type. The output half may be
// missing. Everything is read defensively: the document is the service's, and a shape Loupe does not expect means
// "not stated", never a crash.
import type { JsonObject } from '../store';
import { resolveLocalRefs, resolvePointer, SchemaTooLargeError } from './schemaRefs';

type Json = JsonObject[string];

export interface ModelSchemas {
  input: JsonObject | null;
  output: JsonObject | null;
  outputContentType: string | null;
}

const contentTypePattern =
  /^[A-Za-z0-9!#$&^_.+-]{1,100}\/[A-Za-z0-9!#$&^_.+-]{1,100}(\s*;[^\p{Cc}]{0,200})?$/u;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function own(value: Json | undefined, key: string): Json | undefined {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** An object that may be a `$ref` to one (a requestBody or a response under components). */
function deref(document: Json, value: Json | undefined): JsonObject | null {
  const ref = own(value, '$ref');
  const target = typeof ref === 'string' ? resolvePointer(document, ref) : value;
  return isObject(target) ? target : null;
}

function isJsonType(contentType: string): boolean {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json');
}

/** The POST that runs the model: operationId `run`, else the one on the model's own path, else the first. */
function runOperation(document: Json, modelId: string): JsonObject | null {
  const paths = own(document, 'paths');
  if (!isObject(paths)) return null;
  const posts = Object.entries(paths).flatMap(([path, item]) => {
    const post = deref(document, own(item, 'post'));
    return post === null ? [] : [{ path, post }];
  });
  const byId = posts.find(({ post }) => own(post, 'operationId') === 'run');
  const byPath = posts.find(({ path }) => path === `/v2/models/${modelId}` || path === `/${modelId}`);
  const notQueued = posts.find(({ path }) => !path.endsWith('/requests'));
  return (byId ?? byPath ?? notQueued ?? posts[0])?.post ?? null;
}

/** The first content entry, JSON first: `[contentType, schema]`. */
function pickContent(document: Json, holder: Json | undefined): [string, Json | undefined] | null {
  const content = own(deref(document, holder) ?? undefined, 'content');
  if (!isObject(content)) return null;
  const entries = Object.entries(content).filter(([type]) => contentTypePattern.test(type.trim()));
  const chosen = entries.find(([type]) => isJsonType(type)) ?? entries[0];
  return chosen === undefined ? null : [chosen[0].trim(), own(chosen[1], 'schema')];
}

function schemaOf(document: Json, schema: Json | undefined): JsonObject | null {
  if (schema === undefined) return null;
  try {
    const resolved = resolveLocalRefs(schema, document);
    return isObject(resolved) ? resolved : null;
  } catch (error) {
    // A schema too large to expand is one Loupe cannot build a form from: reported as none.
    if (error instanceof SchemaTooLargeError) return null;
    throw error;
  }
}

export function extractModelSchemas(document: JsonObject, modelId: string): ModelSchemas {
  const operation = runOperation(document, modelId);
  if (operation === null) return { input: null, output: null, outputContentType: null };
  const input = pickContent(document, own(operation, 'requestBody'));
  const responses = own(operation, 'responses');
  const output = pickContent(document, own(responses, '200'));
  return {
    input: input === null ? null : schemaOf(document, input[1]),
    output: output === null ? null : schemaOf(document, output[1]),
    outputContentType: output === null ? null : output[0],
  };
}
