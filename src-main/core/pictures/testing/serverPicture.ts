// A PNG written the way the workflow server writes its outputs (PIL's PngInfo: one tEXt chunk per key, in
// the order added, `prompt` then `workflow`, right after IHDR and before the pixels), built here byte by byte
// so tests do not depend on a binary file. The real example pictures are read too where a copy is at hand
// (pngWorkflow.test.ts).
import { deflateSync } from 'node:zlib';
import { buildChunk, PNG_SIGNATURE } from '../../../../src-shared/png/pngChunks';

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

export function textChunk(keyword: string, text: string): Uint8Array {
  return buildChunk('tEXt', ascii(`${keyword}\0${text}`));
}

/** A 2×2 grey RGB picture with `extra` chunks after IHDR. */
export function serverPicture(extra: readonly Uint8Array[]): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, 2);
  view.setUint32(4, 2);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array([0, 128, 128, 128, 128, 128, 128, 0, 128, 128, 128, 128, 128, 128]);
  const parts = [
    PNG_SIGNATURE,
    buildChunk('IHDR', ihdr),
    ...extra,
    buildChunk('IDAT', new Uint8Array(deflateSync(rows))),
    buildChunk('IEND', new Uint8Array(0)),
  ];
  return Buffer.concat(parts);
}

export const API_WORKFLOW = {
  '3': { class_type: 'KSampler', inputs: { seed: 42, steps: 20, cfg: 7, model: ['4', 0] } },
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'v1-5.safetensors' } },
  '6': {
    class_type: 'CLIPTextEncode',
    inputs: { text: 'a lighthouse at dusk — “quoted” ✨', clip: ['4', 1] },
  },
};

export const EDITOR_WORKFLOW = { last_node_id: 9, nodes: [{ id: 3, type: 'KSampler' }], links: [] };
