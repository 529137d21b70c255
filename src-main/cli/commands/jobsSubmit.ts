// `loupe jobs submit FILE [--wait] [--label k=v …]`.
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { jobStateLine } from '../format';
import { followJob } from '../jobFollow';
import { readLabels } from '../labels';
import { visible } from '../terminalText';
import { readWorkflowFile } from '../workflowFile';

export const watchExitCodes =
  'Exit codes: 0 succeeded, 1 failed, 2 expired or unknown to the service, 130 canceled (or Ctrl-C).';

export const submit: CommandSpec = {
  words: ['jobs', 'submit'],
  summary: 'Submit an API-format workflow file as a job',
  positionals: ['FILE'],
  options: { wait: { type: 'boolean' }, label: { type: 'string', multiple: true } },
  optionHelp: [
    { flag: '--wait', text: 'follow the job until it ends (as `jobs watch`), exiting with its outcome' },
    {
      flag: '--label k=v',
      text: 'a label to attach (repeatable; serverless keeps them, managed refuses them)',
    },
  ],
  details: [
    'FILE is the API-format graph (the editor\u2019s "Export (API)"), or "-" for standard input.',
    'The editor\u2019s regular save (UI format, with "nodes" and "links") is refused: export as API format.',
    `With --wait, the exit code is the job\u2019s outcome. ${watchExitCodes}`,
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session, signal } = context;
    const metadata = readLabels(args);
    const workflow = await readWorkflowFile(args.positional(0), io);
    const clients = await session.clients();
    // One key per submission: if the answer is lost, the service refuses a blind resend instead of
    // running the workflow twice, and the report names the key.
    const idempotencyKey = randomUUID();
    const job = await clients.jobs.submit(
      { workflow, ...(metadata === undefined ? {} : { metadata }) },
      { idempotencyKey, signal },
    );
    const profile = clients.target.profile;
    if (profile !== null) {
      // The app's local history: jobs submitted from the CLI show up there too (and in `jobs list` on
      // surfaces that cannot list). Best effort: the job exists whether or not this write works.
      try {
        session.store().jobs.recordSubmitted(profile.id, {
          jobId: job.id,
          status: job.status,
          workflow,
          ...(metadata === undefined ? {} : { labels: metadata }),
          snapshot: job,
        });
      } catch (error) {
        out.note(
          `Note: the job could not be added to the local history (${error instanceof Error ? error.message : 'unknown error'}).`,
        );
      }
    }
    if (!args.flag('wait')) {
      if (out.json) out.document(job);
      else {
        out.line(visible(job.id));
        out.note(`Submitted: ${jobStateLine(job)}. Follow it with \`loupe jobs watch ${visible(job.id)}\`.`);
      }
      return exitCodes.ok;
    }
    if (!out.json) out.note(`Submitted ${visible(job.id)}.`);
    return followJob(context, clients, job);
  },
};
