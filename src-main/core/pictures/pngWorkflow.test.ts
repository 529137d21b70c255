import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildChunk } from '../../../src-shared/png/pngChunks';
import { asciiJson, withPrompt } from '../../../src-shared/png/pngPrompt';
import { MAX_PNG_TEXT_BYTES, readPngWorkflow, type PngWorkflow } from '../../../src-shared/png/pngWorkflow';
import { nodeInflate } from './inflate';
import { API_WORKFLOW, EDITOR_WORKFLOW, serverPicture, textChunk } from './testing/serverPicture';

const read = (bytes: Uint8Array) => readPngWorkflow(bytes, nodeInflate);
const messageOf = (result: PngWorkflow): string => (result.kind === 'invalid' ? result.message : result.kind);
const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('a workflow from a picture', () => {
  it('reads the API workflow from a picture written as the server writes it (prompt and workflow tEXt)', async () => {
    const png = serverPicture([
      // json.dumps: non-ASCII escaped, so the text is Latin-1 as tEXt requires.
      textChunk('prompt', asciiJson(API_WORKFLOW)),
      textChunk('workflow', asciiJson(EDITOR_WORKFLOW)),
    ]);
    const result = await read(png);
    expect(result).toMatchObject({ kind: 'api', workflow: API_WORKFLOW });
  });

  it('says what to do when only the editor’s workflow is there', async () => {
    const result = await read(serverPicture([textChunk('workflow', JSON.stringify(EDITOR_WORKFLOW))]));
    expect(result.kind).toBe('editor-only');
    if (result.kind === 'editor-only') expect(result.message).toMatch(/Export \(API\)/);
  });

  it('says there is none in a picture without text', async () => {
    expect((await read(serverPicture([]))).kind).toBe('none');
  });

  it('reads zTXt and compressed and uncompressed iTXt', async () => {
    const json = JSON.stringify(API_WORKFLOW);
    const z = buildChunk('zTXt', Buffer.concat([ascii('prompt\0\0'), deflateSync(asciiJson(API_WORKFLOW))]));
    expect(await read(serverPicture([z]))).toMatchObject({ kind: 'api', workflow: API_WORKFLOW });
    const itxt = (compressed: boolean) =>
      buildChunk(
        'iTXt',
        Buffer.concat([
          ascii(`prompt\0${compressed ? '\x01' : '\0'}\0en\0\0`),
          compressed ? deflateSync(Buffer.from(json, 'utf8')) : Buffer.from(json, 'utf8'),
        ]),
      );
    expect(await read(serverPicture([itxt(false)]))).toMatchObject({ kind: 'api', workflow: API_WORKFLOW });
    expect(await read(serverPicture([itxt(true)]))).toMatchObject({ kind: 'api', workflow: API_WORKFLOW });
  });

  it('refuses a zip bomb without inflating it past the bound', async () => {
    // 64 MiB of spaces deflates to ~64 KiB; the bound is 8 MiB.
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
    const z = buildChunk('zTXt', Buffer.concat([ascii('prompt\0\0'), bomb]));
    const before = process.memoryUsage().arrayBuffers;
    const result = await read(serverPicture([z]));
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(result.message).toMatch(/inflates to more than 8 MiB/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * MAX_PNG_TEXT_BYTES);
  });

  it('refuses damaged and hostile files in words', async () => {
    const good = serverPicture([textChunk('prompt', asciiJson(API_WORKFLOW))]);
    const flipped = Uint8Array.from(good);
    flipped[50] = (flipped[50] ?? 0) ^ 0xff; // inside the prompt text: its CRC no longer matches
    expect(messageOf(await read(flipped))).toMatch(/checksum/);
    expect((await read(good.subarray(0, good.length - 20))).kind).toBe('invalid');
    expect((await read(ascii('{"3": {}}'))).kind).toBe('invalid');
    const notGraph = serverPicture([textChunk('prompt', '{"a": 1}')]);
    expect((await read(notGraph)).kind).toBe('invalid');
    const tooMany = serverPicture(Array.from({ length: 20_001 }, () => buildChunk('tEXt', ascii('x\0'))));
    expect(messageOf(await read(tooMany))).toMatch(/more than 20000 chunks/);
    const huge = new Uint8Array(64 * 1024 * 1024 + 1);
    expect(messageOf(await read(huge))).toMatch(/larger than 64 MiB/);
  });

  it('round-trips Loupe’s own prompt chunk, non-ASCII text included, and keeps a server’s prompt', async () => {
    const plain = serverPicture([]);
    const written = withPrompt(plain, API_WORKFLOW);
    expect(await read(written)).toMatchObject({ kind: 'api', workflow: API_WORKFLOW });
    const theirs = serverPicture([
      textChunk('prompt', JSON.stringify({ '9': { class_type: 'X', inputs: {} } })),
    ]);
    expect(withPrompt(theirs, API_WORKFLOW)).toBe(theirs);
    expect(withPrompt(ascii('GIF89a'), API_WORKFLOW)).toEqual(ascii('GIF89a'));
  });
});

// Pictures the workflow server saved, from its public examples (github.com/comfyanonymous/ComfyUI_examples),
// committed as test data with their licence (tests/fixtures/comfyui-examples).
const EXAMPLES = resolve(import.meta.dirname, '../../../tests/fixtures/comfyui-examples');
describe('real pictures saved by the workflow server', () => {
  const picture = (path: string) => new Uint8Array(readFileSync(join(EXAMPLES, path)));

  it.each(['lora/lora.png', 'lora/lora_multiple.png', 'sdturbo/sdxlturbo_example.png'])(
    '%s gives its API workflow (the prompt chunk), not the editor’s',
    async (path) => {
      const result = await read(picture(path));
      expect(result.kind).toBe('api');
      if (result.kind !== 'api') return;
      expect(
        Object.values(result.workflow).some(
          (n) =>
            (n as { class_type?: string }).class_type === 'KSampler' ||
            (n as { class_type?: string }).class_type === 'SamplerCustom',
        ),
      ).toBe(true);
      const again = await read(withPrompt(picture(path), { '1': { class_type: 'Other', inputs: {} } }));
      expect(again).toMatchObject({ kind: 'api', workflow: result.workflow });
    },
  );

  it('a picture without text (controlnet/pose_worship.png) says there is none', async () => {
    expect((await read(picture('controlnet/pose_worship.png'))).kind).toBe('none');
  });
});
