// Reading a job's workflow for display. `api` is the graph the service ran: an object of nodes keyed by id,
// each with class_type and inputs, where an input is a value or a link [fromNodeId, outputIndex]. `save` is
// what the editor stores for itself: { nodes: [...], links: [...] } with positions and widgets.

export type ApiInput =
  | { name: string; kind: 'link'; fromNode: string; output: number }
  | { name: string; kind: 'value'; text: string };

export interface ApiNode {
  id: string;
  classType: string;
  title: string | null;
  inputs: ApiInput[];
}

export interface SavedGraph {
  nodeCount: number;
  linkCount: number | null;
  nodes: { id: string; type: string; title: string | null }[];
}

const VALUE_PREVIEW = 300;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function byNodeId(a: { id: string }, b: { id: string }): number {
  const [x, y] = [Number(a.id), Number(b.id)];
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a.id.localeCompare(b.id);
}

function valueText(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > VALUE_PREVIEW ? `${text.slice(0, VALUE_PREVIEW)}…` : text;
}

function readInput(name: string, value: unknown): ApiInput {
  if (
    Array.isArray(value) &&
    value.length === 2 &&
    (typeof value[0] === 'string' || typeof value[0] === 'number') &&
    typeof value[1] === 'number'
  ) {
    return { name, kind: 'link', fromNode: String(value[0]), output: value[1] };
  }
  return { name, kind: 'value', text: valueText(value) };
}

/** The API graph as a node list, or null when it is not one. */
export function readApiGraph(workflow: unknown): ApiNode[] | null {
  if (!isRecord(workflow)) return null;
  const nodes: ApiNode[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    if (!isRecord(node) || typeof node.class_type !== 'string') return null;
    const inputs = isRecord(node.inputs) ? node.inputs : {};
    const meta = isRecord(node._meta) ? node._meta : {};
    nodes.push({
      id,
      classType: node.class_type,
      title: typeof meta.title === 'string' ? meta.title : null,
      inputs: Object.entries(inputs).map(([name, value]) => readInput(name, value)),
    });
  }
  return nodes.sort(byNodeId);
}

/** The editor's saved graph: how many nodes and links, and each node's type. */
export function readSavedGraph(workflow: unknown): SavedGraph | null {
  if (!isRecord(workflow) || !Array.isArray(workflow.nodes)) return null;
  const nodes = workflow.nodes.filter(isRecord).map((node) => ({
    id: typeof node.id === 'number' || typeof node.id === 'string' ? String(node.id) : '?',
    type: typeof node.type === 'string' ? node.type : 'unknown',
    title: typeof node.title === 'string' ? node.title : null,
  }));
  return {
    nodeCount: workflow.nodes.length,
    linkCount: Array.isArray(workflow.links) ? workflow.links.length : null,
    nodes: nodes.sort(byNodeId),
  };
}

/** Pretty JSON for reading and export. */
export function workflowJson(workflow: unknown): string {
  // JSON.stringify answers undefined (despite its type) when there is no value at all.
  const text = JSON.stringify(workflow, null, 2) as string | undefined;
  return text ?? 'null';
}
