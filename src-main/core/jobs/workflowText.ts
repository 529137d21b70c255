// A workflow file's text, read before anything is recorded or sent. The common mistake (issue 5: "UI-format
// files explained, not just rejected") is the editor's regular save, which has `nodes` and `links` arrays;
// the service only runs the API-format graph and would answer workflow_format_ui. Saying so here, in words
// with the way out, beats a 422 round trip.
import { WORKFLOW_LIMITS, checkJsonBounds } from '../../../src-shared/jsonBounds';
import { isRecord, isUiFormat, isWorkflowNode, unwrappedGraph } from '../../../src-shared/workflowDocument';
import { DomainError } from '../errors';

export type ApiWorkflow = Record<string, unknown>;

function named(fileName: string | undefined): string {
  return fileName === undefined || fileName.trim() === '' ? 'This file' : `"${fileName}"`;
}

export function uiFormatFailure(fileName: string | undefined): DomainError {
  return new DomainError(
    'workflow_format_ui',
    `${named(fileName)} is the editor's own save format (it has "nodes" and "links"), which the service ` +
      'cannot run. In the editor, export the workflow in API format (Export (API)) and submit that file.',
    { details: { fileName: fileName ?? null } },
  );
}

/** Parses the text of a workflow file into the API-format graph to send, or explains why it is not one. */
export function parseWorkflowText(text: string, fileName?: string): ApiWorkflow {
  let parsed: unknown;
  try {
    // A byte-order mark is what some editors put first; it is not part of the JSON.
    parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'it could not be parsed';
    throw new DomainError(
      'invalid_workflow_json',
      `${named(fileName)} is not valid JSON (${reason}). A workflow file is the JSON the editor exports.`,
    );
  }
  // Before anything recursive (the request writer, a schema) walks it.
  const bounds = checkJsonBounds(parsed, WORKFLOW_LIMITS);
  if (!bounds.ok) {
    throw new DomainError(
      'invalid_workflow_json',
      `${named(fileName)} cannot be a workflow: ${bounds.reason}. A workflow is an object of nodes keyed by id.`,
    );
  }
  if (!isRecord(parsed)) {
    throw new DomainError(
      'invalid_workflow_json',
      `${named(fileName)} is JSON, but not a workflow: a workflow is an object of nodes keyed by id.`,
    );
  }
  const value = unwrappedGraph(parsed);
  if (isUiFormat(value)) throw uiFormatFailure(fileName);
  if (Object.keys(value).length === 0) {
    throw new DomainError('invalid_workflow_json', `${named(fileName)} is an empty workflow.`);
  }
  const notNode = Object.entries(value).find(([, node]) => !isWorkflowNode(node));
  if (notNode !== undefined) {
    throw new DomainError(
      'invalid_workflow_json',
      `${named(fileName)} is not an API-format workflow: entry "${notNode[0]}" is not a node with a "class_type". ` +
        'Export the workflow from the editor in API format (Export (API)).',
    );
  }
  return value;
}
