// Progress snapshots, weighted by node count and sampler step: value = (nodes done + the running
// sampler's step fraction) / nodes total. Each snapshot is complete, so one re-syncs a client.
import type { Progress } from './jobModel';
import type { GraphNode } from './workflowValidation';

export function progressSnapshot(
  nodesTotal: number,
  nodesDone: number,
  node: GraphNode | null,
  detail: { step: number | null; steps: number | null; message: string | null },
): Progress {
  return {
    value: nodesTotal === 0 ? 0 : Math.min(1, nodesDone / nodesTotal),
    nodes_done: Math.floor(nodesDone),
    nodes_total: nodesTotal,
    current_node: node?.id ?? null,
    current_node_class: node?.nodeClass.name ?? null,
    step: detail.step,
    steps: detail.steps,
    message: detail.message,
  };
}

export function finishedProgress(nodesTotal: number): Progress {
  return {
    ...progressSnapshot(nodesTotal, nodesTotal, null, { step: null, steps: null, message: 'Finished' }),
    value: 1,
  };
}
