// `loupe jobs get|watch|cancel|workflow|logs ID`: one job, read through the v2 API.
import { isTerminalJobStatus, type Job } from '../../core/api';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { jobDetailLines, jobStateLine } from '../format';
import { followJob, isUnknownJob, unknownJob } from '../jobFollow';
import type { Clients } from '../session';
import { safeJson, visible } from '../terminalText';
import { watchExitCodes } from './jobsSubmit';

type OneJobRun = (context: CommandContext, clients: Clients, id: string) => Promise<number>;

/** What every command here shares: `jobs VERB ID`, no options of its own, and the service's clients. */
function oneJobCommand(
  verb: string,
  help: { summary: string; details?: string },
  run: OneJobRun,
): CommandSpec {
  return {
    words: ['jobs', verb],
    positionals: ['ID'],
    options: {},
    optionHelp: [],
    ...help,
    usesConnection: true,
    async run(context) {
      const clients = await context.session.clients();
      return run(context, clients, context.args.positional(0));
    },
  };
}

const get = oneJobCommand(
  'get',
  { summary: 'Show one job: status, progress, error, outputs' },
  async ({ out, signal }, { jobs }, id) => {
    const job = await jobs.get(id, { signal });
    if (out.json) out.document(job);
    else for (const line of jobDetailLines(job)) out.line(line);
    return exitCodes.ok;
  },
);

const watch = oneJobCommand(
  'watch',
  {
    summary: 'Follow a job until it ends: one line per new snapshot (JSON lines with --json)',
    details: `Live through the job's event stream where the service offers one, by polling otherwise.\n${watchExitCodes}`,
  },
  async (context, clients, id) => {
    let job: Job;
    try {
      job = await clients.jobs.get(id, { signal: context.signal });
    } catch (error) {
      throw isUnknownJob(error) ? unknownJob(id, error) : error;
    }
    return followJob(context, clients, job);
  },
);

const cancel = oneJobCommand(
  'cancel',
  { summary: 'Ask the service to cancel a job (a finished job is left as it is)' },
  async ({ out, signal }, { jobs }, id) => {
    const job = await jobs.cancel(id, { signal });
    if (out.json) out.document(job);
    else {
      out.line(`${visible(job.id)}  ${jobStateLine(job)}`);
      if (job.status === 'canceling') out.note('The job stops at its next node or sampler step.');
      else if (isTerminalJobStatus(job.status) && job.status !== 'canceled')
        out.note('The job had already finished.');
    }
    return exitCodes.ok;
  },
);

const workflow = oneJobCommand(
  'workflow',
  {
    summary: 'Print the workflow a job ran',
    details:
      'Prints the workflow JSON on stdout (format "api" can be submitted again as it is); --json prints {format, workflow}.',
  },
  async ({ out, signal }, { jobs }, id) => {
    const document = await jobs.workflow(id, { signal });
    if (out.json) {
      out.document(document);
      return exitCodes.ok;
    }
    out.line(safeJson(document.workflow, 2));
    if (document.format === 'save') {
      out.note(
        'Format "save": the editor\u2019s saved workflow (UI format). Open it in the editor; it cannot be submitted as it is.',
      );
    } else if (document.format === 'unknown') {
      out.note(`Format "${visible(document.rawFormat)}" is not one Loupe knows.`);
    }
    return exitCodes.ok;
  },
);

const noLogReasons = {
  'not-captured': 'This service captures no logs for any job (only serverless deployments keep them).',
  'not-supported': 'This service is an older build without the logs operation.',
} as const;

const logs = oneJobCommand(
  'logs',
  {
    summary: 'Print the log a job\u2019s worker wrote (serverless deployments keep them)',
    details: 'The log is untrusted text: on a terminal its control characters are shown, not interpreted.',
  },
  async ({ out, signal }, { jobs }, id) => {
    const job = await jobs.get(id, { signal });
    // Asked by id, not through the job's link, so the service itself answers (and a 204 is explained).
    const result = await jobs.logs(id, { signal });
    if (result.log !== null) {
      if (out.json) out.document({ jobId: job.id, ...result.log });
      else {
        if (result.log.truncated)
          out.note('The beginning of this log was discarded; what follows is its tail.');
        out.untrustedBlock(result.log.text);
        if (result.log.text === '' && result.log.truncated)
          out.note('The log was captured and then shed entirely.');
      }
      return exitCodes.ok;
    }
    const explanation =
      result.reason === 'no-content'
        ? noContentExplanation(job.urls.logs === null, isTerminalJobStatus(job.status))
        : noLogReasons[result.reason];
    if (out.json) out.document({ jobId: job.id, log: null, reason: result.reason, explanation });
    else out.note(explanation);
    return exitCodes.ok;
  },
);

function noContentExplanation(surfaceKeepsNoLogs: boolean, terminal: boolean): string {
  const first = 'There is no log for this job (the service answered 204, no content).';
  if (surfaceKeepsNoLogs)
    return `${first} This service captures no logs for any job; only serverless deployments keep them.`;
  if (!terminal) return `${first} The job has not finished; a log may appear once it has, so ask again then.`;
  return `${first} This is final: the run was killed before its worker could report (out of memory, crash, time limit), the job predates log capture, or capture failed.`;
}

export const jobReadCommands: readonly CommandSpec[] = [get, watch, cancel, workflow, logs];
