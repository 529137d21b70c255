// Library entries that are not a job's outputs (issue 21): a Router run's saved media and the files Loupe
// uploaded. Each says what it knows: a run its model, the text inputs of its request (searchable as the
// `input.<key>` strings, the `prompt` first as the title), its time, state and credits; an upload its file's
// name, type, size, hash and time. Pure, so the write paths and the catch-up pass build them the same way.
import { basename } from 'node:path';
import { routerAssetId } from '../../../../src-shared/libraryAssetIds';
import { contentTypeFor } from '../../../../src-shared/contentType';
import { emptyEntryFacts, type EntryFacts, type LibraryEntryInput } from '../libraryRow';
import type { RouterRunRow } from '../routerRunRow';
import type { UploadRow } from '../uploadsTable';

/** String inputs read from one request, at most; a request's text is bounded again when the entry is kept. */
const MAX_INPUT_STRINGS = 60;
const MAX_DEPTH = 6;
const TITLE_WORDS = 8;

/** Every string in the request's input, with where it sits (`input.prompt`, `input.images.0`). */
function stringsOf(value: unknown, at: string, depth: number, out: { at: string; value: string }[]): void {
  if (out.length >= MAX_INPUT_STRINGS || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push({ at, value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => stringsOf(item, `${at}.${i}`, depth + 1, out));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) stringsOf(item, `${at}.${key}`, depth + 1, out);
  }
}

/** Signed links and inlined bytes are not words anyone searches for, and a data URL can weigh megabytes. */
function isText(value: string): boolean {
  return !/^(data:|https?:\/\/)/i.test(value);
}

function firstWords(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > TITLE_WORDS ? `${words.slice(0, TITLE_WORDS).join(' ')}…` : words.join(' ');
}

/** What the catalogue says of the run's model, when Loupe has read it. */
export interface RouterModelName {
  provider: string;
  model: string;
}

/** One entry per saved medium of the run (a medium still saving, or whose saving failed, has no bytes yet). */
export function routerEntriesOf(run: RouterRunRow, modelName: RouterModelName | null): LibraryEntryInput[] {
  const strings: { at: string; value: string }[] = [];
  stringsOf(run.input, 'input', 0, strings);
  const texts = strings.filter((s) => isText(s.value));
  const prompt = texts.find((s) => s.at === 'input.prompt') ?? null;
  const models = [run.modelId, ...(modelName === null ? [] : [modelName.model, modelName.provider])].filter(
    (text, i, all) => text !== '' && all.indexOf(text) === i,
  );
  const credits = run.meta?.creditsUsed ?? run.creditsUsed;
  const facts: EntryFacts = {
    ...emptyEntryFacts(),
    prompts: prompt === null ? [] : [prompt.value],
    models,
    strings: texts.map((s) => ({ at: s.at, nodeClass: run.modelId, value: s.value })),
    credits: credits !== null && Number.isFinite(credits) ? credits : null,
  };
  const terminal = run.state === 'completed' || run.state === 'failed' || run.state === 'cancelled';
  return run.media.flatMap((medium) => {
    if (medium.state !== 'saved' || medium.file === null) return [];
    const title = firstWords(prompt?.value ?? texts[0]?.value ?? modelName?.model ?? run.modelId);
    return [
      {
        source: 'router',
        profileId: run.profileId,
        jobId: run.id,
        assetId: routerAssetId(run.id, medium.index),
        name: medium.name,
        type: medium.kind,
        contentType: medium.contentType,
        size: medium.sizeBytes ?? 0,
        hash: null,
        title: title === '' ? medium.name : title,
        createdAt: run.createdAt,
        terminalAt: terminal ? run.updatedAt : null,
        jobStatus: run.state,
        batchId: null,
        batchValues: null,
        prompt: prompt?.value ?? null,
        seed: null,
        steps: null,
        cfg: null,
        sampler: null,
        model: run.modelId,
        width: null,
        height: null,
        facts,
        // Saved under Loupe's data folder: nothing expires it.
        expiresAt: null,
      },
    ];
  });
}

/** `image`, `video`, `audio`, … from a content type, as the service names its outputs' types. */
function kindOf(contentType: string): string {
  const top = contentType.split('/')[0] ?? '';
  return ['image', 'video', 'audio', 'text'].includes(top) ? top : 'file';
}

/** The entry of a finished upload, or null while the service has not named its asset. */
export function uploadEntryOf(upload: UploadRow): LibraryEntryInput | null {
  if (upload.state !== 'created' || upload.assetId === null) return null;
  const shown = upload.placement?.relativePath ?? upload.filePath;
  const name = basename(shown.replaceAll('\\', '/')) || basename(upload.filePath);
  const contentType = contentTypeFor(name);
  return {
    source: 'upload',
    profileId: upload.profileId,
    jobId: upload.id,
    assetId: upload.assetId,
    name,
    type: kindOf(contentType),
    contentType,
    size: upload.size,
    hash: upload.hash,
    title: name,
    createdAt: upload.createdAt,
    terminalAt: upload.updatedAt,
    jobStatus: 'uploaded',
    batchId: null,
    batchValues: null,
    prompt: null,
    seed: null,
    steps: null,
    cfg: null,
    sampler: null,
    model: null,
    width: null,
    height: null,
    facts: {
      ...emptyEntryFacts(),
      // The path inside what was dropped is searchable ("which folder did that come from").
      strings: [
        ...(shown === name ? [] : [{ at: 'upload.path', nodeClass: 'Upload', value: shown }]),
        ...(upload.placement?.tags ?? []).map((tag) => ({
          at: 'upload.tag',
          nodeClass: 'Upload',
          value: tag,
        })),
      ],
    },
    expiresAt: null,
  };
}
