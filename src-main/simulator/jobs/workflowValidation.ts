// Synchronous validation of an API-format workflow, with the exact codes and `details` shapes of the
// spec's error envelope: per-node `{field, reason}` arrays, `{class_type, errors}` objects for unknown
// classes plus `unknown_node_classes`, `workflow_format_ui`, and `missing_asset` for core/ASSET refs.
import { isPlainObject } from '../http';
import { findNodeClass, socketTypeOf, type InputSpec, type NodeClass, type SocketType } from './nodeCatalog';

export interface GraphNode {
  id: string;
  nodeClass: NodeClass;
  inputs: Readonly<Record<string, unknown>>;
}

export interface ValidatedGraph {
  nodes: ReadonlyMap<string, GraphNode>;
  /** Execution order: every node after the nodes it links from. */
  order: readonly string[];
  /** The API-format document as submitted. */
  workflow: Record<string, unknown>;
}

export interface ValidationFailure {
  code: 'invalid_workflow' | 'workflow_format_ui' | 'missing_asset';
  message: string;
  details: Record<string, unknown> | null;
}

export type ValidationResult =
  { ok: true; graph: ValidatedGraph } | { ok: false; failure: ValidationFailure };

type FieldError = { field: string; reason: string };
type UnknownClassError = { class_type: string; errors: { type: string; message: string }[] };
type NodeErrors = Record<string, FieldError[] | UnknownClassError>;

export type Link = readonly [string, number];

export function asLink(value: unknown): Link | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [source, index] = value as [unknown, unknown];
  if (
    (typeof source !== 'string' && typeof source !== 'number') ||
    !Number.isInteger(index) ||
    Number(index) < 0
  ) {
    return null;
  }
  return [String(source), Number(index)];
}

export function isAssetRef(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && value.__type === 'core/ASSET';
}

/** The UI export (`{nodes: [...], links: [...]}`) rather than the API format. */
export function isUiFormat(workflow: Record<string, unknown>): boolean {
  return Array.isArray(workflow.nodes) && Array.isArray(workflow.links);
}

function invalid(message: string, nodeErrors: NodeErrors, unknownClasses: string[] = []): ValidationResult {
  const details: Record<string, unknown> = { node_errors: nodeErrors };
  if (unknownClasses.length > 0) details.unknown_node_classes = unknownClasses;
  return { ok: false, failure: { code: 'invalid_workflow', message, details } };
}

function checkLiteral(spec: InputSpec, value: unknown): string | null {
  if (isAssetRef(value)) {
    const takesAsset = (spec.kind === 'string' || spec.kind === 'enum') && spec.acceptsAsset === true;
    return takesAsset ? null : 'a core/ASSET reference is not accepted here';
  }
  switch (spec.kind) {
    case 'int':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'expects an integer';
      return value < spec.min || value > spec.max ? `must be between ${spec.min} and ${spec.max}` : null;
    case 'float':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'expects a number';
      return value < spec.min || value > spec.max ? `must be between ${spec.min} and ${spec.max}` : null;
    case 'string':
      return typeof value === 'string' ? null : 'expects a string';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'expects a boolean';
    case 'enum':
      if (typeof value !== 'string') return 'expects one of the listed values';
      return spec.options.includes(value) ? null : `value not in list: ${spec.options.join(', ')}`;
    case 'socket':
      return `expects a link to a ${spec.type} output`;
  }
}

function linkCompatible(expected: SocketType, actual: SocketType): boolean {
  return expected === '*' || actual === '*' || expected === actual;
}

function checkInputs(
  node: Record<string, unknown>,
  nodeClass: NodeClass,
  workflow: Record<string, unknown>,
): FieldError[] {
  const errors: FieldError[] = [];
  const inputs = isPlainObject(node.inputs) ? node.inputs : {};
  const check = (field: string, spec: InputSpec, required: boolean): void => {
    const value = inputs[field];
    if (value === undefined || value === null) {
      if (required) errors.push({ field, reason: 'required input is missing' });
      return;
    }
    const link = asLink(value);
    if (!link) {
      const reason = checkLiteral(spec, value);
      if (reason) errors.push({ field, reason });
      return;
    }
    const [sourceId, index] = link;
    const source = workflow[sourceId];
    const sourceClass =
      isPlainObject(source) && typeof source.class_type === 'string'
        ? findNodeClass(source.class_type)
        : undefined;
    if (!isPlainObject(source)) {
      errors.push({ field, reason: `links to node "${sourceId}", which does not exist` });
    } else if (!sourceClass) {
      errors.push({ field, reason: `links to node "${sourceId}", whose class is unknown` });
    } else if (index >= sourceClass.outputs.length) {
      errors.push({
        field,
        reason: `links to output ${index} of node "${sourceId}", which has ${sourceClass.outputs.length}`,
      });
    } else {
      const expected = socketTypeOf(spec);
      const actual = sourceClass.outputs[index] ?? '*';
      if (!linkCompatible(expected, actual))
        errors.push({ field, reason: `expects ${expected}, got ${actual}` });
    }
  };
  for (const [field, spec] of Object.entries(nodeClass.required)) check(field, spec, true);
  for (const [field, spec] of Object.entries(nodeClass.optional)) check(field, spec, false);
  return errors;
}

