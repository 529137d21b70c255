// `loupe jobs get|watch|cancel|workflow|logs ID`: one job, through core's jobs service and watcher, so
// every read also updates the local history (and `jobs list` never shows a state older than one seen here).
import { isTerminalJobStatus } from '../../../src-shared/contracts/jobs';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { jobDetailLines, jobStateLine } from '../format';
import { followJob } from '../jobFollow';
import { notePartnerKeyHint } from '../partnerKeyHint';
import type { Engine } from '../session';
import { safeJson, visible } from '../terminalText';
import { watchExitCodes } from './jobsSubmit';

type OneJobRun = (context: CommandContext, engine: Engine, id: string) => Promise<number>;

/** What every command here shares: `jobs VERB ID`, no options of its own, and the profile's engine. */
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
      const engine = await context.session.engine();
      return run(context, engine, context.args.positional(0));
    },
  };
}

const get = oneJobCommand(
  'get',
  { summary: 'Show one job: status, progress, error, outputs' },
  async ({ out }, { jobs, target }, id) => {
    const job = await jobs.get(id);
    if (out.json) out.document(job);
    else for (const line of jobDetailLines(job)) out.line(line);
    notePartnerKeyHint(out, job, target);
    return exitCodes.ok;
  },
);

const watch = oneJobCommand(
  'watch',
  {
    summary: 'Follow a job until it ends: one line per new snapshot (JSON lines with --json)',
    details: `Live through the job's event stream where the service offers one, by polling otherwise.\n${watchExitCodes}`,
  },
  // No read first: the watcher's own polls ride out a 429 or a 5xx (a refusal is not the job's failure).
  (context, engine, id) => followJob(context, engine, id),
);

const cancel = oneJobCommand(
  'cancel',
  { summary: 'Ask the service to cancel a job (a finished job is left as it is)' },
  async ({ out }, { jobs }, id) => {
    const job = await jobs.cancel(id);
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
  async ({ out }, { jobs }, id) => {
    const document = await jobs.workflow(id);
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
      out.note('The service named a format Loupe does not know; it may not be submittable as it is.');
    }
    return exitCodes.ok;
  },
);

const logs = oneJobCommand(
  'logs',
  {
    summary: 'Print the log a job\u2019s worker wrote (serverless deployments keep them)',
    details: 'The log is untrusted text: on a terminal its control characters are shown, not interpreted.',
  },
  async ({ out }, { jobs }, id) => {
    // Core reads the job first: whether it has finished decides what "no log" means.
    const result = await jobs.logs(id);
    if (out.json) {
      out.document({ jobId: id, ...result });
      return exitCodes.ok;
    }
    // This command reads once and exits: for an unfinished job it says what to run, not that it reads again.
    const later = `next: \`loupe jobs watch ${visible(id)}; loupe jobs logs ${visible(id)}\` waits for the end, then reads it.`;
    if (result.state === 'none') {
      out.note(result.message);
      if (result.reason === 'not-yet') out.note(later);
      return exitCodes.ok;
    }
    if (result.truncated) out.note('The beginning of this log was discarded; what follows is its tail.');
    out.untrustedBlock(result.text);
    if (result.text === '' && result.truncated) out.note('The log was captured and then shed entirely.');
    if (!result.complete) {
      out.note('The job has not finished: this is its log so far.');
      out.note(later);
    }
    return exitCodes.ok;
  },
);

export const jobReadCommands: readonly CommandSpec[] = [get, watch, cancel, workflow, logs];
