/** A File whose text the test DOM can read. */
export function workflowFile(content: string, name = 'workflow.json', type = 'application/json'): File {
  const file = new File([content], name, { type });
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(content) });
  return file;
}

export const API_WORKFLOW = JSON.stringify({
  '1': { class_type: 'SaveText', inputs: { text: 'hello' } },
});

export const UI_WORKFLOW = JSON.stringify({ last_node_id: 2, nodes: [{ id: 1 }], links: [] });
