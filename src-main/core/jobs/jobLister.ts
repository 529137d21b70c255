// jobs.list: one list, newest first, that merges the surface's listing with Loupe's memory (issue 5, item 3).
// Serverless lists through v2 (label filters sent along, cursors); the managed service answers 501 and is
// listed through v1; an older self-hosted build has no list, so only the store speaks. Each page is a merge
// of the two newest-first streams: a remembered job is placed where its creation time puts it, and left out
// where the service listed it too. The page's cursor carries both positions (listCursor.ts).
import type { JobListArgs, JobListPage, JobSummary } from '../../../src-shared/contracts/jobs';
import { ApiError, type Connection } from '../api';
import { DomainError } from '../errors';
import type { JobWatcher } from '../watch/jobWatcher';
import { mergeListRow } from '../watch/merge';
import { ListCapability, type ListMode } from '../jobSources/listCapability';
import { decodeCursor, encodeCursor, firstCursor, type ListCursor, type ListSource } from './listCursor';
import { hasLabelFilters, isBeforeRange, matches, readFilters, type ListFilters } from './listFilters';
import { compareNewestFirst, type LocalHistory, type LocalJob } from '../jobSources/localHistory';
import { RememberedQueue } from '../jobSources/rememberedQueue';
import type { CreationPlace } from '../store';
import { noLocalFacts, toSummary } from '../jobSources/normalize';
import { pageFromService, type ServicePage } from './servicePages';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { createdMsOf, type WireJob } from '../jobSources/wireJob';

export interface JobListerDeps {
  profileId: string;
  api: ServiceJobs;
  capability: ListCapability;
  history: LocalHistory;
  watcher: JobWatcher;
  surfaceOffersLogs: boolean;
  /** Only a self-hosted build may lack the list; elsewhere a list that is not there means a wrong address. */
  surface: Connection['surface'];
  now: () => number;
  /** Names a page's rows by what they made (the library's titles). */
  nameJobs?: (jobs: JobSummary[]) => JobSummary[];
  /** Told of each service page's rows (the library's backlog); must not throw. */
  onListed?: (rows: readonly WireJob[]) => void;
}

const defaultLimit = 100;
/** The most remembered jobs read from the store at a time, however large the page asked. */
const maxQueueStretch = 500;
/** Service pages one call may read while filters drop rows, before it returns what it has. */
const maxServiceFetches = 5;

const notices = {
  v1: 'This service does not list jobs through its current API; showing its older (v1) job list together with the jobs Loupe remembers.',
  v1Labels:
    'This service cannot filter its job list by label; showing only the jobs Loupe remembers with these labels.',
  local:
    'This server cannot list jobs (an older build); showing the jobs Loupe has seen on it. Jobs started elsewhere do not appear.',
  offline:
    'Loupe could not reach the service, so this list shows only the jobs it remembers; it may be out of date.',
  remembered: 'Showing the jobs Loupe remembers while it asks the service for its list.',
} as const;

interface Entry {
  summary: JobSummary;
  createdMs: number | null;
}

export class JobLister {
  constructor(private readonly deps: JobListerDeps) {}

