// What a workflow file is, read the same way in main (core/jobs/workflowText.ts, which decides whether it can
// be sent) and in the page (the New batch screen, which only shows its nodes): an API-format graph of nodes
// keyed by id, possibly saved inside a request body, or the editor's own UI-format save.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A node of an API-format graph: an object with a non-empty class_type. */
export function isWorkflowNode(value: unknown): value is Record<string, unknown> & { class_type: string } {
  return isRecord(value) && typeof value.class_type === 'string' && value.class_type !== '';
}

/** The editor's own save (it has `nodes` and `links` arrays), which the service cannot run. */
export function isUiFormat(value: Record<string, unknown>): boolean {
  return Array.isArray(value.nodes) && Array.isArray(value.links);
}

/**
 * The graph inside a request body someone saved instead of the bare graph: `{"workflow": …}` (v2) or
 * `{"prompt": …}` (v1). Anything else is taken as the graph itself; a node that happens to be called
 * "workflow" is a node, not a wrapper.
 */
export function unwrappedGraph(value: Record<string, unknown>): Record<string, unknown> {
  for (const wrapper of ['workflow', 'prompt']) {
    const inner = value[wrapper];
    if (Object.hasOwn(value, wrapper) && isRecord(inner) && !isWorkflowNode(inner)) return inner;
  }
  return value;
}
