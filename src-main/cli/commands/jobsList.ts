// `loupe jobs list [--limit N] [--label k=v …] [--status S …] [--cursor C]`: core's job list, the one the
// app shows. It merges the service's list (v2; v1 on the managed service; none on an older proxy) with the
// jobs Loupe remembers, says which it used, and pages through all of it with one opaque cursor.
import { jobListArgsSchema } from '../../../src-shared/contracts/jobs';
import { JOB_STATUSES, type JobStatus } from '../../../src-shared/jobStatus';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { jobListTable } from '../format';
import { readLabels } from '../labels';
import type { ParsedArgs } from '../parsedArgs';
import { visible } from '../terminalText';

function readStatuses(args: ParsedArgs): JobStatus[] | undefined {
  const raw = args.strings('status');
  if (raw.length === 0) return undefined;
  const known: readonly string[] = JOB_STATUSES;
  for (const status of raw) {
    if (!known.includes(status))
      throw args.usageError(
        `--status ${visible(status)} is not a status; use one of ${JOB_STATUSES.join(', ')}.`,
      );
  }
  return raw as JobStatus[];
}

const list: CommandSpec = {
  words: ['jobs', 'list'],
  summary: 'List jobs, newest first',
  positionals: [],
  options: {
    limit: { type: 'string' },
    label: { type: 'string', multiple: true },
    status: { type: 'string', multiple: true },
    cursor: { type: 'string' },
  },
  optionHelp: [
    { flag: '--limit N', text: 'at most N jobs (1 to 500, default 100)' },
    { flag: '--label k=v', text: 'only jobs with this label (repeatable, at most 3)' },
    { flag: '--status S', text: 'only jobs in this status (repeatable)' },
    { flag: '--cursor C', text: 'the next page, from a previous list\u2019s "More: --cursor"' },
  ],
  details: [
    'The service\u2019s own list merged with the jobs Loupe remembers (each job once, newest first).',
    'On the managed service (no v2 list) its v1 list is used; on an older proxy, only what Loupe remembers.',
    'The notice on stderr says which. --json prints {jobs, nextCursor, source, notice}.',
  ].join('\n'),
  usesConnection: true,
  async run(context: CommandContext) {
    const { args, out } = context;
    // Arguments first: a bad --limit is a usage error even when no service is configured.
    const limit = args.integer('limit', 1, 500);
    const labels = readLabels(args);
    const statuses = readStatuses(args);
    const cursor = args.string('cursor');
    // The contract's own argument schema: the CLI asks exactly what the app may ask.
    const request = jobListArgsSchema.safeParse({
      ...(limit === undefined ? {} : { limit }),
      ...(labels === undefined ? {} : { labels }),
      ...(statuses === undefined ? {} : { statuses }),
      ...(cursor === undefined ? {} : { cursor }),
    });
    if (!request.success) {
      const issue = request.error.issues[0];
      throw args.usageError(`--${String(issue?.path[0] ?? 'label')}: ${issue?.message ?? 'not valid'}`);
    }
    const engine = await context.session.engine();
    const page = await engine.jobs.list(request.data);
    // On stderr in both modes: where the rows came from matters to a script's reader too.
    if (page.notice !== null) out.note(page.notice);
    if (out.json) {
      out.document(page);
      return exitCodes.ok;
    }
    if (page.jobs.length === 0) out.note('No jobs.');
    else for (const line of jobListTable(page.jobs)) out.line(line);
    if (page.nextCursor !== null) out.note(`More: --cursor ${visible(page.nextCursor)}`);
    return exitCodes.ok;
  },
};

export const jobListCommands: readonly CommandSpec[] = [list];
