// `NODE.INPUT`: the input of one node that an axis sets. Resolved against the workflow before any value is
// read, because every later rule hangs on it: a value's type is the type of what it replaces, and a link
// (`["4", 0]`, another node's output) is wiring, never a value to sweep.
import { BatchPlanError, type BatchPlanErrorDetails } from './planError';
import type { ApiWorkflow, JsonValue, WorkflowNode } from './workflowShape';

/** What an input holds now, which decides how a value for it is read. */
export type TargetKind = 'number' | 'boolean' | 'string';

export interface ResolvedTarget {
  nodeId: string;
  input: string;
  /** `NODE.INPUT`, as items and problems name it. */
  key: string;
}

export interface ScalarTarget extends ResolvedTarget {
  kind: TargetKind;
}

/** Where the target was written, for the error: the part, and the axis or table it came from. */
export type TargetContext = Pick<BatchPlanErrorDetails, 'part' | 'source'>;

const LISTED_NODES = 20;

export function isLink(value: JsonValue | undefined): value is [string, number] {
  return (
    Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number'
  );
}

function kindOf(value: JsonValue | undefined): TargetKind | null {
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return null;
}

/** The inputs of a node a sweep or a table can set: the ones holding a number, a boolean or a string. */
export function scalarInputs(node: WorkflowNode): string[] {
  return Object.entries(node.inputs)
    .filter(([, value]) => kindOf(value) !== null)
    .map(([name]) => name);
}

function settable(node: WorkflowNode): string {
  const names = scalarInputs(node);
  return names.length === 0
    ? 'It has no inputs that hold a plain value.'
    : `Inputs you can set: ${names.join(', ')}.`;
}

function nodeList(workflow: ApiWorkflow): string {
  const entries = Object.entries(workflow);
  const shown = entries.slice(0, LISTED_NODES).map(([id, node]) => `${id} (${node.class_type})`);
  return (
    shown.join(', ') + (entries.length > LISTED_NODES ? `, and ${entries.length - LISTED_NODES} more` : '')
  );
}

/**
 * Splits `NODE.INPUT`. Node ids may themselves hold dots, so the split is at the first dot whose left side
 * names a node of the workflow; when none does, at the first dot (and the error names that node).
 */
function split(text: string, workflow: ApiWorkflow): { nodeId: string; input: string } | null {
  let first: { nodeId: string; input: string } | null = null;
  for (let dot = text.indexOf('.'); dot !== -1; dot = text.indexOf('.', dot + 1)) {
    const candidate = { nodeId: text.slice(0, dot), input: text.slice(dot + 1) };
    if (candidate.nodeId === '' || candidate.input === '') continue;
    first ??= candidate;
    if (Object.hasOwn(workflow, candidate.nodeId)) return candidate;
  }
  return first;
}

/** The node and input `text` names; an error that says what exists when either does not, or is a link. */
export function resolveTarget(text: string, workflow: ApiWorkflow, context: TargetContext): ResolvedTarget {
  const written = text.trim();
  const parts = split(written, workflow);
  const fail = (message: string, target: string): never => {
    throw new BatchPlanError(message, { ...context, target });
  };
  if (parts === null) {
    return fail(
      `${JSON.stringify(written)} does not name a node input. Write NODE.INPUT, for example 3.seed ` +
        '(the node id from the workflow, a dot, then the input name).',
      written,
    );
  }
  const { nodeId, input } = parts;
  const node = Object.hasOwn(workflow, nodeId) ? workflow[nodeId] : undefined;
  if (node === undefined) {
    return fail(
      `The workflow has no node ${JSON.stringify(nodeId)}. Its nodes: ${nodeList(workflow)}.`,
      nodeId,
    );
  }
  const key = `${nodeId}.${input}`;
  if (!Object.hasOwn(node.inputs, input)) {
    return fail(
      `Node ${nodeId} (${node.class_type}) has no input ${JSON.stringify(input)}. ${settable(node)}`,
      key,
    );
  }
  const value = node.inputs[input];
  if (isLink(value)) {
    const [from, slot] = value;
    return fail(
      `${key} is wired to output ${slot} of node ${from}, not a value, so it cannot be varied. ` +
        settable(node),
      key,
    );
  }
  return { nodeId, input, key };
}

/** A target for a sweep or a table column: it must hold a number, a boolean or a string now. */
export function resolveScalarTarget(
  text: string,
  workflow: ApiWorkflow,
  context: TargetContext,
): ScalarTarget {
  const target = resolveTarget(text, workflow, context);
  const node = workflow[target.nodeId] as WorkflowNode;
  const kind = kindOf(node.inputs[target.input]);
  if (kind === null) {
    throw new BatchPlanError(
      `${target.key} holds ${describe(node.inputs[target.input])}, not a number, a boolean or text, so a ` +
        `sweep or a table cannot tell what to write there. ${settable(node)}`,
      { ...context, target: target.key },
    );
  }
  return { ...target, kind };
}

function describe(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'a list';
  return 'an object';
}
