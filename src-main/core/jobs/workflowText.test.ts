// What a workflow file's text must be, decided once for the app's drop and the CLI's `jobs submit`.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { parseWorkflowText } from './workflowText';

const graph = { '1': { class_type: 'KSampler', inputs: { seed: 1 } } };

function refusal(text: string): DomainError {
  try {
    parseWorkflowText(text, 'wf.json');
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('the text was accepted');
}

describe('parseWorkflowText', () => {
  it('takes the bare graph, and the graph inside a saved request body ({workflow} or v1 {prompt})', () => {
    expect(parseWorkflowText(JSON.stringify(graph))).toEqual(graph);
    expect(parseWorkflowText(JSON.stringify({ workflow: graph, metadata: {} }))).toEqual(graph);
    expect(parseWorkflowText(JSON.stringify({ prompt: graph, client_id: 'x' }))).toEqual(graph);
  });

  it('reads past a byte-order mark', () => {
    expect(parseWorkflowText(`\uFEFF${JSON.stringify(graph)}`)).toEqual(graph);
  });

  it('a node that happens to be called "workflow" is a node, not a wrapper', () => {
    const named = { workflow: { class_type: 'SaveImage', inputs: {} } };
    expect(parseWorkflowText(JSON.stringify(named))).toEqual(named);
  });

  it('refuses entries that are not nodes, naming the entry, and the editor export with its fix', () => {
    const notNode = refusal(JSON.stringify({ '1': { class_type: 'KSampler' }, '2': { inputs: {} } }));
    expect(notNode.code).toBe('invalid_workflow_json');
    expect(notNode.message).toContain('entry "2"');
    expect(refusal(JSON.stringify({ workflow: { nodes: [], links: [] } })).code).toBe('workflow_format_ui');
    expect(refusal('[]').code).toBe('invalid_workflow_json');
    expect(refusal('{}').message).toContain('empty workflow');
  });
});
