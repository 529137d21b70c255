// The workflow file read in the page only to show it: each node with the inputs an axis can vary. Whether the
// file is a workflow the service can run is main's to say (batches.plan answers with the reason); the page
// only spots the two cases it can explain without asking: text that is not JSON, and the editor's own save
// (UI format), which needs an export rather than a fix. The rules for both come from src-shared, as main's do.
import {
  isRecord,
  isUiFormat,
  isWorkflowNode,
  unwrappedGraph,
} from '../../../../src-shared/workflowDocument';

/** An input holding a plain value: what a sweep or a table column can set. */
export interface ScalarInput {
  name: string;
  value: string | number | boolean;
}

/** An input holding a `core/ASSET` reference (an uploaded file): assets can be bound to it, not swept. */
export interface AssetInput {
  name: string;
  assetId: string;
}

export interface WorkflowNodeView {
  id: string;
  classType: string;
  title: string | null;
  inputs: ScalarInput[];
  assetInputs: AssetInput[];
  /** Inputs wired to another node's output (`["4", 0]`) or holding a list or an object: not for varying. */
  fixed: string[];
}

export type WorkflowReading =
  { kind: 'api'; nodes: WorkflowNodeView[] } | { kind: 'ui' } | { kind: 'not_json'; reason: string };

function byNodeId(a: { id: string }, b: { id: string }): number {
  const [x, y] = [Number(a.id), Number(b.id)];
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.id.localeCompare(b.id);
}

/** The asset id of a `core/ASSET` reference, as the planner writes one; null for anything else. */
function referencedAsset(value: unknown): string | null {
  if (!isRecord(value) || value.__type !== 'core/ASSET' || !isRecord(value.info)) return null;
  return typeof value.info.id === 'string' ? value.info.id : null;
}

function readNode(id: string, node: Record<string, unknown> & { class_type: string }): WorkflowNodeView {
  const inputs: ScalarInput[] = [];
  const assetInputs: AssetInput[] = [];
  const fixed: string[] = [];
  const entries = isRecord(node.inputs) ? Object.entries(node.inputs) : [];
  for (const [name, value] of entries) {
    const assetId = referencedAsset(value);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      inputs.push({ name, value });
    } else if (assetId !== null) {
      assetInputs.push({ name, assetId });
    } else {
      fixed.push(name);
    }
  }
  const meta = isRecord(node._meta) ? node._meta : {};
  return {
    id,
    classType: node.class_type,
    title: typeof meta.title === 'string' ? meta.title : null,
    inputs,
    assetInputs,
    fixed,
  };
}

export function readWorkflowText(text: string): WorkflowReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    return { kind: 'not_json', reason: error instanceof Error ? error.message : 'it does not parse' };
  }
  if (!isRecord(parsed)) return { kind: 'api', nodes: [] };
  const graph = unwrappedGraph(parsed);
  if (isUiFormat(graph)) return { kind: 'ui' };
  const nodes = Object.entries(graph).flatMap(([id, node]) =>
    isWorkflowNode(node) ? [readNode(id, node)] : [],
  );
  return { kind: 'api', nodes: nodes.sort(byNodeId) };
}
