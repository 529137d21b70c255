// Files the user picks or drops are read here, in the page (File.text()): their text goes to main inside
// batches.plan, never their path (rule 10: main reads no path a page names). Sizes are the contract's, checked
// first so a wrong pick (a video, say) is refused at once instead of read into memory.
import { MAX_TABLE_BYTES, MAX_WORKFLOW_BYTES } from '../../../../src-shared/limits';
import { isPngFile, workflowTextOfPicture } from '../../../lib/pictureWorkflow';
import { nextId, type LoadedText } from './newBatchStore';

export type PickedKind = 'workflow' | 'table' | 'values';

const RULES: Record<PickedKind, { extensions: string[]; types: string[]; maxBytes: number; what: string }> = {
  workflow: {
    extensions: ['.json'],
    types: ['application/json'],
    maxBytes: MAX_WORKFLOW_BYTES,
    what: 'a workflow file (.json, or a .png that carries one)',
  },
  table: {
    extensions: ['.csv', '.tsv', '.txt'],
    types: ['text/csv'],
    maxBytes: MAX_TABLE_BYTES,
    what: 'a CSV table (.csv)',
  },
  values: {
    extensions: ['.txt', '.csv'],
    types: ['text/plain'],
    maxBytes: 1024 * 1024,
    what: 'a text file with one value per line (.txt)',
  },
};

export const ACCEPT: Record<PickedKind, string> = {
  workflow: '.json,application/json,.png,image/png',
  table: '.csv,text/csv',
  values: '.txt,text/plain',
};

export type PickedFile = { ok: true; file: LoadedText } | { ok: false; message: string };

function mebibytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MiB`;
}

export function kindOfDropped(file: File): PickedKind | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.json') || file.type === 'application/json' || isPngFile(file)) return 'workflow';
  if (name.endsWith('.csv') || file.type === 'text/csv') return 'table';
  return null;
}

export async function readPickedFile(file: File, kind: PickedKind): Promise<PickedFile> {
  // A picture the workflow server saved: its API workflow's text is what a .json file would have given.
  if (kind === 'workflow' && isPngFile(file)) {
    const picture = await workflowTextOfPicture(file).catch(() => ({
      ok: false as const,
      message: `${file.name} could not be read.`,
    }));
    return picture.ok ? { ok: true, file: { id: nextId(), name: file.name, text: picture.text } } : picture;
  }
  const rule = RULES[kind];
  const name = file.name.toLowerCase();
  const fits =
    rule.extensions.some((extension) => name.endsWith(extension)) || rule.types.includes(file.type);
  if (!fits) return { ok: false, message: `${file.name} is not ${rule.what}.` };
  if (file.size > rule.maxBytes) {
    return {
      ok: false,
      message: `${file.name} is larger than ${mebibytes(rule.maxBytes)}; ${rule.what} is much smaller.`,
    };
  }
  try {
    return { ok: true, file: { id: nextId(), name: file.name, text: await file.text() } };
  } catch (error) {
    const reason = error instanceof Error && error.message !== '' ? ` (${error.message})` : '';
    return { ok: false, message: `${file.name} could not be read${reason}.` };
  }
}
