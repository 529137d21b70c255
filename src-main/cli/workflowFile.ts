// A workflow file for `jobs submit` and `batch run`: its text, from a file or `-` for standard input. What the
// text must be (an API-format graph, or one wrapped as a request body) is core's to decide
// (core/jobs/workflowText.ts), the same rules the app applies to a dropped file. A PNG saved by the workflow
// server (or exported by Loupe) is a workflow file too: its `prompt` text chunk is the API-format graph.
import { open, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { hasPngSignature } from '../../src-shared/png/pngChunks';
import { MAX_PNG_BYTES, readPngWorkflow } from '../../src-shared/png/pngWorkflow';
import { nodeInflate } from '../core/pictures/inflate';
import { UsageError } from './errors';
import type { CliIo } from './io';
import { readTextFile } from './jsonFile';

export interface WorkflowText {
  text: string;
  /** For messages: the file's name, or "standard input". */
  fileName: string;
}

/** The file's bytes when it is a PNG (up to MAX_PNG_BYTES); null when it is anything else. */
async function pngBytes(full: string): Promise<Uint8Array | null> {
  const info = await stat(full).catch(() => null);
  if (info === null || !info.isFile()) return null;
  const handle = await open(full, 'r');
  try {
    const head = new Uint8Array(8);
    await handle.read(head, 0, 8, 0);
    if (!hasPngSignature(head)) return null;
    if (info.size > MAX_PNG_BYTES) {
      throw new UsageError(
        `${basename(full)} is larger than ${MAX_PNG_BYTES / 1048576} MiB; Loupe reads no larger picture.`,
      );
    }
    const bytes = new Uint8Array(info.size);
    await handle.read(bytes, 0, info.size, 0);
    return bytes;
  } finally {
    await handle.close();
  }
}

export async function readWorkflowText(path: string, io: CliIo): Promise<WorkflowText> {
  const fileName = path === '-' ? 'standard input' : basename(path);
  const png = path === '-' ? null : await pngBytes(resolve(io.cwd, path));
  if (png === null) return { text: await readTextFile(path, io), fileName };
  const found = await readPngWorkflow(png, nodeInflate);
  if (found.kind === 'api') return { text: found.text, fileName };
  const hint =
    found.kind === 'editor-only'
      ? null
      : 'Use a picture saved by the workflow server, or a workflow .json file.';
  throw new UsageError(`${fileName}: ${found.message}`, hint, 'invalid_workflow_file');
}
