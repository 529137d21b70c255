// A workflow file for `jobs submit`: the API-format graph (what the editor's "Export (API)" writes), or the
// same graph wrapped as a request body ({"workflow": …} or v1's {"prompt": …}). The editor's regular save
// (UI format, with `nodes` and `links`) is refused here with the fix, before anything is sent.
import { z } from 'zod';
import { UsageError } from './errors';
import type { CliIo } from './io';
import { readJsonFile } from './jsonFile';

const nodeSchema = z.looseObject({
  class_type: z.string().min(1),
  inputs: z.record(z.string(), z.unknown()).optional(),
});
const apiGraphSchema = z
  .record(z.string(), nodeSchema)
  .refine((graph) => Object.keys(graph).length > 0, 'The workflow has no nodes.');
const wrapperSchema = z.union([
  z.looseObject({ workflow: z.record(z.string(), z.unknown()) }).transform((body) => body.workflow),
  z.looseObject({ prompt: z.record(z.string(), z.unknown()) }).transform((body) => body.prompt),
]);
const uiFormatSchema = z.looseObject({ nodes: z.array(z.unknown()), links: z.array(z.unknown()) });

/** What JSON.parse produced, typed as JSON so it can also be kept in the local history. */
const jsonGraphSchema = z.record(z.string(), z.json());
export type ApiGraph = z.output<typeof jsonGraphSchema>;

export async function readWorkflowFile(path: string, io: CliIo): Promise<ApiGraph> {
  const document = await readJsonFile(path, io);
  const wrapped = wrapperSchema.safeParse(document);
  const candidate: unknown = wrapped.success ? wrapped.data : document;
  if (uiFormatSchema.safeParse(candidate).success) {
    throw new UsageError(
      `${path} is the editor\u2019s export (UI format, with "nodes" and "links"); the service runs only API-format workflows.`,
      'In the editor, export the workflow as API format ("Export (API)") and submit that file.',
      'workflow_format_ui',
    );
  }
  const graph = apiGraphSchema.safeParse(candidate);
  if (!graph.success) {
    const issue = graph.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` (at ${issue.path.join('.')})`;
    throw new UsageError(
      `${path} is not an API-format workflow${where}: every top-level entry must be a node with a "class_type".`,
      'Export the workflow from the editor as API format.',
      'invalid_workflow_file',
    );
  }
  // The checks above only establish what kind of document it is; the graph is sent as written.
  return jsonGraphSchema.parse(candidate);
}
