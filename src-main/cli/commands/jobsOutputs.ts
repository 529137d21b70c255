// `loupe jobs outputs ID [--download DIR]`: a job's outputs, and optionally their bytes. Each file is
// fetched through the asset's content endpoint (which re-resolves a fresh signed URL, so an output URL that
// has expired does not matter), streamed to disk under a safe name, and checked against its blake3 hash.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isTerminalJobStatus, type Output as JobOutput } from '../../core/api';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { saveAsNewFile, type SavedFile } from '../download';
import { exitCodes } from '../exitCodes';
import { formatBytes, outputTable } from '../format';
import { safeFileName } from '../../../src-shared/safeFileName';
import type { Clients } from '../session';
import { visible } from '../terminalText';

async function downloadOne(
  context: CommandContext,
  clients: Clients,
  dir: string,
  output: JobOutput,
): Promise<SavedFile> {
  const { out, signal } = context;
  const content = await clients.assets.content(output.id, { signal });
  const name = safeFileName(output.name, output.id);
  // The asset's own size: the content length would be the compressed one if the transfer was encoded.
  const total = output.size_bytes ?? content.contentLength;
  return saveAsNewFile(dir, name, content.body, {
    expectedHash: output.hash,
    expectedSize: output.size_bytes,
    signal,
    onProgress: (bytes) => out.status(`${name}  ${formatBytes(bytes)} / ${formatBytes(total)}`),
  });
}

const outputs: CommandSpec = {
  words: ['jobs', 'outputs'],
  summary: 'List a job\u2019s outputs, or download them',
  positionals: ['ID'],
  options: { download: { type: 'string' } },
  optionHelp: [
    {
      flag: '--download DIR',
      text: 'save every output into DIR (created if missing; existing files are kept)',
    },
  ],
  details:
    'File names come from the service and are made safe: folders flattened, control characters replaced.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session, signal } = context;
    const clients = await session.clients();
    const job = await clients.jobs.get(args.positional(0), { signal });
    if (!isTerminalJobStatus(job.status))
      out.note(`The job is ${visible(job.status)}; these are the outputs so far.`);
    const dirArg = args.string('download');
    if (dirArg === undefined) {
      if (out.json) out.document({ jobId: job.id, status: job.status, outputs: job.outputs });
      else if (job.outputs.length === 0) out.note('This job has no outputs.');
      else for (const line of outputTable(job.outputs)) out.line(line);
      return exitCodes.ok;
    }
    const dir = resolve(io.cwd, dirArg);
    await mkdir(dir, { recursive: true });
    const saved: Array<JobOutput & { file: string; verified: boolean }> = [];
    for (const output of job.outputs) {
      const file = await downloadOne(context, clients, dir, output);
      out.clearStatus();
      saved.push({ ...output, file: file.path, verified: file.verified });
      if (!out.json)
        out.line(`${visible(file.path)}  ${formatBytes(file.bytes)}${file.verified ? '  blake3 ok' : ''}`);
    }
    if (out.json) out.document({ jobId: job.id, status: job.status, directory: dir, outputs: saved });
    else if (saved.length === 0) out.note('This job has no outputs.');
    return exitCodes.ok;
  },
};

export const jobOutputCommands: readonly CommandSpec[] = [outputs];
