// GET /api/v2/jobs: newest first, keyset cursors (each job once across pages even while new jobs
// arrive), label filters. Serverless lists with labels; the self-hosted proxy lists but keeps no
// labels, so any filtered list there is empty; the managed service answers 501.
import { sendJson } from '../http';
import type { RouteContext } from '../types';
import type { JobEngine } from './jobEngine';
import { listItemJson } from './jobJson';
import type { JobRecord } from './jobModel';
import { encodeCursor, parseListQuery } from './listQuery';

/** List errors may carry the caller's organization (spec "Error envelope"). */
const organizationId = 'org-simulator';

function sendListError(ctx: RouteContext, status: number, code: string, message: string): void {
  sendJson(ctx.res, status, { error: { code, message, details: null, organization_id: organizationId } });
}

function matchesFilters(job: JobRecord, filters: ReadonlyMap<string, string>): boolean {
  if (filters.size === 0) return true;
  if (job.labels === null) return false;
  for (const [key, value] of filters) {
    if (job.labels[key] !== value) return false;
  }
  return true;
}

export function handleList(ctx: RouteContext, owner: string, engine: JobEngine): void {
  if (engine.surface === 'managed') {
    return sendListError(
      ctx,
      501,
      'not_implemented',
      'Job listing is not available on this service. Use the v1 job list.',
    );
  }
  const parsed = parseListQuery(ctx.url.search.replace(/^\?/, ''));
  if (!parsed.ok) return sendListError(ctx, parsed.status, parsed.code, parsed.message);
  const { limit, afterSeq, filters } = parsed.query;
  const matching = engine.store
    .listVisible(owner)
    .filter((job) => (afterSeq === null || job.seq < afterSeq) && matchesFilters(job, filters));
  const page = matching.slice(0, limit);
  const body: Record<string, unknown> = { jobs: page.map(listItemJson) };
  const last = page.at(-1);
  if (matching.length > limit && last) body.next_cursor = encodeCursor(last.seq);
  sendJson(ctx.res, 200, body);
}
