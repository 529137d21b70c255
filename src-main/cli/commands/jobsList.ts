// `loupe jobs list [--limit N] [--label k=v …] [--cursor C]`. Only some surfaces list jobs (spec "Known
// differences"): the managed service answers 501, so the deprecated v1 list stands in; an older proxy has no
// list at all, so the local history of jobs submitted through Loupe stands in. Each fallback is said aloud.
import { ApiError, type JobListItem, type V1ListItem } from '../../core/api';
import type { CommandContext, CommandSpec } from '../commandSpec';
import { CliError } from '../errors';
import { exitCodes } from '../exitCodes';
import { jobListTable, table } from '../format';
import { readLabels } from '../labels';
import type { Clients } from '../session';
import { visible } from '../terminalText';

const v1Explanation =
  'This service does not list jobs through the v2 API (501 not_implemented, as on the managed service); ' +
  'showing its v1 job list instead.';
const localExplanation =
  'This service has no job list (an older self-hosted build); showing the jobs this profile submitted through Loupe.';

type Listing =
  | { source: 'v2'; jobs: JobListItem[]; nextCursor: string | null }
  | { source: 'v1'; jobs: V1ListItem[]; hasMore: boolean }
  | {
      source: 'local';
      jobs: Array<{ id: string; status: string; createdAt: string; labels: Record<string, string> }>;
    };

interface ListRequest {
  limit: number | undefined;
  labels: Record<string, string> | undefined;
  cursor: string | undefined;
}

async function listJobs(context: CommandContext, clients: Clients, request: ListRequest): Promise<Listing> {
  const { signal } = context;
  const { limit, labels, cursor } = request;
  try {
    const page = await clients.jobs.list(
      {
        ...(limit === undefined ? {} : { limit }),
        ...(labels === undefined ? {} : { metadata: labels }),
        ...(cursor === undefined ? {} : { cursor }),
      },
      { signal },
    );
    return { source: 'v2', jobs: page.jobs, nextCursor: page.nextCursor };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 501) return v1Listing(context, clients, request);
    // The list has no id in its path, so a 404 can only mean the operation itself is missing.
    if (error.status === 404) return localListing(context, clients, request);
    throw error;
  }
}

async function v1Listing(context: CommandContext, clients: Clients, request: ListRequest): Promise<Listing> {
  const { args, out, signal } = context;
  if (request.labels !== undefined) {
    throw args.usageError(
      'This service lists jobs only through the v1 API (501 on v2), which cannot filter by label; drop --label.',
    );
  }
  out.note(v1Explanation);
  const limit = request.limit === undefined ? {} : { limit: request.limit };
  const v1 = await clients.v1.listJobs(limit, { signal });
  return { source: 'v1', jobs: v1.jobs, hasMore: v1.pagination?.has_more ?? false };
}

function localListing({ out, session }: CommandContext, clients: Clients, request: ListRequest): Listing {
  const profile = clients.target.profile;
  if (profile === null) {
    throw new CliError(
      'list_not_available',
      'This service has no job list (an older self-hosted build), and without a saved profile there is no local history to show.',
      'Save the connection with `loupe profiles add` and submit through it; Loupe keeps the history this list falls back to.',
    );
  }
  out.note(localExplanation);
  const { labels } = request;
  const rows = session.store().jobs.list(profile.id, { limit: request.limit ?? 200 }).rows;
  const matching = rows.filter(
    (row) =>
      labels === undefined || Object.entries(labels).every(([key, value]) => row.labels?.[key] === value),
  );
  return {
    source: 'local',
    jobs: matching.map((row) => ({
      id: row.jobId,
      status: row.status,
      createdAt: row.createdAt,
      labels: row.labels ?? {},
    })),
  };
}

/** v1 times are numbers; large ones are milliseconds, small ones seconds. */
function v1Time(value: number | null): string {
  if (value === null) return '';
  return new Date(value > 1e12 ? value : value * 1000).toISOString();
}

const list: CommandSpec = {
  words: ['jobs', 'list'],
  summary: 'List jobs, newest first',
  positionals: [],
  options: {
    limit: { type: 'string' },
    label: { type: 'string', multiple: true },
    cursor: { type: 'string' },
  },
  optionHelp: [
    { flag: '--limit N', text: 'at most N jobs (1 to 500)' },
    { flag: '--label k=v', text: 'only jobs with this label (repeatable, at most 3)' },
    { flag: '--cursor C', text: 'the next page, from a previous list\u2019s next cursor' },
  ],
  details:
    'On the managed service (no v2 list) the v1 list is shown instead; on an older proxy, the local history.',
  usesConnection: true,
  async run(context: CommandContext) {
    const { args } = context;
    // Arguments first: a bad --limit is a usage error even when no service is configured.
    const request = {
      limit: args.integer('limit', 1, 500),
      labels: readLabels(args),
      cursor: args.string('cursor'),
    };
    const clients = await context.session.clients();
    const listing = await listJobs(context, clients, request);
    const { out } = context;
    if (out.json) {
      out.document(listing);
      return exitCodes.ok;
    }
    if (listing.source === 'v2') {
      for (const line of jobListTable(listing.jobs)) out.line(line);
      if (listing.nextCursor !== null) out.note(`More: --cursor ${visible(listing.nextCursor)}`);
    } else if (listing.source === 'v1') {
      const rows = listing.jobs.map((job) => [
        job.id,
        `${job.status} (${job.rawStatus})`,
        v1Time(job.create_time),
        String(job.outputs_count ?? ''),
      ]);
      for (const line of table(['ID', 'STATUS', 'CREATED', 'OUTPUTS'], rows)) out.line(line);
      if (listing.hasMore) out.note('More jobs exist; raise --limit (up to 500) to see more.');
    } else {
      const rows = listing.jobs.map((job) => [
        job.id,
        job.status,
        job.createdAt,
        Object.entries(job.labels)
          .map(([k, v]) => `${k}=${v}`)
          .join(','),
      ]);
      for (const line of table(['ID', 'LAST SEEN STATUS', 'SUBMITTED', 'LABELS'], rows)) out.line(line);
    }
    if (listing.jobs.length === 0) out.note('No jobs.');
    return exitCodes.ok;
  },
};

export const jobListCommands: readonly CommandSpec[] = [list];
