import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobWorkflow } from '../../../../../src-shared/contract';
import { fakeJobsHost, jobSnapshot } from '../../../../test/fakeJobsHost';
import { renderWithLoupe } from '../../../../test/renderWithLoupe';
import { resetUiState } from '../../../../test/resetUiState';
import { WorkflowTab } from './WorkflowTab';

beforeEach(() => resetUiState('jobs'));
afterEach(() => vi.restoreAllMocks());

const API: JobWorkflow = {
  format: 'api',
  workflow: {
    '10': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'lighthouse' } },
    '3': {
      class_type: 'KSampler',
      inputs: { seed: 42, steps: 20, model: ['4', 0], positive: ['6', 0] },
      _meta: { title: 'Sampler <b>main</b>' },
    },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse\u202E at dusk', clip: ['4', 1] } },
  },
};

const SAVED: JobWorkflow = {
  format: 'save',
  workflow: {
    last_node_id: 9,
    nodes: [
      { id: 4, type: 'CheckpointLoaderSimple', pos: [0, 0] },
      { id: 3, type: 'KSampler', title: 'My sampler' },
      { id: 9, type: 'SaveImage' },
    ],
    links: [[1, 4, 0, 3, 0, 'MODEL']],
  },
};

/** A blob's text through FileReader, which every test DOM has. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new Error('unreadable'));
    reader.readAsText(blob);
  });
}

function renderWorkflow(workflow: JobWorkflow) {
  const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1' })], workflows: { j1: workflow } });
  return renderWithLoupe(<WorkflowTab jobId="j1" />, host.loupe);
}

describe('the workflow tab', () => {
  it('shows an API workflow as a readable node list, in id order, with links and values', async () => {
    renderWorkflow(API);
    const format = await screen.findByTestId('workflow-format');
    expect(format.dataset.format).toBe('api');
    expect(format.textContent).toContain('3 nodes');
    const nodes = within(screen.getByRole('list', { name: 'Workflow nodes' })).getAllByRole('listitem');
    expect(nodes.map((node) => node.dataset.nodeId)).toEqual(['3', '6', '10']);
    const sampler = nodes[0]!;
    expect(sampler.textContent).toContain('KSampler');
    expect(sampler.textContent).toContain('Sampler <b>main</b>');
    expect(sampler.querySelector('b')).toBeNull();
    expect(sampler.textContent).toContain('← node 4 · out 0');
    expect(sampler.textContent).toContain('42');
    expect(nodes[1]!.textContent).toContain('"a lighthouse⟨U+202E⟩ at dusk"');
    // The raw JSON is there too, as text.
    expect(screen.getByText('Raw JSON')).toBeTruthy();
  });

  it('shows a save-format workflow as what it is: the editor’s graph, with its node count', async () => {
    renderWorkflow(SAVED);
    const format = await screen.findByTestId('workflow-format');
    expect(format.dataset.format).toBe('save');
    expect(format.textContent).toContain('The editor’s saved graph');
    expect(format.textContent).toContain('3 nodes, 1 links');
    expect(format.textContent).toContain('not the API graph the service ran');
    expect(screen.queryByRole('list', { name: 'Workflow nodes' })).toBeNull();
    const saved = within(screen.getByRole('list', { name: 'Saved graph nodes' })).getAllByRole('listitem');
    expect(saved.map((item) => item.textContent)).toEqual([
      '#3 KSampler My sampler',
      '#4 CheckpointLoaderSimple',
      '#9 SaveImage',
    ]);
  });

  it('copies the JSON and exports it as a Blob download', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:workflow';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    renderWorkflow(API);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy JSON' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = JSON.parse(String((writeText.mock.calls[0] as unknown[])[0])) as unknown;
    expect(copied).toEqual(API.workflow);
    expect(await screen.findByText('Copied')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export…' }));
    expect(clicked).toEqual([{ href: 'blob:workflow', download: 'j1.workflow.json' }]);
    expect(blobs[0]?.type).toBe('application/json;charset=utf-8');
    expect(JSON.parse(await blobText(blobs[0]!))).toEqual(API.workflow);
  });

  it('says when it does not recognize the format, and still shows the JSON', async () => {
    renderWorkflow({ format: 'unknown', workflow: { something: 'else' } });
    expect((await screen.findByTestId('workflow-format')).dataset.format).toBe('unknown');
    expect(screen.getByText('Raw JSON')).toBeTruthy();
  });
});
