// Following a job to its end for `jobs watch` and `jobs submit --wait`: one line per new snapshot (JSON
// lines with --json), then the exit code of its fate. Ctrl-C stops watching, not the job, and says so.
import { ApiError, isTerminalJobStatus, type Job } from '../core/api';
import { CliError } from './errors';
import type { CommandContext } from './commandSpec';
import { exitCodeForJob, exitCodes } from './exitCodes';
import { jobErrorLines, jobStateLine, outputTable } from './format';
import type { Clients } from './session';
import { watchJob } from './jobWatcher';
import { visible } from './terminalText';

export async function followJob(context: CommandContext, clients: Clients, job: Job): Promise<number> {
  const { out, signal, deps } = context;
  let final: Job;
  try {
    final = await watchJob({
      jobs: clients.jobs,
      http: clients.http,
      job,
      signal,
      ...(deps.pollIntervalMs === undefined ? {} : { pollIntervalMs: deps.pollIntervalMs }),
      onSnapshot: (snapshot) => {
        if (out.json) out.document(snapshot);
        else out.line(`${new Date().toISOString().slice(11, 19)}  ${jobStateLine(snapshot)}`);
      },
    });
  } catch (error) {
    if (isUnknownJob(error)) throw unknownJob(job.id, error);
    if (signal.aborted) {
      out.note(`Stopped watching. The job goes on; cancel it with \`loupe jobs cancel ${visible(job.id)}\`.`);
      return exitCodes.canceled;
    }
    throw error;
  }
  if (!out.json) printOutcome(context, final);
  return exitCodeForJob(final.status);
}

export function isUnknownJob(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/** A job the service does not know (never existed, another account's, or past retention): exit 2. */
export function unknownJob(id: string, error: ApiError): CliError {
  return new CliError(
    error.code,
    `The service does not know job ${visible(id)}: ${error.message}`,
    'Check the id. A job is visible only to the account that submitted it, and only until it expires.',
    exitCodes.usage,
  );
}

function printOutcome({ out }: CommandContext, job: Job): void {
  if (!isTerminalJobStatus(job.status)) return;
  if (job.status === 'failed') for (const line of jobErrorLines(job)) out.line(line);
  if (job.status === 'expired')
    out.note('The job expired: it passed its retention deadline before it finished.');
  if (job.outputs.length > 0) {
    for (const line of outputTable(job.outputs)) out.line(`  ${line}`);
    out.note(`Download them with \`loupe jobs outputs ${visible(job.id)} --download DIR\`.`);
  }
}
