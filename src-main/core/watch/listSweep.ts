// Refreshing many jobs with one request (the request budget's main tool). On serverless the v2 list is read
// newest first until every wanted job was seen, the page is older than the oldest of them, or the page limit
// is reached. On the managed service the v1 list is asked for in-flight jobs only (pending, in_progress), so
// one request covers hundreds; a wanted job missing from a list read to its end is no longer in flight, and
// only a GET can say how it ended.
import { ListCapability, type ListMode } from '../jobSources/listCapability';
import type { ServiceJobs } from '../jobSources/serviceJobs';
import { createdMsOf, type WireJob } from '../jobSources/wireJob';
import type { WatchConfig } from './config';
import type { RequestBudget } from './requestBudget';

export interface SweepTarget {
  id: string;
  createdMs: number | null;
}

export interface SweepOutcome {
  mode: Exclude<ListMode, 'none'>;
  /** Rows of wanted jobs the sweep saw. */
  rows: Map<string, WireJob>;
  /** Wanted jobs a complete in-flight list (v1) did not contain: they ended, or their status is unreadable. */
  leftInFlight: Set<string>;
}

/** A page that ends this long before the oldest wanted job cannot contain it (clock jitter allowed). */
const createdSlackMs = 60_000;

/** The oldest creation time among the targets; null when any is unknown (then no page is too old). */
function oldestCreated(targets: readonly SweepTarget[]): number | null {
  let oldest = Number.POSITIVE_INFINITY;
  for (const target of targets) {
    if (target.createdMs === null) return null;
    oldest = Math.min(oldest, target.createdMs);
  }
  return Number.isFinite(oldest) ? oldest : null;
}

export interface ListSweeperDeps {
  reader: ServiceJobs;
  capability: ListCapability;
  budget: RequestBudget;
  config: WatchConfig;
}

export class ListSweeper {
  constructor(private readonly deps: ListSweeperDeps) {}

  get canList(): boolean {
    return this.deps.capability.mode !== 'none';
  }

  /** Null when this surface cannot list (learned now or before) or the budget had no room. */
  async sweep(targets: readonly SweepTarget[]): Promise<SweepOutcome | null> {
    const mode = this.deps.capability.mode;
    if (mode === 'none') return null;
    try {
      const outcome = mode === 'v2' ? await this.sweepV2(targets) : await this.sweepV1(targets);
      this.deps.capability.note(mode);
      return outcome;
    } catch (error) {
      const fallback = ListCapability.fallbackFor(error, mode);
      if (fallback === null) throw error;
      this.deps.capability.note(fallback);
      return null;
    }
  }

  private async sweepV2(targets: readonly SweepTarget[]): Promise<SweepOutcome | null> {
    const { reader, budget, config } = this.deps;
    const wanted = new Set(targets.map((target) => target.id));
    const oldest = oldestCreated(targets);
    const rows = new Map<string, WireJob>();
    let cursor: string | null = null;
    for (let pages = 0; pages < config.maxListPages && wanted.size > 0; pages++) {
      if (!budget.take()) return pages === 0 ? null : { mode: 'v2', rows, leftInFlight: new Set() };
      const page = await reader.listV2({
        limit: config.listPageSize,
        ...(cursor === null ? {} : { cursor }),
      });
      budget.succeeded();
      for (const row of page.jobs) {
        if (wanted.delete(row.id)) rows.set(row.id, row);
      }
      const last = page.jobs.at(-1);
      const lastCreated = last === undefined ? null : createdMsOf(last);
      if (page.nextCursor === null) break;
      if (oldest !== null && lastCreated !== null && lastCreated < oldest - createdSlackMs) break;
      cursor = page.nextCursor;
    }
    return { mode: 'v2', rows, leftInFlight: new Set() };
  }

  private async sweepV1(targets: readonly SweepTarget[]): Promise<SweepOutcome | null> {
    const { reader, budget, config } = this.deps;
    const wanted = new Set(targets.map((target) => target.id));
    const rows = new Map<string, WireJob>();
    for (let pages = 0; pages < config.maxListPages; pages++) {
      if (!budget.take()) return pages === 0 ? null : { mode: 'v1', rows, leftInFlight: new Set() };
      const page = await reader.listV1({
        status: ['pending', 'in_progress'],
        sortBy: 'create_time',
        sortOrder: 'desc',
        limit: config.v1PageSize,
        offset: pages * config.v1PageSize,
      });
      budget.succeeded();
      for (const row of page.jobs) {
        if (wanted.delete(row.id)) rows.set(row.id, row);
      }
      // Only a list read to its end proves a job absent.
      if (!page.hasMore) return { mode: 'v1', rows, leftInFlight: wanted };
    }
    return { mode: 'v1', rows, leftInFlight: new Set() };
  }
}