/** Kahn's algorithm over the links; null when the links form a cycle. */
function executionOrder(nodes: ReadonlyMap<string, GraphNode>): string[] | null {
  const dependencies = new Map<string, Set<string>>();
  for (const node of nodes.values()) {
    const sources = new Set<string>();
    for (const value of Object.values(node.inputs)) {
      const link = asLink(value);
      if (link && nodes.has(link[0])) sources.add(link[0]);
    }
    dependencies.set(node.id, sources);
  }
  const order: string[] = [];
  const ready = [...nodes.keys()].filter((id) => dependencies.get(id)?.size === 0);
  while (ready.length > 0) {
    const id = ready.shift() ?? '';
    order.push(id);
    for (const [other, sources] of dependencies) {
      if (sources.delete(id) && sources.size === 0) ready.push(other);
    }
  }
  return order.length === nodes.size ? order : null;
}

function findAssetRefs(
  value: unknown,
  path: string,
  found: { path: string; ref: Record<string, unknown> }[],
): void {
  if (isAssetRef(value)) {
    found.push({ path, ref: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findAssetRefs(item, `${path}[${i}]`, found));
  } else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) findAssetRefs(item, `${path}.${key}`, found);
  }
}

function checkAssetRefs(graph: ValidatedGraph, ownsAsset: (id: string) => boolean): ValidationFailure | null {
  for (const node of graph.nodes.values()) {
    for (const [field, value] of Object.entries(node.inputs)) {
      const refs: { path: string; ref: Record<string, unknown> }[] = [];
      findAssetRefs(value, field, refs);
      for (const { path, ref } of refs) {
        const info = ref.info;
        const id = isPlainObject(info) && typeof info.id === 'string' && info.id !== '' ? info.id : null;
        const malformed = !isPlainObject(info) || Object.keys(info).length === 0 || id === null;
        if (malformed || !ownsAsset(id)) {
          return {
            code: 'missing_asset',
            message: malformed
              ? `Node "${node.id}" input "${path}" holds a malformed core/ASSET reference.`
              : `Node "${node.id}" input "${path}" references an asset that does not exist.`,
            details: { node_id: node.id, field: path, asset_id: id },
          };
        }
      }
    }
  }
  return null;
}

export function validateWorkflow(workflow: unknown, ownsAsset: (id: string) => boolean): ValidationResult {
  if (!isPlainObject(workflow)) return invalid('The workflow must be a JSON object of nodes.', {});
  if (isUiFormat(workflow)) {
    return {
      ok: false,
      failure: {
        code: 'workflow_format_ui',
        message: 'This is a UI-format workflow (nodes and links). Export it in API format and submit that.',
        details: null,
      },
    };
  }
  const entries = Object.entries(workflow);
  if (entries.length === 0) return invalid('The workflow has no nodes.', {});

  const nodeErrors: NodeErrors = {};
  const unknownClasses = new Set<string>();
  const nodes = new Map<string, GraphNode>();
  for (const [id, node] of entries) {
    if (!isPlainObject(node)) {
      nodeErrors[id] = [{ field: '', reason: 'a node must be an object with class_type and inputs' }];
      continue;
    }
    if (typeof node.class_type !== 'string' || node.class_type === '') {
      nodeErrors[id] = [{ field: 'class_type', reason: 'class_type must be a non-empty string' }];
      continue;
    }
    const nodeClass = findNodeClass(node.class_type);
    if (!nodeClass) {
      unknownClasses.add(node.class_type);
      nodeErrors[id] = {
        class_type: node.class_type,
        errors: [
          { type: 'unknown_node_class', message: `Node class "${node.class_type}" is not installed.` },
        ],
      };
      continue;
    }
    if (node.inputs !== undefined && !isPlainObject(node.inputs)) {
      nodeErrors[id] = [{ field: 'inputs', reason: 'inputs must be an object' }];
      continue;
    }
    const errors = checkInputs(node, nodeClass, workflow);
    if (errors.length > 0) nodeErrors[id] = errors;
    nodes.set(id, { id, nodeClass, inputs: isPlainObject(node.inputs) ? node.inputs : {} });
  }
  const failing = Object.keys(nodeErrors).length;
  if (failing > 0) {
    return invalid(
      `The workflow is invalid: ${failing} node(s) have errors.`,
      nodeErrors,
      [...unknownClasses].sort(),
    );
  }
  if (![...nodes.values()].some((node) => node.nodeClass.outputNode)) {
    return invalid('The workflow has no output node, so running it would produce nothing.', {});
  }
  const order = executionOrder(nodes);
  if (!order) return invalid('The workflow links form a cycle.', {});
  const graph = { nodes, order, workflow };
  const assetFailure = checkAssetRefs(graph, ownsAsset);
  return assetFailure ? { ok: false, failure: assetFailure } : { ok: true, graph };
}
