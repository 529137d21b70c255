// From what the user dropped or picked to a flat list of files, each with its path inside what was dropped
// (`album/sub/a.png`). Folders are walked through the browser's file-system entries; their entries must be
// taken while the drop event is still being handled, so `entriesOf` runs synchronously in the handler and
// the walk happens after. A synthetic drop (tests, other apps) may have files without entries: those count
// as files dropped by themselves.
import { bytesFileSchema } from '../../../../src-shared/contract';
import { MAX_FILES_PER_UPLOAD } from '../../../../src-shared/limits';

export interface DroppedFile {
  file: File;
  relativePath: string;
}

export interface LeftOut {
  path: string;
  message: string;
}

export interface Collected {
  files: DroppedFile[];
  leftOut: LeftOut[];
}

export { MAX_FILES_PER_UPLOAD };

type DropItem = { entry: FileSystemEntry } | { file: File };

/** Synchronously, inside the drop handler: the dropped items' entries (or bare files). */
export function entriesOf(data: DataTransfer): DropItem[] {
  const items: DropItem[] = [];
  for (const item of Array.from(data.items)) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry();
    const file = entry === null ? item.getAsFile() : null;
    if (entry !== null) items.push({ entry });
    else if (file !== null) items.push({ file });
  }
  // Some sources fill `files` but not `items`.
  if (items.length === 0) for (const file of Array.from(data.files)) items.push({ file });
  return items;
}

export async function collectDropped(items: readonly DropItem[]): Promise<Collected> {
  const collected: Collected = { files: [], leftOut: [] };
  for (const item of items) {
    if ('file' in item) add(collected, item.file, item.file.name);
    else await walk(item.entry, collected);
  }
  return collected;
}

/** From an <input type="file"> (with `webkitdirectory`, each file carries its path inside the folder). */
export function collectPicked(list: FileList): Collected {
  const collected: Collected = { files: [], leftOut: [] };
  for (const file of Array.from(list)) add(collected, file, file.webkitRelativePath || file.name);
  return collected;
}

function add(collected: Collected, file: File, relativePath: string): void {
  if (collected.files.length >= MAX_FILES_PER_UPLOAD) {
    collected.leftOut.push({
      path: relativePath,
      message: `Only ${MAX_FILES_PER_UPLOAD} files go in one upload; drop the rest separately.`,
    });
    return;
  }
  if (!bytesFileSchema.shape.relativePath.safeParse(relativePath).success) {
    collected.leftOut.push({
      path: relativePath,
      message: 'Its name or folder holds characters the service does not take (control characters).',
    });
    return;
  }
  collected.files.push({ file, relativePath });
}

async function walk(entry: FileSystemEntry, collected: Collected): Promise<void> {
  const path = entry.fullPath.replace(/^\/+/, '') || entry.name;
  if (isFile(entry)) {
    try {
      add(collected, await new Promise<File>((resolve, reject) => entry.file(resolve, reject)), path);
    } catch {
      collected.leftOut.push({ path, message: 'The browser could not open this file.' });
    }
    return;
  }
  if (!isDirectory(entry)) return;
  const reader = entry.createReader();
  try {
    // readEntries answers in pieces (about 100 at a time) until it answers with none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, collected);
    }
  } catch {
    collected.leftOut.push({ path, message: 'The browser could not read this folder.' });
  }
}

function isFile(entry: FileSystemEntry): entry is FileSystemFileEntry {
  return entry.isFile;
}

function isDirectory(entry: FileSystemEntry): entry is FileSystemDirectoryEntry {
  return entry.isDirectory;
}
