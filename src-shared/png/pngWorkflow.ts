// A workflow from a picture. The workflow server writes two text chunks into every PNG it saves: `prompt`,
// the API-format graph it ran (what Loupe sends), and `workflow`, the editor's document (what Loupe cannot
// run). This reads them from untrusted bytes under hard bounds: file size, chunk count, each text's size and,
// for compressed text (zTXt, compressed iTXt), the inflated size, so a zip bomb is refused, never inflated.
import { MAX_WORKFLOW_BYTES } from '../limits';
import { isRecord, isUiFormat, isWorkflowNode, unwrappedGraph } from '../workflowDocument';
import { crcMatches, walkChunks, type PngChunk } from './pngChunks';

/** A picture Loupe reads for its workflow at most. */
export const MAX_PNG_BYTES = 64 * 1024 * 1024;
/** Chunks walked at most (a 64 MiB picture in libpng's 8 KiB IDATs is 8,192). */
export const MAX_PNG_CHUNKS = 20_000;
/** One text's bytes at most, stored or inflated: a workflow file's own limit. */
export const MAX_PNG_TEXT_BYTES = MAX_WORKFLOW_BYTES;

/**
 * Inflates zlib `data` to at most `maxBytes`; resolves null when the output would be larger, rejects when
 * the data is not zlib. Main passes node:zlib, the page DecompressionStream('deflate').
 */
export type BoundedInflate = (data: Uint8Array, maxBytes: number) => Promise<Uint8Array | null>;

export const EDITOR_ONLY_MESSAGE =
  'This picture carries the editor’s workflow only. Loupe needs the API format: in the editor, open the ' +
  'picture, then Workflow → Export (API) (turn on the dev mode options in the settings if the menu lacks ' +
  'it), and use that .json file.';

export type PngWorkflow =
  | { kind: 'api'; workflow: Record<string, unknown>; /** The `prompt` text, as stored. */ text: string }
  | { kind: 'editor-only'; message: string }
  | { kind: 'none'; message: string }
  | { kind: 'invalid'; message: string };

interface TextChunk {
  keyword: string;
  text: string;
}

const latin1 = (bytes: Uint8Array): string => {
  let out = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return out;
};
const utf8 = new TextDecoder('utf-8', { fatal: false });

class Refused extends Error {}

function nul(data: Uint8Array, from: number): number {
  const at = data.indexOf(0, from);
  if (at < 0) throw new Refused('a text chunk has no end to its keyword');
  return at;
}

async function inflated(data: Uint8Array, inflate: BoundedInflate, keyword: string): Promise<Uint8Array> {
  let out: Uint8Array | null;
  try {
    out = await inflate(data, MAX_PNG_TEXT_BYTES);
  } catch {
    throw new Refused(`its compressed "${keyword}" text is damaged`);
  }
  if (out === null) {
    throw new Refused(`its "${keyword}" text inflates to more than ${MAX_PNG_TEXT_BYTES / 1048576} MiB`);
  }
  return out;
}

/** The keyword and text of a tEXt, zTXt or iTXt chunk (ISO/IEC 15948 §11.3.4). */
async function readText(chunk: PngChunk, inflate: BoundedInflate): Promise<TextChunk> {
  const { data } = chunk;
  const end = nul(data, 0);
  const keyword = latin1(data.subarray(0, end));
  if (chunk.type === 'tEXt') return { keyword, text: latin1(data.subarray(end + 1)) };
  if (chunk.type === 'zTXt') {
    if (data[end + 1] !== 0) throw new Refused(`its "${keyword}" text uses an unknown compression`);
    return { keyword, text: latin1(await inflated(data.subarray(end + 2), inflate, keyword)) };
  }
  // iTXt: keyword \0 flag method language \0 translated keyword \0 text (UTF-8).
  const compressed = data[end + 1] === 1;
  if (compressed && data[end + 2] !== 0)
    throw new Refused(`its "${keyword}" text uses an unknown compression`);
  const languageEnd = nul(data, end + 3);
  const translatedEnd = nul(data, languageEnd + 1);
  const body = data.subarray(translatedEnd + 1);
  return { keyword, text: utf8.decode(compressed ? await inflated(body, inflate, keyword) : body) };
}

async function textChunks(bytes: Uint8Array, inflate: BoundedInflate): Promise<Map<string, string>> {
  const walk = walkChunks(bytes, MAX_PNG_CHUNKS);
  if (!walk.ok) throw new Refused(walk.reason);
  const texts = new Map<string, string>();
  for (const chunk of walk.chunks) {
    if (chunk.type !== 'tEXt' && chunk.type !== 'zTXt' && chunk.type !== 'iTXt') continue;
    if (chunk.data.length > MAX_PNG_TEXT_BYTES) {
      throw new Refused(`a text chunk is larger than ${MAX_PNG_TEXT_BYTES / 1048576} MiB`);
    }
    if (!crcMatches(chunk)) throw new Refused('a text chunk is damaged (its checksum does not match)');
    const { keyword, text } = await readText(chunk, inflate);
    // The first of a keyword wins: Loupe's own export adds `prompt` only where there is none.
    if ((keyword === 'prompt' || keyword === 'workflow') && !texts.has(keyword)) texts.set(keyword, text);
  }
  return texts;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the API workflow a PNG carries, or says in words why there is none. */
export async function readPngWorkflow(bytes: Uint8Array, inflate: BoundedInflate): Promise<PngWorkflow> {
  if (bytes.length > MAX_PNG_BYTES) {
    return { kind: 'invalid', message: `The picture is larger than ${MAX_PNG_BYTES / 1048576} MiB.` };
  }
  let texts: Map<string, string>;
  try {
    texts = await textChunks(bytes, inflate);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { kind: 'invalid', message: `This is not a PNG Loupe can read: ${error.message}.` };
  }
  const prompt = texts.get('prompt');
  if (prompt !== undefined) {
    const value = parsed(prompt);
    const graph = isRecord(value) ? unwrappedGraph(value) : null;
    if (graph !== null && !isUiFormat(graph) && Object.values(graph).some(isWorkflowNode)) {
      return { kind: 'api', workflow: graph, text: prompt };
    }
    return {
      kind: 'invalid',
      message: 'This picture has a "prompt" text, but it is not an API-format workflow.',
    };
  }
  if (texts.has('workflow')) return { kind: 'editor-only', message: EDITOR_ONLY_MESSAGE };
  return {
    kind: 'none',
    message:
      'This picture carries no workflow. Pictures saved by the workflow server (or exported by Loupe) do; ' +
      'one that was edited or converted may have lost it.',
  };
}
