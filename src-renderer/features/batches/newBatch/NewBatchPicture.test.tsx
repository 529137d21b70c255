// A workflow from a picture on New batch: a dropped PNG whose `prompt` chunk is the API workflow opens like
// a workflow file; one with only the editor's `workflow` chunk says what to do instead; compressed text is
// inflated in the page under the bound.
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildChunk, PNG_SIGNATURE } from '../../../../src-shared/png/pngChunks';
import { asciiJson } from '../../../../src-shared/png/pngPrompt';
import { pageInflate } from '../../../lib/pictureWorkflow';
import {
  newBatchHost,
  openNewBatch,
  renderNewBatchHost,
  SAMPLER_WORKFLOW,
  withNewBatchLayout,
} from './testing/renderNewBatch';

withNewBatchLayout();

const bytesOf = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** A PNG laid out as the workflow server writes one: IHDR, its text chunks, the pixels, IEND. */
function picture(texts: Record<string, string>, name: string): File {
  const ihdr = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]);
  const parts = [
    PNG_SIGNATURE,
    buildChunk('IHDR', ihdr),
    ...Object.entries(texts).map(([key, text]) => buildChunk('tEXt', bytesOf(`${key}\0${text}`))),
    buildChunk('IDAT', new Uint8Array([0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])),
    buildChunk('IEND', new Uint8Array(0)),
  ];
  return new File(parts as BlobPart[], name, { type: 'image/png' });
}

function drop(file: File) {
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  act(() => {
    window.dispatchEvent(Object.assign(new Event('dragenter', { cancelable: true }), { dataTransfer }));
    window.dispatchEvent(Object.assign(new Event('drop', { cancelable: true }), { dataTransfer }));
  });
}

describe('New batch: a workflow from a picture', () => {
  it('a dropped PNG carrying the API workflow opens like a workflow file, its nodes listed', async () => {
    renderNewBatchHost(newBatchHost());
    await openNewBatch();
    const workflow = JSON.parse(SAMPLER_WORKFLOW) as Record<string, unknown>;
    drop(picture({ prompt: asciiJson(workflow), workflow: '{"nodes":[],"links":[]}' }, 'ComfyUI_00042_.png'));
    expect((await screen.findByTestId('workflow-name')).textContent).toBe('ComfyUI_00042_.png');
    const cards = screen.getByRole('list', { name: 'Workflow nodes' }).querySelectorAll('[data-node-id]');
    expect(cards.length).toBe(Object.keys(workflow).length);
  });

  it('a PNG with only the editor’s workflow says Loupe needs the API format and how to get it', async () => {
    renderNewBatchHost(newBatchHost());
    await openNewBatch();
    drop(picture({ workflow: '{"nodes":[],"links":[]}' }, 'editor.png'));
    const problem = await screen.findByText(/editor’s workflow only/);
    expect(problem.textContent).toContain('Export (API)');
    expect(screen.queryByTestId('workflow-name')).toBeNull();
  });

  it('inflates in the page, and stops at the bound', async () => {
    const packed = new Uint8Array(
      await new Response(
        new Response(new Uint8Array(1024 * 1024)).body!.pipeThrough(new CompressionStream('deflate')),
      ).arrayBuffer(),
    );
    expect((await pageInflate(packed, 2 * 1024 * 1024))?.length).toBe(1024 * 1024);
    expect(await pageInflate(packed, 64 * 1024)).toBeNull();
    await expect(pageInflate(bytesOf('not zlib'), 1024)).rejects.toBeTruthy();
  });
});
