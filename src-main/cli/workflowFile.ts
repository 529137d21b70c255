// A workflow file for `jobs submit`: its text, from a file or `-` for standard input. What the text must be
// (an API-format graph, or one wrapped as a request body) is core's to decide (core/jobs/workflowText.ts),
// the same rules the app applies to a dropped file.
import { basename } from 'node:path';
import type { CliIo } from './io';
import { readTextFile } from './jsonFile';

export interface WorkflowText {
  text: string;
  /** For messages: the file's name, or "standard input". */
  fileName: string;
}

export async function readWorkflowText(path: string, io: CliIo): Promise<WorkflowText> {
  return { text: await readTextFile(path, io), fileName: path === '-' ? 'standard input' : basename(path) };
}
