// What a model's output schema says about one place in an output (named by JSON Pointer tokens): whether the
// schema describes it at all, whether it is a link there (`format: uri` and kin), and the `contentMediaType` it
// declares. The schema's local $refs are already resolved (openApiSchemas.ts); combinators are followed, and the
// walk is bounded, because the document is the service's.
import type { JsonObject } from '../store';

type Json = JsonObject[string];

export interface SchemaSpot {
  /** The schema describes this place (a property, an item, an additionalProperties). */
  described: boolean;
  /** A string the schema calls a link there. */
  link: boolean;
  /** `contentMediaType` declared there, as written. */
  mediaType: string | null;
}

const LINK_FORMATS = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);
const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Schemas followed at once: a schema that branches wider than this is judged by the first ones. */
const MAX_CANDIDATES = 32;
const MAX_BRANCH_DEPTH = 8;
const NOWHERE: SchemaSpot = { described: false, link: false, mediaType: null };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node and every member of its allOf/anyOf/oneOf, nested ones too. */
function branches(node: Json, depth = 0): JsonObject[] {
  if (!isObject(node)) return [];
  const found = [node];
  if (depth >= MAX_BRANCH_DEPTH) return found;
  for (const key of COMBINATORS) {
    const members = node[key];
    if (Array.isArray(members)) {
      for (const member of members.slice(0, MAX_CANDIDATES)) found.push(...branches(member, depth + 1));
    }
  }
  return found.slice(0, MAX_CANDIDATES);
}

/** The schemas of `token` inside `node`: an array's item, an object's property or its additionalProperties. */
function children(node: Json, token: string): Json[] {
  const found: Json[] = [];
  const index = /^\d{1,9}$/.test(token) ? Number(token) : null;
  for (const branch of branches(node)) {
    if (index !== null) {
      const prefix = branch['prefixItems'];
      const items = branch['items'];
      if (Array.isArray(prefix) && index < prefix.length) found.push(prefix[index] ?? null);
      else if (Array.isArray(items)) {
        if (index < items.length) found.push(items[index] ?? null);
      } else if (isObject(items)) found.push(items);
    }
    const properties = branch['properties'];
    if (isObject(properties) && Object.hasOwn(properties, token)) found.push(properties[token] ?? null);
    else if (isObject(branch['additionalProperties'])) found.push(branch['additionalProperties']);
  }
  return found;
}

export function schemaSpot(schema: JsonObject, tokens: readonly string[]): SchemaSpot {
  let frontier: Json[] = [schema];
  for (const token of tokens) {
    frontier = frontier.flatMap((node) => children(node, token)).slice(0, MAX_CANDIDATES);
    if (frontier.length === 0) return NOWHERE;
  }
  const nodes = frontier.flatMap((node) => branches(node));
  const link = nodes.some((node) => {
    const format = node['format'];
    return typeof format === 'string' && LINK_FORMATS.has(format.toLowerCase());
  });
  const declared = nodes.map((node) => node['contentMediaType']).find((type) => typeof type === 'string');
  return { described: true, link, mediaType: typeof declared === 'string' ? declared.slice(0, 200) : null };
}
