// Copies one entry's original bytes into the library folder: from the disk cache when it holds them, else
// streamed from the service (never whole in memory) into a temp file in one pass (content/checkedDownload.ts:
// hashed on the way, cut off past the announced size), checked against the entry's hash and size, synced, and
// only then renamed into <2 hex>/<hex>.<ext>. A hash already kept costs no download at all. In two halves
// (fetchForLibrary, settleInLibrary) so the keep queue can start the next download while the disk takes the
// last one.
import { mkdir, rename, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { AssetDiskCache } from '../../content/diskCache';
import { removeQuietly } from '../../content/checkedWrite';
import type { UpstreamFetcher } from '../../content/upstream';
import type { LoupeStore } from '../../store';
import type { KeepEntry, KeptBlob } from '../../store/libraryKeepTable';
import { hexOf, type LibraryFolder } from './libraryFolder';
import { makeDurable, streamIntoFolder, type StreamedFile } from '../../content/checkedDownload';
import { KeepRefusal } from './keepWords';

/** How long a download may send nothing before it is cut off (default 60 s). */
export const KEEP_IDLE_MS = 60_000;

export interface KeepCopyDeps {
  store: LoupeStore;
  folder: LibraryFolder;
  cache: Pick<AssetDiskCache, 'open'>;
  upstream: Pick<UpstreamFetcher, 'fetchWhole'>;
  /** How long a download may stall (tests shorten it). */
  idleMs?: number;
  /** Makes a written file durable (default makeDurable; tests hold a file here to watch the order). */
  durable?: (path: string) => Promise<void>;
}

/** Whether the bytes are on disk now for this blob (a row whose file was removed behind Loupe's back is not). */
export async function blobFileExists(folder: LibraryFolder, blob: KeptBlob): Promise<boolean> {
  const hex = hexOf(blob.hash);
  if (hex === null) return false;
  const info = await stat(folder.fileOf(hex, blob.contentType)).catch(() => null);
  return info?.isFile() === true && info.size === blob.size;
}

/**
 * Brings the entry's bytes into the folder (unless the hash is there already) and returns the blob, without
 * marking the entry kept (the caller records it). `downloaded` says whether bytes moved.
 */
export async function copyIntoLibrary(
  deps: KeepCopyDeps,
  entry: KeepEntry,
  signal?: AbortSignal,
): Promise<{ blob: KeptBlob; downloaded: boolean }> {
  return settleInLibrary(deps, await fetchForLibrary(deps, entry, signal));
}

/**
 * The first half of a copy, the one that uses the network: the bytes streamed into a temporary file in
 * `incoming`, hashed and checked but not yet synced nor named (or nothing, when the hash is kept already).
 * The second half, settleInLibrary, must follow: it alone removes the temporary file.
 */
export type FetchedCopy =
  | { kind: 'kept'; entry: KeepEntry; blob: KeptBlob }
  | { kind: 'written'; entry: KeepEntry; written: StreamedFile };

export async function fetchForLibrary(
  deps: KeepCopyDeps,
  entry: KeepEntry,
  signal?: AbortSignal,
): Promise<FetchedCopy> {
  const existing = entry.hash === null ? null : deps.store.libraryKeep.keptBlob(entry.hash);
  if (existing !== null && (await blobFileExists(deps.folder, existing))) {
    return { kind: 'kept', entry, blob: existing };
  }
  const source = await sourceOf(deps, entry, signal);
  const expectedSize = entry.size > 0 ? entry.size : source.announced;
  const written = await streamIntoFolder(
    deps.folder.incoming,
    source.body,
    {
      expectedHash: entry.hash,
      expectedSize,
      // Never more than the service (or the entry) said the file weighs.
      maxBytes: Math.min(
        expectedSize ?? Number.MAX_SAFE_INTEGER,
        source.announced ?? Number.MAX_SAFE_INTEGER,
      ),
      idleMs: deps.idleMs ?? KEEP_IDLE_MS,
      ...(signal === undefined ? {} : { signal }),
    },
    // Synced in settleInLibrary, while the next download already runs.
    { durable: false },
  );
  return { kind: 'written', entry, written };
}

/**
 * The second half: the written bytes synced to the disk, and only then renamed into <2 hex>/<hex>.<ext>
 * (unless another copy of the same hash got there first). Never downloads. The sidecar beside the file is
 * written after the caller records the keep (sidecarMirror.ts).
 */
export async function settleInLibrary(
  deps: KeepCopyDeps,
  fetched: FetchedCopy,
): Promise<{ blob: KeptBlob; downloaded: boolean }> {
  const { entry } = fetched;
  if (fetched.kind === 'kept') return { blob: fetched.blob, downloaded: false };
  const { written } = fetched;
  try {
    const hex = hexOf(written.hash);
    if (hex === null) throw new Error('The written bytes have no blake3 hash.');
    await (deps.durable ?? makeDurable)(written.path);
    if (entry.hash === null) deps.store.libraryKeep.recordHash(entry.entryId, written.hash);
    const blob: KeptBlob = { hash: written.hash, size: written.bytes, contentType: entry.contentType };
    const again = deps.store.libraryKeep.keptBlob(written.hash);
    if (again === null || !(await blobFileExists(deps.folder, again))) {
      await renameMakingDir(written.path, deps.folder.fileOf(hex, blob.contentType), deps.folder.dirOf(hex));
    }
    return { blob: again ?? blob, downloaded: true };
  } finally {
    await removeQuietly(written.path);
  }
}

/** Renames, making the target's folder only when it is missing (the common case costs one system call). */
async function renameMakingDir(from: string, to: string, dir: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dir, { recursive: true });
    await rename(from, to);
  }
}

/**
 * The bytes to keep: the disk cache's copy (no network), else the service's whole file; `announced` is the
 * size the source states (the cached size, the answer's Content-Length or the asset's size), if any.
 */
async function sourceOf(
  deps: KeepCopyDeps,
  entry: KeepEntry,
  signal: AbortSignal | undefined,
): Promise<{ body: Readable; announced: number | null }> {
  const cached = await deps.cache.open(entry.profileId, entry.assetId, entry.hash);
  if (cached !== null) {
    const body = cached.handle.createReadStream({ start: 0, highWaterMark: 1024 * 1024 });
    return { body, announced: cached.size };
  }
  const whole = await deps.upstream.fetchWhole(entry.profileId, entry.assetId, signal);
  const stated = whole.facts?.sizeBytes ?? null;
  if (whole.contentLength !== null && stated !== null && whole.contentLength !== stated) {
    whole.body.destroy();
    throw new KeepRefusal(
      `The service announced ${whole.contentLength} bytes for a file it says weighs ${stated}. Keep it again.`,
    );
  }
  return { body: whole.body, announced: whole.contentLength ?? stated };
}
