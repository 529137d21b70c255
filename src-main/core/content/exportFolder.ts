// Where a host without a folder dialog (the browser shell) puts a batch's export: a new folder of its own
// under the host's export root (Downloads/Loupe), named from the batch, never an existing one. The name is
// the user's (or a caller's) text, so it goes through safeFileName: one segment, nothing above the root.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { safeFileName } from '../../../src-shared/safeFileName';

/** Enough tries for a user exporting the same batch many times in one minute. */
const MAX_TRIES = 1000;

function stamp(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}.${pad(at.getMinutes())}`;
}

/** Creates and returns `<root>/<batch name> <date time>[ (n)]`, a folder no earlier export wrote into. */
export async function newExportFolder(
  root: string,
  batchName: string,
  at: Date = new Date(),
): Promise<string> {
  await mkdir(root, { recursive: true });
  const base = safeFileName(`${batchName} ${stamp(at)}`, 'batch export');
  for (let n = 1; n <= MAX_TRIES; n += 1) {
    const folder = join(root, n === 1 ? base : safeFileName(`${base} (${n})`, 'batch export'));
    try {
      await mkdir(folder);
      return folder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Could not find a free folder name for the export under ${root}.`);
}

/** Where a host lets an export write: main's folder dialog, else a new folder under its export root. */
export interface ExportPlaces {
  pickFolder: (() => Promise<string | null>) | null;
  exportRoot: string | null;
}

/**
 * The folder an export of `batchName` writes into: the one the user picks (folder null: the dialog was
 * cancelled), or a new one under the export root; null where the host has neither (the CLI names its own).
 */
export async function exportPlace(
  places: ExportPlaces,
  batchName: string,
): Promise<{ folder: string | null } | null> {
  if (places.pickFolder !== null) return { folder: await places.pickFolder() };
  if (places.exportRoot !== null) return { folder: await newExportFolder(places.exportRoot, batchName) };
  return null;
}

/**
 * `<folder>/<base>.<ext>`, or `<base> (n).<ext>`: a file name no earlier export used in that folder (the user's
 * own folder may hold one), created empty so that no other export takes it meanwhile.
 */
export async function newExportFile(folder: string, base: string, ext: string): Promise<string> {
  const name = safeFileName(base, 'export');
  for (let n = 1; n <= MAX_TRIES; n += 1) {
    const file = join(folder, safeFileName(n === 1 ? `${name}.${ext}` : `${name} (${n}).${ext}`, 'export'));
    try {
      await writeFile(file, '', { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Could not find a free file name for the export in ${folder}.`);
}
