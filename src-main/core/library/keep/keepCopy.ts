// Copies one entry's original bytes into the library folder: from the disk cache when it holds them, else
// streamed from the service (never whole in memory) into a temp file, blake3-hashed on the way, checked
// against the entry's hash and size, synced, and renamed into <2 hex>/<hex>.<ext>. A hash already kept costs no
// download at all. The sidecar <hex>.json beside it lists the entries that share the bytes, with each one's
// workflow and metadata, rewritten whole (temp + rename) so it is never half there.
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AssetDiskCache } from '../../content/diskCache';
import { fileRangeStream } from '../../content/fileStream';
import { removeQuietly, writeChecked } from '../../content/checkedWrite';
import type { UpstreamFetcher } from '../../content/upstream';
import type { LoupeStore } from '../../store';
import type { KeepEntry, KeptBlob } from '../../store/libraryKeepTable';
import { hexOf, type LibraryFolder } from './libraryFolder';
import { KeepRefusal } from './keepWords';

export interface KeepCopyDeps {
  store: LoupeStore;
  folder: LibraryFolder;
  cache: Pick<AssetDiskCache, 'open'>;
  upstream: Pick<UpstreamFetcher, 'fetch'>;
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
  const existing = entry.hash === null ? null : deps.store.libraryKeep.keptBlob(entry.hash);
  if (existing !== null && (await blobFileExists(deps.folder, existing))) {
    await writeSidecar(deps, existing, entry);
    return { blob: existing, downloaded: false };
  }
  const body = await sourceOf(deps, entry, signal);
  await mkdir(deps.folder.incoming, { recursive: true });
  const written = await writeChecked(deps.folder.incoming, body, {
    expectedHash: entry.hash,
    expectedSize: entry.size > 0 ? entry.size : null,
    ...(signal === undefined ? {} : { signal }),
  });
  try {
    const hex = hexOf(written.hash);
    if (hex === null) throw new Error('The written bytes have no blake3 hash.');
    if (entry.hash === null) deps.store.libraryKeep.recordHash(entry.entryId, written.hash);
    const blob: KeptBlob = { hash: written.hash, size: written.bytes, contentType: entry.contentType };
    const again = deps.store.libraryKeep.keptBlob(written.hash);
    if (again === null || !(await blobFileExists(deps.folder, again))) {
      await syncFile(written.path);
      await mkdir(deps.folder.dirOf(hex), { recursive: true });
      await rename(written.path, deps.folder.fileOf(hex, blob.contentType));
    }
    await writeSidecar(deps, again ?? blob, entry);
    return { blob: again ?? blob, downloaded: true };
  } finally {
    await removeQuietly(written.path);
  }
}

/** The bytes to keep: the disk cache's copy (no network), else the service's whole file. */
async function sourceOf(
  deps: KeepCopyDeps,
  entry: KeepEntry,
  signal: AbortSignal | undefined,
): Promise<ReadableStream<Uint8Array>> {
  const cached = await deps.cache.open(entry.profileId, entry.assetId, entry.hash);
  if (cached !== null) return fileRangeStream(cached.handle, 0, cached.size - 1);
  const upstream = await deps.upstream.fetch(entry.profileId, entry.assetId, null, signal);
  if (upstream.status !== 200 || upstream.body === null || !upstream.whole) {
    await upstream.body?.cancel();
    throw new KeepRefusal(
      `The service answered ${upstream.status} instead of the whole file. Keep it again.`,
    );
  }
  return upstream.body;
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

const sidecarSchema = z.object({
  hash: z.string(),
  entries: z.array(z.looseObject({ entryId: z.number() })).max(10_000),
});

/** The sidecar lists each entry sharing the bytes once (merged by entry id), with its workflow. */
async function writeSidecar(deps: KeepCopyDeps, blob: KeptBlob, entry: KeepEntry): Promise<void> {
  const hex = hexOf(blob.hash);
  if (hex === null) return;
  await deps.folder.serial(hex, () => rewriteSidecar(deps, hex, blob, entry));
}

async function rewriteSidecar(
  deps: KeepCopyDeps,
  hex: string,
  blob: KeptBlob,
  entry: KeepEntry,
): Promise<void> {
  const path = deps.folder.sidecarOf(hex);
  const previous = await readFile(path, 'utf8')
    .then((text) => sidecarSchema.safeParse(JSON.parse(text)))
    .catch(() => null);
  const others =
    previous?.success === true ? previous.data.entries.filter((e) => e.entryId !== entry.entryId) : [];
  const record = {
    entryId: entry.entryId,
    profileId: entry.profileId,
    jobId: entry.jobId,
    assetId: entry.assetId,
    name: entry.name,
    type: entry.type,
    contentType: entry.contentType,
    title: entry.title,
    createdAt: entry.createdAt,
    facts: parseOrText(entry.facts),
    workflow: parseOrText(deps.store.libraryKeep.workflowOf(entry.profileId, entry.jobId)),
  };
  const text = `${JSON.stringify({ hash: blob.hash, size: blob.size, contentType: blob.contentType, entries: [...others, record] }, null, 2)}\n`;
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } finally {
    await removeQuietly(temp);
  }
}

function parseOrText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
