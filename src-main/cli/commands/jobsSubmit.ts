// `loupe jobs submit FILE [--wait] [--label k=v …] [--idempotency-key K]`, through core's submitter: the
// submission and its key are written to the outbox before the request leaves (rule 6), and an answer that
// is lost is followed up as in the app (the one job found and followed, or "could not tell" with the key).
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { jobStateLine } from '../format';
import { followJob } from '../jobFollow';
import { readLabels } from '../labels';
import { visible } from '../terminalText';
import { withSurfaceAdvice } from '../unknownOutcomeHint';
import { readWorkflowText } from '../workflowFile';

export const watchExitCodes =
  'Exit codes: 0 succeeded, 1 failed, 2 expired or unknown to the service, 3 Loupe could not tell (the service stopped answering), 130 canceled (or Ctrl-C).';

export const submit: CommandSpec = {
  words: ['jobs', 'submit'],
  summary: 'Submit an API-format workflow file as a job',
  positionals: ['FILE'],
  options: {
    wait: { type: 'boolean' },
    label: { type: 'string', multiple: true },
    'idempotency-key': { type: 'string' },
  },
  optionHelp: [
    { flag: '--wait', text: 'follow the job until it ends (as `jobs watch`), exiting with its outcome' },
    {
      flag: '--label k=v',
      text: 'a label to attach (repeatable; serverless keeps them, managed refuses them)',
    },
    {
      flag: '--idempotency-key K',
      text: 'your own key (1 to 255 characters); running the same command again never makes a second job',
    },
  ],
  details: [
    'FILE is the API-format graph (the editor\u2019s "Export (API)"), or "-" for standard input.',
    'The editor\u2019s regular save (UI format, with "nodes" and "links") is refused: export as API format.',
    'The submission is written to Loupe\u2019s data before it is sent. If the answer is lost, Loupe looks for the job',
    'it may have made and follows it; if it cannot tell, it says so (exit 3) and prints the key.',
    'With --idempotency-key, a key Loupe has already sent is taken up again: the job it made is shown, or the',
    'same submission is sent again under the same key, which the service never runs twice.',
    `With --wait, the exit code is the job\u2019s outcome. ${watchExitCodes}`,
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, io, out, session } = context;
    // Arguments and the file first: a bad one is a usage error, and nothing is recorded or sent.
    const labels = readLabels(args);
    const idempotencyKey = args.string('idempotency-key');
    if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 255))
      throw args.usageError('--idempotency-key must be 1 to 255 characters.');
    const { text, fileName } = await readWorkflowText(args.positional(0), io);
    const engine = await session.engine();
    const sentAt = new Date();
    const job = await engine.jobs
      .submit({
        workflowJson: text,
        fileName,
        ...(labels === undefined ? {} : { labels }),
        ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
      })
      .catch((error: unknown) => {
        throw withSurfaceAdvice(error, engine.target.profile.surface, sentAt);
      });
    if (!args.flag('wait')) {
      if (out.json) out.document(job);
      else {
        out.line(visible(job.id));
        out.note(`Submitted: ${jobStateLine(job)}. Follow it with \`loupe jobs watch ${visible(job.id)}\`.`);
      }
      return exitCodes.ok;
    }
    if (!out.json) out.note(`Submitted ${visible(job.id)}.`);
    return followJob(context, engine, job.id);
  },
};