  async list(args: JobListArgs): Promise<JobListPage> {
    const filters = readFilters(args);
    const limit = args.limit ?? defaultLimit;
    const cursor =
      args.cursor === undefined || args.cursor === null
        ? null
        : decodeCursor(args.cursor, this.deps.profileId);
    if (cursor !== null) return this.page(cursor, filters, limit);
    if (args.rememberedOnly === true) {
      const remembered = await this.page(firstCursor(this.deps.profileId, 'local'), filters, limit);
      return { ...remembered, notice: notices.remembered };
    }

    let mode: ListMode = this.deps.capability.mode;
    for (let attempt = 0; attempt < 3; attempt++) {
      const source = sourceFor(mode, filters);
      try {
        return await this.page(firstCursor(this.deps.profileId, source), filters, limit);
      } catch (error) {
        if (this.deps.surface !== 'self-hosted' && isNotFound(error)) throw noServiceHere(this.deps.surface);
        const fallback = ListCapability.fallbackFor(error, mode);
        if (fallback !== null) {
          this.deps.capability.note(fallback);
          mode = fallback;
          continue;
        }
        // Unreachable: what Loupe remembers, said to be that (the notice names it).
        if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) {
          return this.page(firstCursor(this.deps.profileId, 'local'), filters, limit);
        }
        throw error;
      }
    }
    return this.page(firstCursor(this.deps.profileId, 'local'), filters, limit);
  }

  private async page(cursor: ListCursor, filters: ListFilters, limit: number): Promise<JobListPage> {
    // Remembered jobs after both positions: read from the store a stretch at a time, as the page uses them.
    const queue = new RememberedQueue(
      this.deps.history,
      laterOf(cursor.localAfter, cursor.serviceAfter),
      Math.min(limit + 1, maxQueueStretch),
    );
    const rows: Entry[] = [];
    const next: ListCursor = { ...cursor };
    // Remembered jobs the service listed in this call: passed over, never shown twice.
    const listed = new Set<string>();
    const takeLocalWhile = (before: (job: LocalJob) => boolean): void => {
      for (let job = queue.peek(); job !== undefined && before(job); job = queue.peek()) {
        queue.take();
        next.localAfter = [job.createdMs, job.wire.id];
        if (listed.has(job.wire.id)) continue;
        const entry = this.localEntry(job);
        if (matches(entry.summary, entry.createdMs, filters)) rows.push(entry);
      }
    };

    for (let fetches = 0; cursor.source !== 'local' && !next.serviceDone && rows.length < limit; fetches++) {
      if (fetches >= maxServiceFetches) break;
      const page = await pageFromService(this.deps.api, next, filters, limit);
      const byId = this.deps.history.byIds(page.rows.map((row) => row.id));
      this.deps.watcher.trackRows(page.rows, {
        cannotTellCanceling: cursor.source === 'v1',
        notedGone: notedGone(page.rows, byId),
      });
      this.noteListed(page.rows);
      for (const row of page.rows) listed.add(row.id);
      this.mergePage(page, rows, filters, byId, (job) => listed.has(job.wire.id), takeLocalWhile, next);
    }
    if (cursor.source === 'local' || next.serviceDone) {
      takeLocalWhile(() => rows.length < limit);
    }
    const exhausted = (cursor.source === 'local' || next.serviceDone) && queue.peek() === undefined;
    return {
      jobs: this.named(rows.map((row) => row.summary)),
      nextCursor: exhausted ? null : encodeCursor(next),
      source: cursor.source,
      notice: noticeFor(cursor.source, this.deps.capability.mode, filters),
    };
  }

  private named(jobs: JobSummary[]): JobSummary[] {
    return this.deps.nameJobs === undefined ? jobs : this.deps.nameJobs(jobs);
  }

  private noteListed(rows: readonly WireJob[]): void {
    try {
      this.deps.onListed?.(rows);
    } catch (error) {
      // The list still answers; only the library's reading of these jobs waits for the next list.
      console.error('Listed jobs could not be queued for the library', error);
    }
  }

  private mergePage(
    page: ServicePage,
    rows: Entry[],
    filters: ListFilters,
    byId: ReadonlyMap<string, LocalJob>,
    skipListed: (job: LocalJob) => boolean,
    takeLocalWhile: (before: (job: LocalJob) => boolean) => void,
    next: ListCursor,
  ): void {
    for (const row of page.rows) {
      const createdMs = createdMsOf(row);
      if (isBeforeRange(createdMs, filters)) {
        next.serviceDone = true;
        break;
      }
      if (createdMs !== null) {
        const key = { createdMs, id: row.id };
        next.serviceAfter = [createdMs, row.id];
        takeLocalWhile((job) => skipListed(job) || compareNewestFirst({ ...job, id: job.wire.id }, key) < 0);
      }
      const entry = this.serviceEntry(row, byId.get(row.id) ?? null, page.mode === 'v1');
      if (matches(entry.summary, entry.createdMs, filters)) rows.push(entry);
    }
    // Remembered rows the service listed on this page are done with, wherever they sorted.
    takeLocalWhile(skipListed);
    next.serviceCursor = page.nextCursor;
    next.v1Offset += page.consumed;
    if (!page.hasMore) next.serviceDone = true;
  }

  private serviceEntry(row: WireJob, remembered: LocalJob | null, v1: boolean): Entry {
    const known = this.deps.watcher.wireOf(row.id) ?? remembered?.wire ?? null;
    const wire = mergeListRow(known, row, { cannotTellCanceling: v1 }).wire ?? known ?? row;
    const local = this.deps.watcher.snapshotOf(row.id) ?? null;
    const summary = toSummary(wire, {
      profileId: this.deps.profileId,
      observedAt: new Date(this.deps.now()).toISOString(),
      local:
        local !== null
          ? {
              submittedByUs: local.submittedByUs,
              retryOf: local.retryOf,
              retries: local.retries,
              sentLabels: remembered?.local.sentLabels ?? null,
              batchId: local.batchId,
            }
          : // The service listed it just now: whatever 404 it gave before, it knows the job again.
            { ...(remembered?.local ?? noLocalFacts), goneAt: null },
      surfaceOffersLogs: this.deps.surfaceOffersLogs,
    });
    return { summary, createdMs: createdMsOf(wire) };
  }

  private localEntry(job: LocalJob): Entry {
    const wire = this.deps.watcher.wireOf(job.wire.id) ?? job.wire;
    const summary = toSummary(wire, {
      profileId: this.deps.profileId,
      observedAt: job.observedAt,
      local: job.local,
      surfaceOffersLogs: this.deps.surfaceOffersLogs,
    });
    return { summary, createdMs: job.createdMs };
  }
}

