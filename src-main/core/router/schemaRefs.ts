// Local `$ref`s of a model's OpenAPI document resolved into a standalone JSON Schema the form can use on its own
// (`#/components/schemas/Prompt` is meaningless once the schema leaves its document). The document is untrusted:
// a ref that leads back into itself is not expanded again (a cycle would never end), refs that fan out are
// bounded by a node budget (a few refs can otherwise describe an astronomically large tree), and only the
// document's own properties are followed (never `__proto__` or an inherited name).
import type { JsonObject } from '../store';

type Json = JsonObject[string];

export class SchemaTooLargeError extends Error {
  override readonly name = 'SchemaTooLargeError';
}

export interface ResolveLimits {
  /** Nodes written into the result, all refs expanded. */
  maxNodes: number;
  maxDepth: number;
}

export const DEFAULT_RESOLVE_LIMITS: ResolveLimits = { maxNodes: 200_000, maxDepth: 64 };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON Pointer (RFC 6901) in a URI fragment: `#/components/schemas/A~1B`. Undefined when it leads nowhere. */
export function resolvePointer(root: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let current: Json | undefined = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      current = /^(0|[1-9]\d*)$/.test(token) ? current[Number(token)] : undefined;
    } else if (isObject(current) && Object.hasOwn(current, token)) {
      current = current[token];
    } else {
      return undefined;
    }
  }
  return current;
}

/** The last segment of a ref, as a title for a schema that is not expanded. */
function refName(ref: string): string {
  return ref.split('/').pop()?.slice(0, 100) ?? 'schema';
}

/**
 * `node` with every local `$ref` replaced by what it points to (siblings of a `$ref` are kept, as OpenAPI 3.1
 * allows). A ref back into one being expanded becomes an open schema that says so; a ref that leads nowhere, or
 * outside the document, becomes an open schema too, so a form never meets a ref it cannot follow.
 * Throws SchemaTooLargeError past the budget.
 */
export function resolveLocalRefs(
  node: Json,
  root: Json,
  limits: ResolveLimits = DEFAULT_RESOLVE_LIMITS,
): Json {
  let nodes = 0;
  const walk = (value: Json, expanding: readonly string[], depth: number): Json => {
    nodes += 1;
    if (nodes > limits.maxNodes) throw new SchemaTooLargeError('The schema is too large to expand.');
    if (depth > limits.maxDepth) return {};
    if (Array.isArray(value)) return value.map((item) => walk(item, expanding, depth + 1));
    if (!isObject(value)) return value;
    const ref = value['$ref'];
    const siblings = Object.entries(value).filter(([key]) => key !== '$ref');
    const own = Object.fromEntries(siblings.map(([key, item]) => [key, walk(item, expanding, depth + 1)]));
    if (typeof ref !== 'string') return own;
    if (expanding.includes(ref)) {
      return { title: refName(ref), description: 'Refers back to itself here; not expanded.', ...own };
    }
    const target = resolvePointer(root, ref);
    if (target === undefined) return { title: refName(ref), ...own };
    const resolved = walk(target, [...expanding, ref], depth + 1);
    return isObject(resolved) ? { ...resolved, ...own } : resolved;
  };
  return walk(node, [], 0);
}
