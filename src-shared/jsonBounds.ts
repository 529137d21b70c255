// Bounds on a JSON-like value, checked before anything recursive (zod, JSON.stringify, a structured clone)
// walks it: a 100,000-deep array overflows their stacks, and a caller of the contract may be hostile
// (ARCHITECTURE rule 10). The walk itself is iterative, so it cannot overflow, and it stops at the first
// bound crossed. An object met twice (a cycle or a shared reference, possible over Electron's structured clone,
// never in JSON) is refused too.

export interface JsonLimits {
  /** Nesting of arrays and objects; the top value is depth 1. */
  maxDepth: number;
  /** Values of any kind, containers included. */
  maxNodes: number;
  /** Characters in all strings and object keys together. */
  maxStringChars: number;
}

/** For contract arguments: far beyond any real call, far below what breaks a parser. */
export const CONTRACT_ARGUMENT_LIMITS: JsonLimits = {
  maxDepth: 64,
  maxNodes: 1_000_000,
  maxStringChars: 64 * 1024 * 1024,
};

/** For a workflow graph: API-format graphs are a few levels deep, though a widget may hold nested JSON. */
export const WORKFLOW_LIMITS: JsonLimits = {
  maxDepth: 128,
  maxNodes: 2_000_000,
  maxStringChars: 64 * 1024 * 1024,
};

export type JsonBoundsVerdict = { ok: true } | { ok: false; reason: string };

export function checkJsonBounds(value: unknown, limits: JsonLimits): JsonBoundsVerdict {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  const open = new Set<object>();
  let nodes = 0;
  let chars = 0;
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    nodes += 1;
    if (nodes > limits.maxNodes) return { ok: false, reason: `it holds more than ${limits.maxNodes} values` };
    if (typeof current === 'string') {
      chars += current.length;
    } else if (typeof current === 'object' && current !== null) {
      if (depth > limits.maxDepth) {
        return { ok: false, reason: `it is nested more than ${limits.maxDepth} levels deep` };
      }
      if (open.has(current)) return { ok: false, reason: 'it refers to one object twice, or to itself' };
      open.add(current);
      if (Array.isArray(current)) {
        for (const item of current as unknown[]) stack.push({ value: item, depth: depth + 1 });
      } else {
        for (const [key, item] of Object.entries(current)) {
          chars += key.length;
          stack.push({ value: item, depth: depth + 1 });
        }
      }
    }
    if (chars > limits.maxStringChars) {
      return { ok: false, reason: `its text is longer than ${limits.maxStringChars} characters` };
    }
  }
  return { ok: true };
}
