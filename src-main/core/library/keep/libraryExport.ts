// Library entries leaving Loupe as files: originals into a folder with manifest.json and manifest.csv (as the
// batch export writes them), and the files of an OS drag. The kept copy is used first (so a kept entry exports
// after the service forgot it, and offline); else the bytes come through AssetBytes (the disk cache, else the
// network). Each file is checked against the entry's hash as it is written and never replaces an existing one.
// An exported PNG of a job whose API workflow Loupe knows gets it as a `prompt` chunk (as the batch export
// writes it), so the picture opens as a workflow again; an editor-format save is not a runnable prompt and is
// left out. A drag hands over the original bytes, unchanged.
import { createHash } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { safeFileName } from '../../../../src-shared/safeFileName';
import { isUiFormat, isWorkflowNode } from '../../../../src-shared/workflowDocument';
import type { AssetBytes } from '../../content/assetBytes';
import { fileRangeStream } from '../../content/fileStream';
import { writeNewFile } from '../../content/saveToFolder';
import { PromptInserter } from '../../pictures/promptStream';
import type { LoupeStore } from '../../store';
import type { KeepEntry } from '../../store/libraryKeepTable';
import type { LibraryKeep } from './libraryKeep';
import { keepFailureWords } from './keepWords';

export interface LibraryExportDeps {
  store: LoupeStore;
  keep: Pick<LibraryKeep, 'openBlob'>;
  bytes: Pick<AssetBytes, 'read'>;
}

export interface ExportedEntry {
  entryId: number;
  profileId: string;
  jobId: string;
  assetId: string;
  name: string;
  title: string;
  /** The file written, relative to the folder; null when it could not be. */
  file: string | null;
  hash: string | null;
  source: 'kept' | 'service' | null;
  error: string | null;
}

/** Writes each entry (one at a time) and the manifest; an entry that fails is named in it, not a reason to stop. */
export async function exportEntries(
  deps: LibraryExportDeps,
  entryIds: readonly number[],
  folder: string,
): Promise<ExportedEntry[]> {
  await mkdir(folder, { recursive: true });
  const exported: ExportedEntry[] = [];
  for (const entryId of new Set(entryIds)) {
    const entry = deps.store.libraryKeep.get(entryId);
    if (entry === null) continue;
    const base = {
      entryId,
      profileId: entry.profileId,
      jobId: entry.jobId,
      assetId: entry.assetId,
      name: entry.name,
      title: entry.title,
    };
    try {
      const { path, hash, source } = await writeEntry(deps, entry, folder, { withWorkflow: true });
      exported.push({ ...base, file: basename(path), hash, source, error: null });
    } catch (error) {
      exported.push({ ...base, file: null, hash: entry.hash, source: null, error: keepFailureWords(error) });
    }
  }
  await writeFile(join(folder, 'manifest.json'), `${JSON.stringify({ entries: exported }, null, 2)}\n`);
  await writeFile(join(folder, 'manifest.csv'), manifestCsv(exported));
  return exported;
}

async function writeEntry(
  deps: LibraryExportDeps,
  entry: KeepEntry,
  folder: string,
  options: { withWorkflow: boolean; name?: string },
): Promise<{ path: string; hash: string; source: 'kept' | 'service' }> {
  const name = options.name ?? safeFileName(entry.name, entry.assetId);
  const kept =
    entry.keepState === 'kept' && entry.hash !== null ? await deps.keep.openBlob(entry.hash) : null;
  const workflow = options.withWorkflow ? apiWorkflowOf(deps.store, entry) : null;
  const check = {
    expectedHash: entry.hash,
    expectedSize: entry.size > 0 ? entry.size : null,
    ...(workflow === null ? {} : { reshape: () => new PromptInserter(workflow) }),
  };
  if (kept !== null) {
    const written = await writeNewFile(folder, name, fileRangeStream(kept.handle, 0, kept.size - 1), check);
    return { path: written.path, hash: written.hash, source: 'kept' };
  }
  const reply = await deps.bytes.read({
    profileId: entry.profileId,
    assetId: entry.assetId,
    range: null,
    headOnly: false,
  });
  if (reply.status !== 200 || reply.body === null) {
    await reply.body?.cancel();
    throw new Error(`the service answered ${reply.status} instead of the whole file`);
  }
  const written = await writeNewFile(folder, name, reply.body, check);
  return { path: written.path, hash: written.hash, source: 'service' };
}

/** The API-format graph the entry's job ran, when Loupe has it (never the editor's save). */
function apiWorkflowOf(store: LoupeStore, entry: KeepEntry): Record<string, unknown> | null {
  let workflow: Record<string, unknown> | null;
  try {
    workflow = store.jobs.get(entry.profileId, entry.jobId)?.workflow ?? null;
  } catch {
    // A damaged job row costs the picture its workflow, never its export.
    return null;
  }
  if (workflow === null || isUiFormat(workflow)) return null;
  return Object.values(workflow).some(isWorkflowNode) ? workflow : null;
}

/** The entry's bytes in a file named like it, for an OS drag; reused when an earlier drag wrote it. */
export async function dragFileOf(
  deps: LibraryExportDeps,
  entryId: number,
  dragDir: string,
): Promise<string | null> {
  const entry = deps.store.libraryKeep.get(entryId);
  if (entry === null) return null;
  const key = createHash('sha256')
    .update(`library\n${entryId}\n${entry.hash ?? entry.assetId}`)
    .digest('hex');
  const dir = join(dragDir, key.slice(0, 32));
  const name = safeFileName(entry.name, entry.assetId);
  const existing = join(dir, name);
  if (
    await stat(existing).then(
      (s) => s.isFile(),
      () => false,
    )
  )
    return existing;
  await mkdir(dir, { recursive: true });
  return (await writeEntry(deps, entry, dir, { withWorkflow: false, name })).path;
}

function manifestCsv(entries: readonly ExportedEntry[]): string {
  const header = ['entry', 'profile', 'job', 'asset', 'name', 'title', 'file', 'hash', 'source', 'error'];
  const rows = entries.map((e) => [
    String(e.entryId),
    e.profileId,
    e.jobId,
    e.assetId,
    e.name,
    e.title,
    e.file ?? '',
    e.hash ?? '',
    e.source ?? '',
    e.error ?? '',
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Quoted, quotes doubled, and a field a spreadsheet would run as a formula made text (as batch export does). */
function csvField(text: string): string {
  const inert = /^[=+@\t\r]|^-[^0-9.]/.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}
