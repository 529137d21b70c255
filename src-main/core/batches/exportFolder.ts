// Where a host without a folder dialog (the browser shell) puts a batch's export: a new folder of its own
// under the host's export root (Downloads/Loupe), named from the batch, never an existing one. The name is
// the user's (or a caller's) text, so it goes through safeFileName: one segment, nothing above the root.
import { mkdir } from 'node:fs/promises';
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
