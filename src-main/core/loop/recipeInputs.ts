// A job's API workflow read as a recipe: the inputs that hold values (a link, `["4", 0]`, is wiring, not a
// value), and the same workflow with some of those values changed. Pure; bounded like the diff.
import type { InputChange } from '../../../src-shared/contracts/loop';
import { isRecord } from '../../../src-shared/workflowDocument';
import { DIFF_MAX_INPUTS_PER_NODE, DIFF_MAX_NODES } from '../../../src-shared/workflowDiff';
import { DomainError } from '../errors';

export interface RecipeInput {
  target: string;
  nodeId: string;
  input: string;
  classType: string;
  value: unknown;
}

export function isLink(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'number' &&
    Number.isInteger(value[1])
  );
}

export function recipeInputs(workflow: Record<string, unknown>): RecipeInput[] {
  const found: RecipeInput[] = [];
  const ids = Object.keys(workflow).slice(0, DIFF_MAX_NODES);
  ids.sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b);
  });
  for (const nodeId of ids) {
    const node = workflow[nodeId];
    if (!isRecord(node) || typeof node.class_type !== 'string' || !isRecord(node.inputs)) continue;
    for (const input of Object.keys(node.inputs).slice(0, DIFF_MAX_INPUTS_PER_NODE)) {
      const value = node.inputs[input];
      if (isLink(value)) continue;
      found.push({ target: `${nodeId}.${input}`, nodeId, input, classType: node.class_type, value });
    }
  }
  return found;
}

/** Names that mean something to JavaScript objects themselves. */
const RESERVED: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function splitTarget(target: string): { nodeId: string; input: string } {
  const dot = target.indexOf('.');
  return { nodeId: target.slice(0, dot), input: target.slice(dot + 1) };
}

/**
 * A copy of the workflow with each change applied. A change must name an input the workflow already has and
 * that holds a value: a link, a missing node or a new input would make a different graph, not a variation.
 */
export function withChanges(
  workflow: Record<string, unknown>,
  changes: readonly InputChange[],
): Record<string, unknown> {
  const copy = structuredClone(workflow);
  for (const change of changes) {
    const { nodeId, input } = splitTarget(change.target);
    if (RESERVED.has(nodeId) || RESERVED.has(input)) {
      throw new DomainError('invalid_change', `${change.target} is not an input Loupe will change.`);
    }
    const node = Object.hasOwn(copy, nodeId) ? copy[nodeId] : undefined;
    const inputs = isRecord(node) && isRecord(node.inputs) ? node.inputs : null;
    if (inputs === null || !Object.hasOwn(inputs, input)) {
      throw new DomainError('invalid_change', `The workflow has no input ${change.target} to change.`);
    }
    if (isLink(inputs[input])) {
      throw new DomainError(
        'invalid_change',
        `${change.target} is wired to another node's output; only inputs that hold a value can be changed.`,
      );
    }
    inputs[input] = change.value;
  }
  return copy;
}
