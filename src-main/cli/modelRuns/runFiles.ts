// A paid result is never thrown away: a run's saved media (a byte answer, or pictures and sounds its JSON links
// to) are copied out of Loupe's store into files a person can find. Without a name given, each goes into a folder
// under the name core gave it (model, run id, index, extension from its content type), numbered rather than ever
// written over an existing file; with -o the result goes to exactly that path (replaced only once whole).
import { openAsBlob } from 'node:fs';
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import { safeFileName } from '../../../src-shared/safeFileName';
import { writeExactFile, writeNewFile } from '../../core/content';
import { CliError } from '../errors';
import type { RouterScope } from './routerScope';

export interface SavedFile {
  /** The medium's index in the run, or null for the JSON output written as a file. */
  index: number | null;
  path: string;
  bytes: number;
  contentType: string;
}

export interface SavedMedia {
  files: SavedFile[];
  /** Media the output names that Loupe could not keep (their links are still in the output). */
  unsaved: number[];
}

async function mediumBytes(
  scope: RouterScope,
  run: RouterRunDetail,
  index: number,
): Promise<{ body: ReadableStream<Uint8Array>; name: string; contentType: string; size: number | null }> {
  const file = scope.router.mediaFile(scope.profileId, run.runId, index);
  if (file === null) {
    throw new CliError(
      'media_not_saved',
      `Medium ${index + 1} of run ${run.runId} is not kept in Loupe, so there is nothing to write.`,
    );
  }
  // Lazily read: the blob's stream opens the file only as the write pulls from it.
  const blob = await openAsBlob(file.path);
  return { body: blob.stream(), name: file.name, contentType: file.contentType, size: file.sizeBytes };
}

/** Copies every kept medium of the run into `folder`, each under a new name. */
export async function saveMedia(
  scope: RouterScope,
  run: RouterRunDetail,
  folder: string,
  signal: AbortSignal,
): Promise<SavedMedia> {
  const files: SavedFile[] = [];
  const unsaved: number[] = [];
  for (const medium of run.media) {
    if (medium.url === null || scope.router.mediaFile(scope.profileId, run.runId, medium.index) === null) {
      unsaved.push(medium.index);
      continue;
    }
    const bytes = await mediumBytes(scope, run, medium.index);
    const name = safeFileName(bytes.name, `${run.runId}-${medium.index + 1}`);
    const written = await writeNewFile(folder, name, bytes.body, { expectedSize: bytes.size, signal });
    files.push({
      index: medium.index,
      path: written.path,
      bytes: written.bytes,
      contentType: bytes.contentType,
    });
  }
  return { files, unsaved };
}

function jsonBody(output: unknown): ReadableStream<Uint8Array> {
  return new Blob([`${JSON.stringify(output, null, 2)}\n`]).stream();
}

/** The run's JSON output as a new file in `folder` (`requests get --save`). */
export async function saveOutputJson(
  run: RouterRunDetail,
  folder: string,
  signal: AbortSignal,
): Promise<SavedFile> {
  const model = run.modelId.split('/').pop() ?? 'output';
  const name = safeFileName(`${model}-${run.runId.slice(0, 8)}.json`, `${run.runId}.json`);
  const written = await writeNewFile(folder, name, jsonBody(run.output), { signal });
  return { index: null, path: written.path, bytes: written.bytes, contentType: 'application/json' };
}

/** -o FILE: the JSON output, or the byte answer, to exactly `path`. */
export async function writeResultTo(
  scope: RouterScope,
  run: RouterRunDetail,
  path: string,
  signal: AbortSignal,
): Promise<SavedFile> {
  if (run.output !== null) {
    const written = await writeExactFile(path, jsonBody(run.output), { signal });
    return { index: null, path: written.path, bytes: written.bytes, contentType: 'application/json' };
  }
  const first = run.media[0];
  if (first === undefined) {
    throw new CliError('no_result', `Run ${run.runId} has no output to write.`);
  }
  const bytes = await mediumBytes(scope, run, first.index);
  const written = await writeExactFile(path, bytes.body, { expectedSize: bytes.size, signal });
  return { index: first.index, path: written.path, bytes: written.bytes, contentType: bytes.contentType };
}
