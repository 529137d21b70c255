// A JSON value from the Router (an output, an openapi.json) checked before anything recursive walks it (zod,
// JSON.stringify, the contract's result check): JSON.parse copes with nesting that would overflow those, and the
// service is not trusted to stay shallow. Iterative check first, then zod's JSON schema for the type.
import { z } from 'zod';
import { checkJsonBounds, type JsonLimits } from '../../../src-shared/jsonBounds';
import type { JsonObject } from '../store';

export type JsonValue = JsonObject[string];

/** Real outputs and schemas are a few levels deep and well under these. */
export const ROUTER_JSON_LIMITS: JsonLimits = {
  maxDepth: 64,
  maxNodes: 2_000_000,
  maxStringChars: 64 * 1024 * 1024,
};

const jsonValue = z.json();
const jsonObject = z.record(z.string(), z.json());

/** The value as JSON, or null when it is beyond the bounds or not JSON at all. */
export function boundedJson(value: unknown, limits: JsonLimits = ROUTER_JSON_LIMITS): JsonValue | null {
  if (!checkJsonBounds(value, limits).ok) return null;
  const parsed = jsonValue.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function boundedJsonObject(
  value: unknown,
  limits: JsonLimits = ROUTER_JSON_LIMITS,
): JsonObject | null {
  if (!checkJsonBounds(value, limits).ok) return null;
  const parsed = jsonObject.safeParse(value);
  return parsed.success ? parsed.data : null;
}
