// Writing asset bytes into a folder on the user's disk: "save all" into a folder the user picked, and the file
// a drag out of the window hands the OS. Bytes come through AssetBytes (the disk cache first, the network
// otherwise), so a file on screen is saved without a second download. Names come from the service or a job
// output: untrusted text, so they are made safe; an existing file is never overwritten, and a file appears
// under its final name only once it is whole.
import { link, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isApiError } from '../api';
import { numberedName, safeFileName } from '../../../src-shared/safeFileName';
import { PromptInserter } from '../pictures/promptStream';
import type { AssetBytes } from './assetBytes';
import { removeQuietly, writeChecked, type ByteCheck, type WrittenFile } from './checkedWrite';

/** How many numbered names are tried before giving up. */
const MAX_SUFFIX = 999;

/**
 * Streams `body` into a hidden temporary file in `folder` (checked on the way: checkedWrite.ts), then gives
 * it the first free name of `name`, `name (2)`, … A hard link claims the name atomically and fails if the
 * name exists, so a file that appeared meanwhile is never replaced; where links are not supported (FAT, some
 * network shares) the name is checked and the temporary file renamed. Leaves nothing behind on failure.
 */
export async function writeNewFile(
  folder: string,
  name: string,
  body: ReadableStream<Uint8Array>,
  check: ByteCheck = {},
): Promise<WrittenFile> {
  const written = await writeChecked(folder, body, check);
  try {
    for (let n = 1; n <= MAX_SUFFIX; n += 1) {
      const target = join(folder, numberedName(name, n));
      if (await claim(written.path, target)) return { ...written, path: target };
    }
    throw new Error(`Every name from ${name} to ${numberedName(name, MAX_SUFFIX)} is taken.`);
  } finally {
    await removeQuietly(written.path);
  }
}

/** True when `target` now holds the temporary file's bytes; false when the name is taken. */
async function claim(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    return true;
  } catch (error) {
    if (codeOf(error) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EACCES'].includes(codeOf(error))) throw error;
  }
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return false;
  await rename(temp, target);
  return true;
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : '';
}

export interface SaveToFolderDeps {
  bytes: Pick<AssetBytes, 'read'>;
  /** The name to save an asset under (service file path, output name, uploaded file name), or null. */
  nameOf: (assetId: string) => string | null;
  /** The API workflow of the job that made the asset, when Loupe sent it: a PNG is saved carrying it. */
  workflowOf?: (assetId: string) => Record<string, unknown> | null;
}

export interface SaveOutcome {
  saved: number;
  failed: { assetId: string; message: string }[];
}

/** Saves each asset in turn (one at a time: a folder of 500 outputs must not open 500 downloads at once). */
export async function saveAssetsToFolder(
  deps: SaveToFolderDeps,
  profileId: string,
  assetIds: readonly string[],
  folder: string,
): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { saved: 0, failed: [] };
  for (const assetId of new Set(assetIds)) {
    try {
      await saveOne(deps, profileId, assetId, folder);
      outcome.saved += 1;
    } catch (error) {
      outcome.failed.push({ assetId, message: failureWords(error) });
    }
  }
  return outcome;
}

/** Writes one asset into `folder` under its own (safe, free) name; returns the path. */
export async function saveOne(
  deps: SaveToFolderDeps,
  profileId: string,
  assetId: string,
  folder: string,
): Promise<string> {
  const reply = await deps.bytes.read({ profileId, assetId, range: null, headOnly: false });
  if (reply.status !== 200 || reply.body === null) {
    await reply.body?.cancel();
    throw new NotWhole(`The service answered ${reply.status} instead of the whole file.`);
  }
  const workflow = deps.workflowOf?.(assetId) ?? null;
  const reshape = workflow === null ? {} : { reshape: () => new PromptInserter(workflow) };
  return (await writeNewFile(folder, safeFileName(deps.nameOf(assetId), assetId), reply.body, reshape)).path;
}

/** A short reason a person can act on. Never the raw error: a service message or a path does not belong here. */
function failureWords(error: unknown): string {
  const code = codeOf(error);
  if (code === 'ENOSPC') return 'The disk is full.';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return 'Loupe may not write into that folder.';
  if (code === 'ENOENT') return 'The folder is gone.';
  if (isApiError(error)) {
    if (error.kind === 'http' && [404, 410].includes(error.status))
      return 'The service no longer has this asset (deleted, expired, or another account’s).';
    if (error.kind === 'http' && [401, 403].includes(error.status))
      return 'The service refused access to this asset. Check the profile’s credential.';
    if (error.kind === 'timeout') return 'The service did not answer in time.';
    return 'The asset could not be fetched from the service.';
  }
  if (error instanceof NotWhole) return error.message;
  return 'The file could not be saved.';
}

class NotWhole extends Error {}
