// After a submission whose outcome is unknown (a 5xx or a lost answer; the key stays claimed, so a resend
// would only be refused), find the job it may have created (spec, Idempotency-Key rule 5: "the client polls or
// lists jobs"). Candidates are the newest jobs the service lists that Loupe does not already know and that
// were created around the submission; one is ours only if its executed workflow is the one we sent. One
// match is found; none, or more than one, stays "maybe created" — a guess would risk a double or a wrong link.
import { isApiError, type Sleep } from '../api';
import { ListCapability } from '../jobSources/listCapability';
import type { LocalHistory } from '../jobSources/localHistory';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { createdMsOf, type WireJob } from '../jobSources/wireJob';

export interface ReconcilerDeps {
  api: ServiceJobs;
  capability: ListCapability;
  history: LocalHistory;
  sleep: Sleep;
  /**
   * Whether an outbox item already names this job. A job Loupe recorded as its own that no item names was
   * made by a submission whose sender stopped between recording the job and recording the answer: it is a
   * candidate. Absent: every remembered job is taken as accounted for.
   */
  isClaimed?: (jobId: string) => boolean;
  /** Looks (list + workflow reads) this many times, `delayMs` apart: a new job may take a moment to list. */
  attempts?: number;
  delayMs?: number;
}

/** Server and client clocks differ; a candidate created this long before the submission is still one. */
const clockSkewMs = 10 * 60_000;
const candidatesPerLook = 20;
const pageSize = 100;
/** Pages read back to the submission's time at most: a busy account's list is long; a look must stay cheap. */
const maxPages = 20;

/** JSON equality that ignores key order (the service may re-serialize the graph). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = Object.entries(a);
  const right = new Map(Object.entries(b));
  return (
    left.length === right.size &&
    left.every(([key, value]) => right.has(key) && sameJson(value, right.get(key)))
  );
}

export class SubmissionReconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  /** The job this workflow's submission created, read fresh; null when it cannot be told for sure. */
  async find(workflow: Record<string, unknown>, sentAtMs: number): Promise<WireJob | null> {
    const attempts = this.deps.attempts ?? 3;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await this.deps.sleep(this.deps.delayMs ?? 1_000);
      const candidates = await this.candidates(sentAtMs);
      if (candidates === null) return null;
      const matching: string[] = [];
      // Closest to the moment it was sent first: the job it made was created then, others on the account later.
      const nearest = [...candidates].sort((a, b) => distance(a, sentAtMs) - distance(b, sentAtMs));
      for (const candidate of nearest.slice(0, candidatesPerLook)) {
        if (await this.ranWorkflow(candidate.id, workflow)) matching.push(candidate.id);
      }
      const [only, ...others] = matching;
      if (only !== undefined) return others.length === 0 ? this.deps.api.read(only) : null;
    }
    return null;
  }

  /**
   * Jobs created around or after the submission that Loupe does not know, newest first, read page after page
   * back to the submission's time (a batch's early item may be hundreds of jobs down the list); null when
   * this surface cannot list at all.
   */
  private async candidates(sentAtMs: number): Promise<WireJob[] | null> {
    const since = sentAtMs - clockSkewMs;
    const found: WireJob[] = [];
    let cursor: string | undefined;
    let offset = 0;
    for (let page = 0; page < maxPages; page++) {
      const read = await this.page(cursor, offset);
      if (read === null) return null;
      let older = false;
      for (const row of read.rows) {
        const created = createdMsOf(row);
        if (created !== null && created < since) older = true;
        else if (this.unaccounted(row.id)) found.push(row);
      }
      if (older || read.next === null) break;
      cursor = read.next.cursor;
      offset = read.next.offset;
    }
    return found;
  }

  /** One list page, newest first, on whichever list this surface offers. */
  private async page(
    cursor: string | undefined,
    offset: number,
  ): Promise<{ rows: WireJob[]; next: { cursor?: string; offset: number } | null } | null> {
    const { api, capability } = this.deps;
    for (;;) {
      const mode = capability.mode;
      if (mode === 'none') return null;
      try {
        if (mode === 'v2') {
          const read = await api.listV2({ limit: pageSize, ...(cursor === undefined ? {} : { cursor }) });
          return {
            rows: read.jobs,
            next: read.nextCursor === null ? null : { cursor: read.nextCursor, offset: 0 },
          };
        }
        const read = await api.listV1({ limit: pageSize, offset, sortBy: 'create_time', sortOrder: 'desc' });
        return { rows: read.jobs, next: read.hasMore ? { offset: offset + read.jobs.length } : null };
      } catch (error) {
        const fallback = ListCapability.fallbackFor(error, mode);
        if (fallback === null) throw error;
        capability.note(fallback);
      }
    }
  }

  /** Not a job Loupe knows of, or one it submitted that no outbox item has claimed yet. */
  private unaccounted(jobId: string): boolean {
    const known = this.deps.history.one(jobId);
    if (known === null) return true;
    const isClaimed = this.deps.isClaimed;
    return isClaimed !== undefined && known.local.submittedByUs && !isClaimed(jobId);
  }

  private async ranWorkflow(jobId: string, workflow: Record<string, unknown>): Promise<boolean> {
    try {
      const document = await this.deps.api.jobs.workflow(jobId);
      return document.format === 'api' && sameJson(document.workflow, workflow);
    } catch (error) {
      // A job that vanished or cannot be read is simply not a match.
      if (isApiError(error)) return false;
      throw error;
    }
  }
}

/** How far a job's creation is from a moment; one with no time is taken as far. */
function distance(job: WireJob, atMs: number): number {
  const created = createdMsOf(job);
  return created === null ? Number.MAX_SAFE_INTEGER : Math.abs(created - atMs);
}
