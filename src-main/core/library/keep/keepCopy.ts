// Copies one entry's original bytes into the library folder: from the disk cache when it holds them, else
// streamed from the service (never whole in memory) into a temp file in one pass (content/checkedDownload.ts:
// hashed on the way, cut off past the announced size, synced), checked against the entry's hash and size, and
// only then renamed into <2 hex>/<hex>.<ext>. A hash already kept costs no download at all. The sidecar
// <hex>.json beside it lists the entries that share the bytes, with each one's workflow and metadata,
// rewritten whole (temp + rename) so it is never half there.
import { mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { AssetDiskCache } from '../../content/diskCache';
import { removeQuietly } from '../../content/checkedWrite';
import type { UpstreamFetcher } from '../../content/upstream';
import type { LoupeStore } from '../../store';
import type { KeepEntry, KeptBlob } from '../../store/libraryKeepTable';
import { hexOf, type LibraryFolder } from './libraryFolder';
import { streamIntoFolder } from '../../content/checkedDownload';
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
  const source = await sourceOf(deps, entry, signal);
  await mkdir(deps.folder.incoming, { recursive: true }).catch((error: unknown) => {
    source.body.destroy();
    throw error;
  });
  const expectedSize = entry.size > 0 ? entry.size : source.announced;
  const written = await streamIntoFolder(deps.folder.incoming, source.body, {
    expectedHash: entry.hash,
    expectedSize,
    // Never more than the service (or the entry) said the file weighs.
    maxBytes: Math.min(expectedSize ?? Number.MAX_SAFE_INTEGER, source.announced ?? Number.MAX_SAFE_INTEGER),
    idleMs: deps.idleMs ?? KEEP_IDLE_MS,
    ...(signal === undefined ? {} : { signal }),
  });
  try {
    const hex = hexOf(written.hash);
    if (hex === null) throw new Error('The written bytes have no blake3 hash.');
    if (entry.hash === null) deps.store.libraryKeep.recordHash(entry.entryId, written.hash);
    const blob: KeptBlob = { hash: written.hash, size: written.bytes, contentType: entry.contentType };
    const again = deps.store.libraryKeep.keptBlob(written.hash);
    if (again === null || !(await blobFileExists(deps.folder, again))) {
      await mkdir(deps.folder.dirOf(hex), { recursive: true });
      await rename(written.path, deps.folder.fileOf(hex, blob.contentType));
    }
    await writeSidecar(deps, again ?? blob, entry);
    return { blob: again ?? blob, downloaded: true };
  } finally {
    await removeQuietly(written.path);
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