function sourceFor(mode: ListMode, filters: ListFilters): ListSource {
  if (mode === 'v2') return 'service';
  // The v1 list knows no labels: with label filters only remembered jobs can answer.
  if (mode === 'v1') return hasLabelFilters(filters) ? 'local' : 'v1';
  return 'local';
}

function noticeFor(source: ListSource, mode: ListMode, filters: ListFilters): string | null {
  if (source === 'v1') return notices.v1;
  if (source !== 'local') return null;
  if (mode === 'none') return notices.local;
  // A surface that lists, answered from memory: labels v1 cannot filter by, or the service was unreachable.
  return mode === 'v1' && hasLabelFilters(filters) ? notices.v1Labels : notices.offline;
}

/** Of two positions in the newest-first order, the one further along (null: the start). */
function laterOf(a: [number, string] | null, b: [number, string] | null): CreationPlace | null {
  const later = a === null ? b : b === null ? a : compareNewestFirst(place(a), place(b)) >= 0 ? a : b;
  return later === null ? null : { createdMs: later[0], jobId: later[1] };
}

function place([createdMs, id]: [number, string]): { createdMs: number; id: string } {
  return { createdMs, id };
}

/** The list has no id in its path, so a 404 on it (in any form) means the operation is not at this address. */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && error.status === 404;
}

function noServiceHere(surface: Connection['surface']): DomainError {
  const fix =
    surface === 'serverless'
      ? "A serverless deployment is served under its mount path: use the deployment's full base URL, with " +
        'its prefix as the deployment page shows it, not only its host.'
      : "Check the address: it should be the service's base URL, under which /api/v2 is served.";
  return new DomainError(
    'service_not_found',
    `Nothing answers for the job list at this address (404), so it is not the service's base URL. ${fix}`,
    { status: 404 },
  );
}

/** The listed jobs the store notes as gone from the service (a 404 that a list now contradicts). */
function notedGone(rows: readonly WireJob[], byId: ReadonlyMap<string, LocalJob>): Set<string> {
  const gone = new Set<string>();
  for (const row of rows) if (byId.get(row.id)?.local.goneAt != null) gone.add(row.id);
  return gone;
}
