// Reading JSON the user points at (a workflow, a model input): from a file or `-` for stdin, size-capped,
// parsed, and refused as a usage error with the file named when it is not what the command needs.
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from './errors';
import type { CliIo } from './io';

const maxJsonBytes = 64 * 1024 * 1024;

async function readAllStdin(io: CliIo): Promise<string> {
  if (io.stdin === undefined) throw new UsageError('There is no standard input to read from.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += buffer.length;
    if (size > maxJsonBytes)
      throw new UsageError('Standard input is larger than 64 MiB; that is not a JSON document Loupe reads.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of `path` ('-' = stdin), size-capped. */
export async function readTextFile(path: string, io: CliIo): Promise<string> {
  if (path === '-') return readAllStdin(io);
  const full = resolve(io.cwd, path);
  try {
    const info = await stat(full);
    if (!info.isFile()) throw new UsageError(`${path} is not a file.`);
    if (info.size > maxJsonBytes)
      throw new UsageError(`${path} is larger than 64 MiB; that is not a JSON document Loupe reads.`);
    return await readFile(full, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    if (code === 'ENOENT')
      throw new UsageError(`${path} does not exist.`, 'Check the path.', 'file_not_found');
    throw new UsageError(`${path} could not be read: ${error instanceof Error ? error.message : code}`);
  }
}

/** The parsed JSON value of `path` ('-' = stdin). */
export async function readJsonFile(path: string, io: CliIo): Promise<unknown> {
  const text = await readTextFile(path, io);
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message : 'invalid JSON';
    throw new UsageError(`${path} is not valid JSON (${detail}).`, null, 'invalid_json');
  }
}
