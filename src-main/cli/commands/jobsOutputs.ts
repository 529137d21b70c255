// `loupe jobs outputs ID [--download DIR]`: a job's outputs, and optionally their bytes. The job is read
// through core's jobs service; each file comes through core's asset bytes (the disk cache the app fills, or
// the network, where an expired signed link is re-resolved from the asset id), is written under a safe
// name, never over an existing file, and checked against its size and blake3 hash.
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isTerminalJobStatus, type JobOutput, type JobSnapshot } from '../../../src-shared/contracts/jobs';
import { safeFileName } from '../../../src-shared/safeFileName';
import { writeNewFile, type WrittenFile } from '../../core/content';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { CliError } from '../errors';
import { exitCodes } from '../exitCodes';
import { formatBytes, outputTable } from '../format';
import type { Engine } from '../session';
import { visible } from '../terminalText';

async function downloadOne(
  context: CommandContext,
  engine: Engine,
  dir: string,
  output: JobOutput,
): Promise<WrittenFile> {
  const { out, signal } = context;
  const reply = await engine.core.content.bytes.read({
    profileId: engine.target.profile.id,
    assetId: output.assetId,
    range: null,
    headOnly: false,
    signal,
  });
  // Asked without a range, so anything but the whole file is the service misbehaving.
  if (reply.status !== 200 || reply.body === null) {
    await reply.body?.cancel();
    throw new CliError('download_failed', `The service answered ${reply.status} instead of the whole file.`);
  }
  const name = safeFileName(output.name, output.assetId);
  // The asset's own size: the content length would be the compressed one if the transfer was encoded.
  const total = output.sizeBytes ?? reply.contentLength;
  return writeNewFile(dir, name, reply.body, {
    expectedHash: output.hash,
    expectedSize: output.sizeBytes,
    signal,
    onProgress: (bytes) => out.status(`${name}  ${formatBytes(bytes)} / ${formatBytes(total)}`),
  });
}

/** Outputs per request: a job's snapshot lists the first ones only, the rest come a page at a time. */
const pageSize = 500;

/** Every output of the job, in its order, the first ones from its snapshot and the rest page by page. */
async function allOutputs(engine: Engine, job: JobSnapshot): Promise<JobOutput[]> {
  const outputs = [...job.outputs];
  while (outputs.length < job.outputsCount) {
    const page = await engine.jobs.outputs(job.id, outputs.length, pageSize);
    outputs.push(...page.outputs);
    // The list can only have shrunk (an expired job): what came is all there is.
    if (page.outputs.length === 0 || outputs.length >= page.total) break;
  }
  return outputs;
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
    const { args, io, out, session } = context;
    const engine = await session.engine();
    const job = await engine.jobs.get(args.positional(0));
    if (!isTerminalJobStatus(job.status))
      out.note(`The job is ${visible(job.status)}; these are the outputs so far.`);
    const listed = await allOutputs(engine, job);
    const dirArg = args.string('download');
    if (dirArg === undefined) {
      if (out.json) out.document({ jobId: job.id, status: job.status, outputs: listed });
      else if (listed.length === 0) out.note('This job has no outputs.');
      else for (const line of outputTable(listed)) out.line(line);
      return exitCodes.ok;
    }
    const dir = resolve(io.cwd, dirArg);
    await mkdir(dir, { recursive: true });
    const saved: Array<JobOutput & { file: string; verified: boolean }> = [];
    for (const output of listed) {
      const file = await downloadOne(context, engine, dir, output);
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
