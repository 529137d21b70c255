import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { withPrompt } from '../../../src-shared/png/pngPrompt';
import { readPngWorkflow } from '../../../src-shared/png/pngWorkflow';
import { nodeInflate } from './inflate';
import { PromptInserter } from './promptStream';
import { API_WORKFLOW, serverPicture, textChunk } from './testing/serverPicture';

/** Streams `bytes` through the inserter in pieces of `size` bytes. */
async function through(bytes: Uint8Array, size: number): Promise<Uint8Array> {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(Buffer.from(bytes.subarray(at, at + size)));
  return new Uint8Array(await buffer(Readable.from(pieces).pipe(new PromptInserter(API_WORKFLOW))));
}

describe('PromptInserter', () => {
  it.each([1, 3, 7, 8, 13, 4096])(
    'writes the same bytes as the whole-file insert, in %i-byte pieces',
    async (size) => {
      const plain = serverPicture([textChunk('parameters', 'x')]);
      const streamed = await through(plain, size);
      expect(Buffer.from(streamed).equals(Buffer.from(withPrompt(plain, API_WORKFLOW)))).toBe(true);
      expect(await readPngWorkflow(streamed, nodeInflate)).toMatchObject({
        kind: 'api',
        workflow: API_WORKFLOW,
      });
    },
  );

  it('leaves a picture that has a prompt, and bytes that are not a PNG, exactly as they were', async () => {
    const theirs = serverPicture([textChunk('prompt', '{"9":{"class_type":"X","inputs":{}}}')]);
    for (const size of [1, 5, 1024])
      expect(Buffer.from(await through(theirs, size)).equals(Buffer.from(theirs))).toBe(true);
    const wav = Buffer.from('RIFF....WAVEfmt and then some bytes of audio');
    expect(Buffer.from(await through(wav, 3)).equals(wav)).toBe(true);
  });
});
