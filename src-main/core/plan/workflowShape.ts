// The workflow a plan starts from, checked once at the planner's door. Callers hand over whatever they parsed
// (a file the user picked, a job's stored workflow), so its shape is not taken on trust: a node without a
// class_type or inputs would otherwise surface later as a confusing "no input" error, or as a crash.
import { z } from 'zod';
import { BatchPlanError } from './planError';

export const jsonValueSchema = z.json();
/** What a plan writes into a workflow: the same JSON the store keeps and the service reads. */
export type JsonValue = z.infer<typeof jsonValueSchema>;

/** One node of an API-format workflow; fields beside these two (`_meta`, …) are kept as they are. */
const workflowNodeSchema = z.looseObject({
  class_type: z.string().min(1),
  inputs: z.record(z.string(), jsonValueSchema),
});

const apiWorkflowSchema = z.record(z.string(), workflowNodeSchema);

export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type ApiWorkflow = z.infer<typeof apiWorkflowSchema>;

/** The workflow as the planner's typed graph; an error that names the first node that is not a node. */
export function readWorkflow(workflow: unknown): ApiWorkflow {
  const parsed = apiWorkflowSchema.safeParse(workflow);
  if (parsed.success) {
    if (Object.keys(parsed.data).length === 0) {
      throw new BatchPlanError(
        'The workflow has no nodes, so there is nothing to vary. Pick an API-format workflow.',
        {
          part: 'workflow',
        },
      );
    }
    return parsed.data;
  }
  const issue = parsed.error.issues[0];
  const nodeId = issue?.path[0];
  const where = nodeId === undefined ? '' : ` (node ${String(nodeId)})`;
  throw new BatchPlanError(
    `The workflow is not an API-format graph${where}: every node needs a class_type and an inputs object. ` +
      'In the editor, export the workflow in API format and plan with that file.',
    { part: 'workflow', ...(nodeId === undefined ? {} : { target: String(nodeId) }) },
  );
}

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
