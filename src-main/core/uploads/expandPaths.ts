// From what was dropped (files and folders) to the list of regular files to upload. Folders are walked
// recursively without following symlinks, so a link cannot pull in a tree outside what was dropped or loop;
// symlinks and special files (sockets, FIFOs, devices) inside folders are skipped and named, so the user
// sees what was left out. A path dropped by itself is the user's explicit choice, so a link there is followed.
import type { Dirent } from 'node:fs';
import { lstat, opendir, stat } from 'node:fs/promises';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { UploadSkipped } from '../../../src-shared/contract';

export interface ExpandedFile {
  /** Absolute path. */
  path: string;
  /** Path inside what was dropped, `/`-separated, starting with the dropped item's own name. */
  relativePath: string;
  size: number;
}

export interface Expansion {
  files: ExpandedFile[];
  skipped: UploadSkipped[];
}

export const DEFAULT_MAX_FILES_PER_BATCH = 10_000;

export async function expandPaths(
  paths: readonly string[],
  options: { maxFiles?: number } = {},
): Promise<Expansion> {
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_FILES_PER_BATCH;
  const files: ExpandedFile[] = [];
  const skipped: UploadSkipped[] = [];
  const seen = new Set<string>();
  const add = (file: ExpandedFile): boolean => {
    if (seen.has(file.path)) return true;
    if (files.length >= maxFiles) {
      skipped.push({
        path: file.path,
        reason: 'too-many-files',
        message: `Only ${maxFiles} files can be uploaded at once; this one and any after it were left out.`,
      });
      return false;
    }
    seen.add(file.path);
    files.push(file);
    return true;
  };

  for (const raw of paths) {
    if (!isAbsolute(raw)) {
      skipped.push({ path: raw, reason: 'missing', message: 'Not an absolute path.' });
      continue;
    }
    const path = resolve(raw);
    const info = await stat(path).catch(() => null);
    if (info === null) {
      skipped.push({ path, reason: 'missing', message: 'It no longer exists, or cannot be read.' });
    } else if (info.isFile()) {
      if (!add({ path, relativePath: basename(path), size: info.size })) break;
    } else if (info.isDirectory()) {
      if (!(await walkFolder(path, add, skipped))) break;
    } else {
      skipped.push({ path, reason: 'special', message: specialMessage });
    }
  }
  return { files, skipped };
}

const specialMessage = 'Not a regular file (a socket, pipe or device).';

/** Depth-first, names in order so a batch lists files the way a file manager does. False once full. */
async function walkFolder(
  root: string,
  add: (file: ExpandedFile) => boolean,
  skipped: UploadSkipped[],
): Promise<boolean> {
  const pending: Array<{ dir: string; relative: string }> = [{ dir: root, relative: basename(root) }];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) break;
    const entries = await readEntries(next.dir);
    if (entries === null) {
      skipped.push({ path: next.dir, reason: 'unreadable', message: 'This folder could not be read.' });
      continue;
    }
    const folders: Array<{ dir: string; relative: string }> = [];
    for (const entry of entries) {
      const path = join(next.dir, entry.name);
      const relative = `${next.relative}/${entry.name}`;
      if (entry.isSymbolicLink()) {
        skipped.push({ path, reason: 'symlink', message: 'Symbolic links inside folders are not followed.' });
      } else if (entry.isDirectory()) {
        folders.push({ dir: path, relative });
      } else if (entry.isFile()) {
        const info = await lstat(path).catch(() => null);
        if (info === null) {
          skipped.push({ path, reason: 'unreadable', message: 'This file could not be read.' });
        } else if (!add({ path, relativePath: relative, size: info.size })) {
          return false;
        }
      } else {
        skipped.push({ path, reason: 'special', message: specialMessage });
      }
    }
    // Reversed onto the stack so the first folder by name is walked first.
    pending.push(...folders.reverse());
  }
  return true;
}

async function readEntries(dir: string): Promise<Dirent[] | null> {
  try {
    const entries: Dirent[] = [];
    for await (const entry of await opendir(dir)) entries.push(entry);
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return null;
  }
}
